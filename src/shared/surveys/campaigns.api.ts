import { apiPath } from '#shared/api-path';
import { route } from '#shared/api-route';
import type { messageAnswer } from '#shared/api-answer';
import type { campaignCreatedSchema, campaignSchema, campaignSummaryListSchema, responseCountSchema } from './campaigns.contract';

/**
 * Campaigns (surveys): every path, spelled as SPEC.md §7 has them (`campagin` included). The visitor's
 * answers are the responses room's (#shared/responses/responses.api), the answers read back the
 * results room's (#shared/results/results.api). No zod here: the landing page calls these.
 */
export const CAMPAIGNS_API = {
  /** GET, public: the active campaign (a list of at most one). */
  active: '/api/campagin/active',

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
} as const;

/**
 * The staff routes of campaigns with their answers, by type only: the
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
};
