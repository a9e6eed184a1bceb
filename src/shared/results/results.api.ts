import { apiPath } from '#shared/api-path';
import { fileRoute, route } from '#shared/api-route';
import type { campaignSummaryResultSchema } from './campaign-summary.contract';
import type { answerRowListSchema } from './results.contract';

/** The results room's paths (staff), spelled as SPEC.md §7 has them. No zod here. */
export const RESULTS_API = {
  /** GET: a page of answers, with the results filters. */
  answers: apiPath('/api/campaign/answers/:id'),
  /** GET: the survey's question columns. */
  questionColumns: apiPath('/api/campaign/colheader/:id'),
  /** GET: the results page's summary, with the results filters (campaign-summary.contract.ts). */
  summary: apiPath('/api/campaign/summary/:id'),
  /** GET: the answers as .xlsx, with the results filters. */
  download: apiPath('/api/campaign/download/:id'),
} as const;

/** The results routes with their answers (staff), by type only. */
export const RESULTS_ROUTES = {
  summary: route<typeof campaignSummaryResultSchema>('GET', RESULTS_API.summary),
  answers: route<typeof answerRowListSchema>('GET', RESULTS_API.answers),
  download: fileRoute('GET', RESULTS_API.download),
};
