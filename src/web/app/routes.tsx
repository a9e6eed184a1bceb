import type { LazyRouteFunction, RouteObject } from 'react-router';
import { paths } from '#shared/paths';
import { setPageLoader } from '../lib/page-preload';
import { PublicLayout, PublicLayoutFallback } from './public-layout';
import { RouterBridge } from './router-bridge';
import { RouteError } from './route-error';
import { CHANNEL_LINK_ROUTE_ID, EMBED_ROUTE_ID, SITE_ROUTE_ID, siteLoader } from '../lib/site-settings';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

// Page modules are code-split and loaded lazily: each exports `Component` and, where it needs
// data, `loader`. `handle.file` names the module so the server can link its CSS and preload its
// chunk when it renders the page. Staff pages are reached through their own small chunk
// (features/dashboard/staff-pages.ts), which the router loads alongside the page's.
const pageModules = import.meta.glob<RouteModule>(['../features/**/*-page.tsx', '!../features/**/staff/**']);

function page(file: string, later: string[] = []): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[`../features/${file}`];
  if (!load) throw new Error(`No page module features/${file}`);
  return { lazy: load, handle: { file: `features/${file}`, later: later.map((f) => `features/${f}`) } };
}

setPageLoader((file) => {
  const load = pageModules[`../features/${file}`];
  if (!load) throw new Error(`No page module features/${file}`);
  return load();
});

function staffPage(file: string): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: () => import('../features/dashboard/staff-pages').then((pages) => pages.loadStaffModule(file)), handle: { file: `features/${file}` } };
}

const rel = (path: string) => path.replace(/^\//, '');
const inDashboard = (path: string) => path.slice(`${paths.dashboard}/`.length);

// Public pages never import antd or SurveyJS (only /startsurvey loads SurveyJS).
const siteRoutes: RouteObject[] = [
  {
    id: SITE_ROUTE_ID,
    element: <PublicLayout />,
    hydrateFallbackElement: <PublicLayoutFallback />,
    errorElement: <RouteError />,
    // The studio's details, fetched once for every public page.
    loader: siteLoader,
    shouldRevalidate: () => false,
    children: [
      // The landing page fetches the survey runner's files once idle (responses/survey-preload.ts).
      { index: true, ...page('responses/landing-page.tsx', ['responses/start-survey-page.tsx']) },
      // A channel's short link (README "Channels"): its campaign's landing page.
      { path: 's/:code', id: CHANNEL_LINK_ROUTE_ID, ...page('channels/channel-link-page.tsx', ['responses/start-survey-page.tsx']) },
      { path: rel(paths.startSurvey), ...page('responses/start-survey-page.tsx') },
      { path: rel(paths.result), ...page('responses/result-page.tsx') },
      { path: rel(paths.projects), ...page('listings/projects-page.tsx') },
      { path: rel(paths.products), ...page('listings/products-page.tsx') },
      // A page per home and per decor piece: an unknown id is the not-found page, status 404.
      { path: `${rel(paths.projects)}/:id`, ...page('listings/project-detail-page.tsx') },
      { path: `${rel(paths.products)}/:id`, ...page('listings/product-detail-page.tsx') },
      { path: rel(paths.studio), ...page('listings/studios-page.tsx') },
      { path: rel(paths.contact), ...page('contact/contact-page.tsx') },
      { path: rel(paths.enquiry), ...page('listings/enquiry-page.tsx') },
      { path: rel(paths.about), ...page('site/about-page.tsx') },
      { path: rel(paths.privacy), ...page('consent/privacy-page.tsx') },
      { path: rel(paths.privacyConfirm), ...page('privacy/privacy-confirm-page.tsx') },
      { path: rel(paths.unsubscribe), ...page('consent/unsubscribe-page.tsx') },
      { path: rel(paths.newsletterConfirm), ...page('consent/newsletter-confirm-page.tsx') },
      { path: rel(paths.visitManage), ...page('visits/visit-manage-page.tsx') },
      { path: rel(paths.login), ...page('auth/login-page.tsx') },
      { path: rel(paths.logout), ...page('auth/logout-page.tsx') },
      { path: rel(paths.passwordForgot), ...page('auth/forgot-password-page.tsx') },
      { path: rel(paths.passwordReset), ...page('auth/reset-password-page.tsx') },
      { path: '*', ...page('site/not-found-page.tsx') },
    ],
  },
  {
    // A channel's survey inside another site's frame (decision 0034): no header or footer, and the
    // visitor's journey stays under /embed/<code> (the frame).
    path: 'embed/:code',
    id: EMBED_ROUTE_ID,
    ...page('channels/embed-page.tsx'),
    children: [
      { index: true, ...page('channels/embed-start-page.tsx', ['responses/start-survey-page.tsx']) },
      { path: 'survey', ...page('responses/start-survey-page.tsx') },
      { path: 'result', ...page('responses/result-page.tsx') },
    ],
  },
  {
    // Everything under /dashboard: antd lives in these chunks only; the layout's loader guards them.
    path: paths.dashboard,
    ...staffPage('dashboard/dashboard-layout.tsx'),
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100vh', background: '#f5f7fb' }} />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...staffPage('surveys/staff/campaigns-page.tsx') },
      { path: inDashboard(paths.leads), ...staffPage('leads/staff/leads-page.tsx') },
      { path: inDashboard(paths.leadsImport), ...staffPage('leads/staff/lead-import-page.tsx') },
      { path: `${inDashboard(paths.leads)}/:id`, ...staffPage('leads/staff/lead-page.tsx') },
      { path: inDashboard(paths.privacyRequests), ...staffPage('privacy/staff/privacy-requests-page.tsx') },
      { path: inDashboard(paths.visits), ...staffPage('visits/staff/visits-page.tsx') },
      { path: inDashboard(paths.channels), ...staffPage('channels/staff/channels-page.tsx') },
      { path: inDashboard(paths.funnel), ...staffPage('funnel/staff/funnel-page.tsx') },
      { path: inDashboard(paths.kioskUpload), ...staffPage('kiosk/staff/kiosk-upload-page.tsx') },
      { path: 'file/:id', ...staffPage('responses/staff/survey-file-page.tsx') },
      { path: inDashboard(paths.surveyCards), ...staffPage('surveys/staff/campaigns-page.tsx') },
      { path: inDashboard(paths.campaignNew), ...staffPage('surveys/staff/designer-page.tsx') },
      { path: inDashboard(paths.campaignEdit), ...staffPage('surveys/staff/designer-page.tsx') },
      { path: inDashboard(paths.creator), ...staffPage('surveys/staff/designer-page.tsx') },
      // The campaign (loaded once) around its view (filters and pages in the URL, loaded on each change).
      {
        path: inDashboard(paths.campaignResult),
        ...staffPage('results/staff/results-page.tsx'),
        children: [{ index: true, ...staffPage('results/staff/results-view-page.tsx') }],
      },
      { path: inDashboard(paths.emailView), ...staffPage('responses/staff/email-view-page.tsx') },
      { path: inDashboard(paths.staffProjects), ...staffPage('listings/staff/project-admin-page.tsx') },
      { path: inDashboard(paths.staffDecor), ...staffPage('listings/staff/decor-admin-page.tsx') },
      { path: inDashboard(paths.staffStudio), ...staffPage('listings/staff/studio-admin-page.tsx') },
      { path: inDashboard(paths.contactResponses), ...staffPage('contact/staff/contact-responses-page.tsx') },
      { path: inDashboard(paths.contactResponsesAlt), ...staffPage('contact/staff/contact-responses-page.tsx') },
      { path: inDashboard(paths.settings), ...staffPage('settings/staff/settings-page.tsx') },
      { path: inDashboard(paths.settingsWebhooks), ...staffPage('notifications/staff/webhooks-page.tsx') },
      { path: inDashboard(paths.settingsMail), ...staffPage('notifications/staff/mail-page.tsx') },
      { path: inDashboard(paths.newsletter), ...staffPage('consent/staff/newsletter-page.tsx') },
      { path: inDashboard(paths.audit), ...staffPage('audit/staff/audit-page.tsx') },
      { path: inDashboard(paths.staff), ...staffPage('auth/staff/staff-page.tsx') },
      { path: inDashboard(paths.account), ...staffPage('auth/staff/account-page.tsx') },
      { path: '*', ...page('site/not-found-page.tsx') },
    ],
  },
];

// The root hands the router's links and the site's details to the components the landing page also
// renders without the router (router-bridge.tsx, start-landing.tsx).
export const routes: RouteObject[] = [{ element: <RouterBridge />, children: siteRoutes }];
