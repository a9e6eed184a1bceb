import { Outlet, ScrollRestoration, useLoaderData, useNavigation } from 'react-router';
import { useT } from '../lib/i18n';
import { PublicFrame } from './public-frame';
import type { SiteContext } from '../lib/site-settings';

export { PublicLayoutFallback } from './public-frame';

/** A slim bar at the top of the window while the next page (its code or its data) loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const t = useT();
  if (navigation.state === 'idle') return null;
  return <div className="nav-progress" role="progressbar" aria-label={t('layout.loadingPage')} />;
}

export function PublicLayout() {
  const site = useLoaderData() as SiteContext;
  return (
    <PublicFrame site={site} progress={<NavigationProgress />} after={<ScrollRestoration />}>
      <Outlet />
    </PublicFrame>
  );
}
