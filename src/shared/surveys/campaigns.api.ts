import { apiPath } from '#shared/api-path';
import { fileRoute, route } from '#shared/api-route';
import type { messageAnswer } from '#shared/api-answer';
import type {
  activeCampaignListSchema,
  answerRowListSchema,
  campaignCreatedSchema,
  campaignSchema,
  campaignSummaryListSchema,
  emailAddResultSchema,
  emailListSchema,
  emailRecordListSchema,
  responseCountSchema,
} from './campaigns.contract';
import type { campaignSummaryResultSchema } from '#shared/results/campaign-summary.contract';
import type { responseStoredSchema } from '#shared/matching/matching.contract';

/**
 * Campaigns (surveys), the e-mails visitors give and the files they attach: every path, spelled as
 * SPEC.md §7 has them (`campagin` included). No zod here: the landing page calls these.
 */
export const CAMPAIGNS_API = {
  // Public: the visitor's journey.
  /** GET: the active campaign (a list of at most one). */
  active: '/api/campagin/active',
  /** POST: the finished survey's answers; answers the listings matched to them. */
  response: apiPath('/api/campaign/response/:campaignId'),
  /** POST saves the answers so far; GET reads them back with `?token=` (see SURVEY_PROGRESS_API). */
  progress: apiPath('/api/campaign/progress/:campaignId'),
  /** GET `?token=`: the survey a resume link was made for, with the answers so far. */
  resume: '/api/campaign/resume',

  // Staff.
  /** GET: every campaign with its response count. */
  all: '/api/campagin/all',
  /** POST */
  add: '/api/campaign/add',
  /** POST */
  update: apiPath('/api/campaign/update/:id'),
  /** GET: one campaign, for the designer. */
  edit: apiPath('/api/campagin/edit/:id'),
  /** POST: `{ isActivated }`. */
  activate: apiPath('/api/campaign/activate/:id'),
  /** GET: `{ count }` of completed responses. */
  responseCount: apiPath('/api/campaign/recordcnt/:id'),
  /** GET: a page of answers, with the results filters. */
  answers: apiPath('/api/campaign/answers/:id'),
  /** GET: the survey's question columns. */
  questionColumns: apiPath('/api/campaign/colheader/:id'),
  /** GET: the results page's summary, with the results filters (campaign-summary.contract.ts). */
  summary: apiPath('/api/campaign/summary/:id'),
  /** GET: the answers as .xlsx, with the results filters. */
  download: apiPath('/api/campaign/download/:id'),
} as const;

/** The e-mails visitors give before a survey (or for the newsletter). */
export const EMAILS_API = {
  /** POST, public: `{ email, campaignid }` (no campaign: a newsletter sign-up). */
  add: '/api/email/add',
  /** GET, staff: one campaign's e-mail records. */
  byCampaign: apiPath('/api/email/get/:id'),
  /** GET, staff: every e-mail record, paged and searched. */
  all: '/api/email/all',
} as const;

/** The answers kept as the visitor goes, as the survey page calls them. */
export const SURVEY_PROGRESS_API = {
  save: CAMPAIGNS_API.progress,
  read: (campaignId: string, token: string) => `${CAMPAIGNS_API.progress(campaignId)}?token=${encodeURIComponent(token)}`,
  resume: (token: string) => `${CAMPAIGNS_API.resume}?token=${encodeURIComponent(token)}`,
} as const;

/** The visitor's routes with their answers (by type only: the landing page loads this file). */
export const SURVEY_ROUTES = {
  active: route<typeof activeCampaignListSchema>('GET', CAMPAIGNS_API.active),
  addEmail: route<typeof emailAddResultSchema>('POST', EMAILS_API.add),
  response: route<typeof responseStoredSchema>('POST', CAMPAIGNS_API.response),
};


/**
 * The staff routes of campaigns and e-mails with their answers, by type only as SURVEY_ROUTES: the
 * server validates with the schemas themselves (campaigns.contract.ts), and the staff's first page
 * (the campaign cards) loads no zod.
 */
export const CAMPAIGNS_ROUTES = {
  all: route<typeof campaignSummaryListSchema>('GET', CAMPAIGNS_API.all),
  add: route<typeof campaignCreatedSchema>('POST', CAMPAIGNS_API.add),
  update: route<typeof messageAnswer>('POST', CAMPAIGNS_API.update),
  edit: route<typeof campaignSchema>('GET', CAMPAIGNS_API.edit),
  activate: route<typeof messageAnswer>('POST', CAMPAIGNS_API.activate),
  responseCount: route<typeof responseCountSchema>('GET', CAMPAIGNS_API.responseCount),
  emailsOf: route<typeof emailRecordListSchema>('GET', EMAILS_API.byCampaign),
  emails: route<typeof emailListSchema>('GET', EMAILS_API.all),
};

/** The results routes with their answers (staff), by type only. */
export const RESULTS_ROUTES = {
  summary: route<typeof campaignSummaryResultSchema>('GET', CAMPAIGNS_API.summary),
  answers: route<typeof answerRowListSchema>('GET', CAMPAIGNS_API.answers),
  download: fileRoute('GET', CAMPAIGNS_API.download),
};
