import { apiPath } from '#shared/api-path';
import { route } from '#shared/api-route';
import { CAMPAIGNS_API } from '#shared/surveys/campaigns.api';
import type { activeCampaignListSchema } from '#shared/surveys/campaigns.contract';
import type { responseStoredSchema } from '#shared/matching/matching.contract';
import type { emailAddResultSchema, emailListSchema, emailRecordListSchema } from './responses.contract';

/**
 * The responses room's paths: the e-mail a visitor gives, the survey's answers and the answers kept
 * as the visitor goes, spelled as SPEC.md §7 has them. No zod here: the landing page calls these.
 */
export const RESPONSES_API = {
  /** POST: the finished survey's answers; answers the listings matched to them. */
  response: apiPath('/api/campaign/response/:campaignId'),
  /** POST saves the answers so far; GET reads them back with `?token=` (see SURVEY_PROGRESS_API). */
  progress: apiPath('/api/campaign/progress/:campaignId'),
  /** GET `?token=`: the survey a resume link was made for, with the answers so far. */
  resume: '/api/campaign/resume',
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
  save: RESPONSES_API.progress,
  read: (campaignId: string, token: string) => `${RESPONSES_API.progress(campaignId)}?token=${encodeURIComponent(token)}`,
  resume: (token: string) => `${RESPONSES_API.resume}?token=${encodeURIComponent(token)}`,
} as const;

/** The visitor's routes with their answers (by type only: the landing page loads this file). */
export const SURVEY_ROUTES = {
  active: route<typeof activeCampaignListSchema>('GET', CAMPAIGNS_API.active),
  addEmail: route<typeof emailAddResultSchema>('POST', EMAILS_API.add),
  response: route<typeof responseStoredSchema>('POST', RESPONSES_API.response),
};

/** The staff's lists of e-mail records with their answers, by type only. */
export const EMAIL_ROUTES = {
  ofCampaign: route<typeof emailRecordListSchema>('GET', EMAILS_API.byCampaign),
  all: route<typeof emailListSchema>('GET', EMAILS_API.all),
};
