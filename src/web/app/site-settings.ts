import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../shared/site';
import { api } from '../lib/api-client';

/** The id of the public layout route, whose loader holds the studio's details for every public page. */
export const SITE_ROUTE_ID = 'site';

/** Loads the studio's details once for the whole public site (the layout route does not revalidate). */
export function siteLoader(): Promise<SiteSettings> {
  return api.get<SiteSettings>('/api/site');
}

/** The studio's name, address, phone, e-mail and social links, for any page inside the public layout. */
export function useSiteSettings(): SiteSettings {
  const site = useRouteLoaderData(SITE_ROUTE_ID) as SiteSettings | undefined;
  if (!site) throw new Error('useSiteSettings is only available inside the public layout.');
  return site;
}

/** "+91 80 4123 4567" → "tel:+918041234567" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
