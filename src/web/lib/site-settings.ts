import { createContext, useContext } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { route } from '#shared/api-route';
import { CONSENT_API } from '#shared/consent/consent.api';
import type { PublicNotices, publicNoticesSchema } from '#shared/consent/consent.contract';
import { DEFAULT_LANGUAGE, splitLanguage } from '#shared/i18n/languages';
import type { SiteSettings } from '#shared/site';
import { SYSTEM_ROUTES } from '#shared/system/system.api';
import { api } from './api-client';

/** The id of the public layout route, whose loader holds the studio's details for every public page. */
export const SITE_ROUTE_ID = 'site';
/** The id of a channel's short-link route (`/s/<code>`), whose loader holds the channel's page data. */
export const CHANNEL_LINK_ROUTE_ID = 'channel-link';
/** The id of a channel's embed route (`/embed/<code>`, decision 0034), whose loader holds the studio's details and the channel's page data. */
export const EMBED_ROUTE_ID = 'channel-embed';

/** The studio's details plus the site's public origin (for canonical links and structured data) and the forms' notices. */
export type SiteContext = SiteSettings & { origin: string; notices: PublicNotices };

/**
 * The forms' notices, the answer named by type only: every public page loads this file, and zod stays
 * out of it. Declared here, not in consent.api.ts, which imports nothing of its contract (the contract
 * takes the paths from it).
 */
const NOTICES = route<typeof publicNoticesSchema>('GET', CONSENT_API.notices);

/** Loads the studio's details once for the whole public site (the layout route does not revalidate). */
export async function siteLoader({ request }: LoaderFunctionArgs): Promise<SiteContext> {
  const url = new URL(request.url);
  // The forms' notices in the page's language (decision 0027): a language's pages are under its prefix.
  const { language } = splitLanguage(url.pathname);
  const [settings, notices] = await Promise.all([
    api.call(SYSTEM_ROUTES.site),
    api.call(NOTICES, language === DEFAULT_LANGUAGE ? undefined : { query: new URLSearchParams({ language }) }),
  ]);
  // On the server the request carries the public base URL; in the browser, the page's own address.
  return { ...settings, origin: url.origin, notices };
}

/** The studio's name, address, phone, e-mail and social links, for any page inside the public layout. */
export function useSiteSettings(): SiteContext {
  const site = useOptionalSiteSettings();
  if (!site) throw new Error('useSiteSettings is only available inside the public layout.');
  return site;
}

const SiteSettingsContext = createContext<SiteContext | undefined>(undefined);

/**
 * Provided by the app's router bridge (the public layout route's loader data) and by the landing
 * page, which starts without the router (start-landing.tsx).
 */
export const SiteSettingsProvider = SiteSettingsContext;

/** The same, or undefined outside the public layout (staff pages). */
export function useOptionalSiteSettings(): SiteContext | undefined {
  return useContext(SiteSettingsContext);
}

/**
 * "+91 80 4123 4567" → "tel:+918041234567". The server sends the studio's numbers with their
 * country already (config.ts), so the public pages need no phone rules of their own.
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
