// The app's root route element: hands React Router's links, location and navigation, and the public
// layout's loader data, to the components the landing page also renders without the router
// (#web/lib/site-nav, site-settings.ts). What they do inside the app is React Router's own.
import { useMemo } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { SiteNavProvider, type SiteNav } from '../lib/site-nav';
import { SITE_ROUTE_ID, SiteSettingsProvider, type SiteContext } from '../lib/site-settings';

export function RouterBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  const site = useRouteLoaderData(SITE_ROUTE_ID) as SiteContext | undefined;
  const nav = useMemo<SiteNav>(() => ({ location, navigate, Link, NavLink }), [location, navigate]);
  return (
    <SiteNavProvider value={nav}>
      <SiteSettingsProvider value={site}>
        <Outlet />
      </SiteSettingsProvider>
    </SiteNavProvider>
  );
}
