/** Every page route of the web client, in one place (SPEC.md §2). The server uses it to answer 404 for other paths. */
export const paths = {
  home: '/',
  contact: '/viewContact',
  /** "Ask about this home" on a page of its own: `?project=<id>` or `?product=<id>`. */
  enquiry: '/enquiry',
  about: '/viewAboutus',
  projects: '/viewProjects',
  products: '/viewProducts',
  studio: '/viewStudio',
  login: '/login',
  logout: '/logout',
  startSurvey: '/startsurvey',
  result: '/result',
  dashboard: '/dashboard',
  leads: '/dashboard/leads',
  leadsImport: '/dashboard/leads/import',
  campaignNew: '/dashboard/campaign/new',
  campaignEdit: '/dashboard/campaign/edit',
  campaignResult: '/dashboard/campaign/result',
  staffProjects: '/dashboard/project',
  staffDecor: '/dashboard/decor',
  staffStudio: '/dashboard/studio',
  contactResponses: '/dashboard/fetch/contactus',
  contactResponsesAlt: '/dashboard/conatctusview',
  creator: '/dashboard/creator',
  emailView: '/dashboard/emailview',
  surveyCards: '/dashboard/surveycards',
  settings: '/dashboard/settings',
  settingsWebhooks: '/dashboard/settings/webhooks',
  settingsMail: '/dashboard/settings/mail',
  privacy: '/privacy',
  privacyConfirm: '/privacy/confirm',
  privacyRequests: '/dashboard/privacy-requests',
  /** Site visits per day and each studio's visit slots. */
  visits: '/dashboard/visits',
  /** Staff: the channels (short links, QR codes) of the campaigns. */
  channels: '/dashboard/channels',
  /** Staff: the funnel per channel and the drop-off per question (decision 0035). */
  funnel: '/dashboard/funnel',
  /** Staff: upload a queue file downloaded from an expo tablet. */
  kioskUpload: '/dashboard/kiosk/upload',
  /** The visitor's page to move or cancel a booked visit (`?id=&token=`, the e-mailed link). */
  visitManage: '/visit',
  unsubscribe: '/unsubscribe',
  /** The newsletter's confirmation link (double opt-in, decision 0018): one button. */
  newsletterConfirm: '/newsletter/confirm',
  newsletter: '/dashboard/newsletter',
  audit: '/dashboard/audit',
  staff: '/dashboard/staff',
  account: '/dashboard/account',
  passwordForgot: '/password/forgot',
  passwordReset: '/password/reset',
} as const;

export type PagePath = (typeof paths)[keyof typeof paths];

const pagePaths: ReadonlySet<string> = new Set(Object.values(paths));

/** The lead detail page of one lead: deep-linkable, so the server answers it with the app. */
export const leadPath = (id: string) => `${paths.leads}/${encodeURIComponent(id)}`;
const LEAD_DETAIL = /^\/dashboard\/leads\/[^/]+$/;

/** The public page of one home (project) or decor piece (product): `/viewProjects/{id}`, `/viewProducts/{id}`. */
export const listingPagePath = (kind: 'project' | 'product', id: string) => `${kind === 'project' ? paths.projects : paths.products}/${encodeURIComponent(id)}`;

/** The enquiry page about one listing (`/enquiry?project=<id>`), with more of its query (`sent`, `intent`) when given. */
export function enquiryPagePath(kind: 'project' | 'product', id: string, more: Record<string, string> = {}): string {
  return `${paths.enquiry}?${new URLSearchParams({ [kind]: id, ...more }).toString()}`;
}

/** The staff page of one file a visitor attached to a survey answer. */
export const surveyFilePagePath = (id: string) => `${paths.dashboard}/file/${encodeURIComponent(id)}`;
const SURVEY_FILE_PAGE = /^\/dashboard\/file\/[^/]+$/;

/** The page of one home or one decor piece: server-rendered, shared, in the sitemap. */
export const projectPagePath = (id: string) => `${paths.projects}/${encodeURIComponent(id)}`;
export const productPagePath = (id: string) => `${paths.products}/${encodeURIComponent(id)}`;
/** The lists whose items have a page of their own, at `<list>/<id>`. */
export const LISTING_PAGE_LISTS: readonly string[] = [paths.projects, paths.products];
const LISTING_PAGE = /^\/(?:viewProjects|viewProducts)\/[^/]+$/;

/** True for the page of one home or decor piece (whether or not that id exists). */
export function isListingPagePath(pathname: string): boolean {
  return LISTING_PAGE.test(pathname);
}

/** A channel's short link, `/s/<code>` (README "Channels"): server-rendered, its status from its render (404: no such code). */
const CHANNEL_LINK_PAGE = /^\/s\/[^/]+$/;

export function isChannelLinkPath(pathname: string): boolean {
  return CHANNEL_LINK_PAGE.test(pathname);
}

/**
 * A channel's survey alone, for another site's iframe (README "Embedding a survey on another site"):
 * `/embed/<code>`, and the journey's next steps inside the frame, `/embed/<code>/survey` and
 * `/embed/<code>/result` (in Hindi under /hi/). Only `/embed/<code>` is server-rendered.
 */
const EMBED_PAGE = /^\/embed\/([^/]{1,20})(?:\/(survey|result))?$/;

/** The channel code of an embed page (`/embed/<code>`, `/embed/<code>/survey`, `/embed/<code>/result`), or null for another path. */
export function embedPageCode(pathname: string): string | null {
  return EMBED_PAGE.exec(pathname)?.[1] ?? null;
}

/** The embed pages of one channel: its first page, the survey and the result, all inside the frame. */
export function embedPaths(code: string): { home: string; startSurvey: string; result: string } {
  const home = `/embed/${encodeURIComponent(code)}`;
  return { home, startSurvey: `${home}/survey`, result: `${home}/result` };
}

export function isPagePath(pathname: string): boolean {
  return (
    pagePaths.has(pathname) ||
    LEAD_DETAIL.test(pathname) ||
    SURVEY_FILE_PAGE.test(pathname) ||
    LISTING_PAGE.test(pathname) ||
    CHANNEL_LINK_PAGE.test(pathname) ||
    EMBED_PAGE.test(pathname)
  );
}

export function isStaffPath(pathname: string): boolean {
  return pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
}

/** Public pages whose HTML the server renders (with their data); all other pages render in the browser. */
const serverRendered: ReadonlySet<string> = new Set([
  paths.home,
  paths.projects,
  paths.products,
  paths.studio,
  paths.contact,
  paths.enquiry,
  paths.about,
  paths.privacy,
  paths.unsubscribe,
  paths.newsletterConfirm,
]);

/**
 * True for the server-rendered public pages and for unknown paths (the 404 page). An unknown path
 * under /dashboard is rendered in the browser, as every staff page is: the dashboard's guard reads
 * the staff token the browser keeps, so the server could only render an error there.
 */
export function isServerRenderedPath(pathname: string): boolean {
  const embed = EMBED_PAGE.exec(pathname);
  if (embed) return embed[2] === undefined;
  return serverRendered.has(pathname) || LISTING_PAGE.test(pathname) || CHANNEL_LINK_PAGE.test(pathname) || (!isPagePath(pathname) && !isStaffPath(pathname));
}
