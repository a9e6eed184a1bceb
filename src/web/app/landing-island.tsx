// The landing page without React Router (its first-view script budget: decision 0026).
// `/` and `/hi/` are rendered on the server with this very tree (src/web/entry-server.tsx) and
// hydrated with it (src/web/start-landing.tsx), so both sides agree node for node. Its links are plain
// links until then; once hydrated, following one (or starting the survey) hands the page over to the
// app, which the page fetched once idle: the next page opens as a client-side navigation would.
import { StrictMode, useCallback, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import type { Catalogue } from '#shared/i18n/catalogues';
import type { ChannelLink } from '#shared/channels/channels.contract';
import { localizedPath, type Language } from '#shared/i18n/languages';
import { Component as LandingPage } from '../features/responses/landing-page';
import { I18nProvider, useLanguage, useT } from '../lib/i18n';
import { SiteNavProvider, useSiteLocation, useSiteNavigate, type SiteLinkProps, type SiteLocation, type SiteNav, type SiteNavLinkProps } from '../lib/site-nav';
import { PublicFrame } from './public-frame';
import { SiteSettingsProvider, type SiteContext } from '../lib/site-settings';

/** The path the landing page's route answers, without the language's prefix. */
export const LANDING_PATH = '/';

/** A plain left click, which the app handles itself; anything else (a new tab, a download) is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** Follows the link inside the app; should the app not load (offline, a new deploy), as a plain link. */
function useFollow(href: string, to: string) {
  const navigate = useSiteNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void Promise.resolve(navigate(to)).catch(() => window.location.assign(href));
  };
}

function PlainLink({ to, ...props }: SiteLinkProps) {
  const language = useLanguage();
  const href = localizedPath(language, to);
  return <a href={href} onClick={useFollow(href, to)} {...props} />;
}

/** As React Router's NavLink renders: `active` added to the class, `aria-current="page"`. */
function PlainNavLink({ to, end, className, ...props }: SiteNavLinkProps) {
  const language = useLanguage();
  const { pathname } = useSiteLocation();
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  const active = here === there || (!end && there !== '/' && here.startsWith(`${there}/`));
  const href = localizedPath(language, to);
  const follow = useFollow(href, to);
  return (
    <a
      href={href}
      onClick={follow}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
      {...props}
    />
  );
}

export interface LandingIslandProps {
  language: Language;
  messages: Catalogue;
  site: SiteContext;
  location: SiteLocation;
  /** A navigation the page makes itself (the survey's start). */
  navigate: SiteNav['navigate'];
  /** On a channel's short link (`/s/<code>`): the channel's page data; its campaign's landing page is shown. */
  channel?: ChannelLink | undefined;
  /** Called once the page is hydrated, after its components' effects (start-landing.tsx). */
  onHydrated?: (() => void) | undefined;
}

/** The app's navigation bar (public-layout.tsx) while the app takes over. */
function LeavingProgress() {
  const t = useT();
  return <div className="nav-progress" role="progressbar" aria-label={t('layout.loadingPage')} />;
}

export function LandingIsland({ language, messages, site, location, navigate, channel, onHydrated }: LandingIslandProps) {
  // The island's own effect runs after those of the page inside it (the fields have taken what was typed).
  useEffect(() => onHydrated?.(), [onHydrated]);
  const [leaving, setLeaving] = useState(false);
  const leave = useCallback<SiteNav['navigate']>(
    async (to, options) => {
      setLeaving(true);
      try {
        await navigate(to, options);
      } catch (error) {
        setLeaving(false);
        throw error;
      }
    },
    [navigate],
  );
  // The survey's first page, shown in this frame at the click (responses/light-survey.tsx).
  const [inPlace, setInPlace] = useState<ReactNode | null>(null);
  const nav = useMemo<SiteNav>(() => ({ location, navigate: leave, Link: PlainLink, NavLink: PlainNavLink, showInPlace: setInPlace }), [location, leave]);
  return (
    <StrictMode>
      <I18nProvider language={language} messages={messages}>
        <SiteNavProvider value={nav}>
          <SiteSettingsProvider value={site}>
            <PublicFrame site={site} progress={leaving ? <LeavingProgress /> : null}>
              {inPlace ?? <LandingPage channel={channel} />}
            </PublicFrame>
          </SiteSettingsProvider>
        </SiteNavProvider>
      </I18nProvider>
    </StrictMode>
  );
}
