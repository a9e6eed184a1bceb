import type { LazyRouteFunction, RouteObject } from 'react-router';
import { paths } from '../../shared/paths';
import { PublicLayout, PublicLayoutFallback } from './public-layout';
import { RouteError } from './route-error';
import { SITE_ROUTE_ID, siteLoader } from './site-settings';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

// Page modules are code-split and loaded lazily: each exports `Component` and, where it needs
// data, `loader`. `handle.file` names the module so the server can link its CSS and preload its
// chunk when it renders the page.
const pageModules = import.meta.glob<RouteModule>(['../features/**/*-page.tsx', '../features/**/*-layout.tsx']);

function page(file: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[`../features/${file}`];
  if (!load) throw new Error(`No page module features/${file}`);
  return { lazy: load, handle: { file: `features/${file}` } };
}

const rel = (path: string) => path.replace(/^\//, '');
const inDashboard = (path: string) => path.slice(`${paths.dashboard}/`.length);

// Public pages never import antd or SurveyJS (only /startsurvey loads SurveyJS).
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
      { index: true, ...page('campaigns/landing-page.tsx') },
      { path: rel(paths.startSurvey), ...page('campaigns/start-survey-page.tsx') },
      { path: rel(paths.result), ...page('campaigns/result-page.tsx') },
      { path: rel(paths.projects), ...page('listings/projects-page.tsx') },
      { path: rel(paths.products), ...page('listings/products-page.tsx') },
      { path: rel(paths.studio), ...page('listings/studios-page.tsx') },
      { path: rel(paths.contact), ...page('contact/contact-page.tsx') },
      { path: rel(paths.about), ...page('site/about-page.tsx') },
      { path: rel(paths.login), ...page('auth/login-page.tsx') },
      { path: rel(paths.logout), ...page('auth/logout-page.tsx') },
      { path: '*', ...page('site/not-found-page.tsx') },
    ],
  },
  {
    // Everything under /dashboard: antd lives in these chunks only; the layout's loader guards them.
    path: paths.dashboard,
    ...page('dashboard/dashboard-layout.tsx'),
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100vh', background: '#f5f7fb' }} />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page('campaigns/staff/campaigns-page.tsx') },
      { path: inDashboard(paths.leads), ...page('leads/staff/leads-page.tsx') },
      { path: `${inDashboard(paths.leads)}/:id`, ...page('leads/staff/lead-page.tsx') },
      { path: inDashboard(paths.surveyCards), ...page('campaigns/staff/campaigns-page.tsx') },
      { path: inDashboard(paths.campaignNew), ...page('campaigns/staff/designer-page.tsx') },
      { path: inDashboard(paths.campaignEdit), ...page('campaigns/staff/designer-page.tsx') },
      { path: inDashboard(paths.creator), ...page('campaigns/staff/designer-page.tsx') },
      { path: inDashboard(paths.campaignResult), ...page('campaigns/staff/results-page.tsx') },
      { path: inDashboard(paths.emailView), ...page('campaigns/staff/email-view-page.tsx') },
      { path: inDashboard(paths.staffProjects), ...page('listings/staff/project-admin-page.tsx') },
      { path: inDashboard(paths.staffDecor), ...page('listings/staff/decor-admin-page.tsx') },
      { path: inDashboard(paths.staffStudio), ...page('listings/staff/studio-admin-page.tsx') },
      { path: inDashboard(paths.contactResponses), ...page('contact/staff/contact-responses-page.tsx') },
      { path: inDashboard(paths.contactResponsesAlt), ...page('contact/staff/contact-responses-page.tsx') },
      { path: inDashboard(paths.settingsWebhooks), ...page('notifications/staff/webhooks-page.tsx') },
      { path: inDashboard(paths.settingsMail), ...page('notifications/staff/mail-page.tsx') },
      { path: '*', ...page('site/not-found-page.tsx') },
    ],
  },
];
