import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLoaderData, useLocation, useNavigation } from 'react-router';
import { JsonLd } from '../components/json-ld';
import { useT } from '../lib/i18n';
import type { SiteContext } from './site-settings';
import { localBusiness } from './structured-data';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './public-layout.css';

/** A slim bar at the top of the window while the next page (its code or its data) loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const t = useT();
  if (navigation.state === 'idle') return null;
  return <div className="nav-progress" role="progressbar" aria-label={t('layout.loadingPage')} />;
}

/**
 * After a client-side navigation, focus would stay on the link that was followed (or be lost with a
 * closed menu): move it to the new page's content, unless the page has put it somewhere already.
 */
function useFocusMainOnNavigation() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
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

export function PublicLayout() {
  const site = useLoaderData() as SiteContext;
  const main = useFocusMainOnNavigation();
  const t = useT();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <NavigationProgress />
      <SiteHeader studioName={site.name} />
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <SiteFooter site={site} />
      <JsonLd data={localBusiness(site)} />
      <ScrollRestoration />
    </div>
  );
}
