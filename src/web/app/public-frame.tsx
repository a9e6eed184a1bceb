import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { JsonLd } from '../components/json-ld';
import { useT } from '../lib/i18n';
import { useSiteLocation } from '../lib/site-nav';
import type { SiteContext } from '../lib/site-settings';
import { localBusiness } from '../lib/structured-data';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './public-layout.css';

/**
 * After a client-side navigation, focus would stay on the link that was followed (or be lost with a
 * closed menu): move it to the new page's content, unless the page has put it somewhere already.
 */
function useFocusMainOnNavigation() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useSiteLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (!main.current || (active && active !== document.body && main.current.contains(active))) return;
    main.current.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/** The frame without content, shown while the first page's data loads in the browser. */
export function PublicLayoutFallback() {
  return (
    <div className="site">
      <header className="site-header">
        <div className="site-header__inner" />
      </header>
      <main className="site-main" aria-busy="true" />
    </div>
  );
}

interface PublicFrameProps {
  site: SiteContext;
  /** Shown above the header while the next page loads (the app's navigation progress). */
  progress?: ReactNode;
  /** The page. */
  children: ReactNode;
  /** After the footer (the app's scroll restoration). */
  after?: ReactNode;
}

/**
 * The public site's frame around a page, without React Router: the landing page renders it on its
 * own (start-landing.tsx), the app's layout route with the router's parts.
 */
export function PublicFrame({ site, progress, children, after }: PublicFrameProps) {
  const main = useFocusMainOnNavigation();
  const t = useT();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {progress}
      {/* Boundaries of their own (nothing in them suspends): a server-rendered page hydrates each
          apart, so a key typed before hydration is done waits for its own part of the page, not the
          header's and footer's too (docs/decisions/0031). */}
      <Suspense fallback={null}>
        <SiteHeader studioName={site.name} />
      </Suspense>
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        {children}
      </main>
      <Suspense fallback={null}>
        <SiteFooter site={site} />
      </Suspense>
      <JsonLd data={localBusiness(site)} />
      {after}
    </div>
  );
}
