import type { RouteObject } from 'react-router';
import { paths } from '../../shared/paths';
import { PublicLayout, PublicLayoutFallback } from './public-layout';
import { RouteError } from './route-error';
import { SITE_ROUTE_ID, siteLoader } from './site-settings';

// Route modules are loaded lazily: each exports `Component` and, where it needs data, `loader`.
// Public pages never import antd or SurveyJS (only /startsurvey loads SurveyJS).
const rel = (path: string) => path.replace(/^\//, '');

export const routes: RouteObject[] = [
  {
    id: SITE_ROUTE_ID,
    element: <PublicLayout />,
    hydrateFallbackElement: <PublicLayoutFallback />,
    errorElement: <RouteError />,
    // The studio's details, fetched once for every public page.
    loader: siteLoader,
    shouldRevalidate: () => false,
    children: [
      { index: true, lazy: () => import('../features/campaigns/landing-page') },
      { path: rel(paths.startSurvey), lazy: () => import('../features/campaigns/start-survey-page') },
      { path: rel(paths.result), lazy: () => import('../features/campaigns/result-page') },
      { path: rel(paths.projects), lazy: () => import('../features/listings/projects-page') },
      { path: rel(paths.products), lazy: () => import('../features/listings/products-page') },
      { path: rel(paths.studio), lazy: () => import('../features/listings/studios-page') },
      { path: rel(paths.contact), lazy: () => import('../features/contact/contact-page') },
      { path: rel(paths.about), lazy: () => import('../features/site/about-page') },
      { path: rel(paths.login), lazy: () => import('../features/auth/login-page') },
      { path: rel(paths.logout), lazy: () => import('../features/auth/logout-page') },
      { path: '*', lazy: () => import('../features/site/not-found-page') },
    ],
  },
  {
    // Everything under /dashboard: antd lives in these chunks only; the layout's loader guards them.
    path: paths.dashboard,
    lazy: () => import('../features/dashboard/dashboard-layout'),
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100vh', background: '#f5f7fb' }} />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../features/campaigns/staff/campaigns-page') },
      { path: rel(paths.surveyCards).slice('dashboard/'.length), lazy: () => import('../features/campaigns/staff/campaigns-page') },
      { path: 'campaign/new', lazy: () => import('../features/campaigns/staff/designer-page') },
      { path: 'campaign/edit', lazy: () => import('../features/campaigns/staff/designer-page') },
      { path: 'creator', lazy: () => import('../features/campaigns/staff/designer-page') },
      { path: 'campaign/result', lazy: () => import('../features/campaigns/staff/results-page') },
      { path: 'emailview', lazy: () => import('../features/campaigns/staff/email-view-page') },
      { path: 'project', lazy: () => import('../features/listings/staff/project-admin-page') },
      { path: 'decor', lazy: () => import('../features/listings/staff/decor-admin-page') },
      { path: 'studio', lazy: () => import('../features/listings/staff/studio-admin-page') },
      { path: 'fetch/contactus', lazy: () => import('../features/contact/staff/contact-responses-page') },
      { path: 'conatctusview', lazy: () => import('../features/contact/staff/contact-responses-page') },
      { path: '*', lazy: () => import('../features/site/not-found-page') },
    ],
  },
];
