import { RESULTS_ROUTES } from '#shared/results/results.api';
import { api } from '#web/lib/api-client';

// Staff: a campaign's answers and their .xlsx (the summary is in results-filters.ts).

/** `filters`: the results filters as query parameters (results-filters.ts), empty for none. */
export const fetchAnswers = (campaignId: string, page: { limit: number; offset: number }, filters = '') =>
  api.call(RESULTS_ROUTES.answers, { params: [campaignId], query: `limit=${page.limit}&offset=${page.offset}${filters ? `&${filters}` : ''}` });

export const downloadResults = (campaignId: string, filters = '') => api.call(RESULTS_ROUTES.download, { params: [campaignId], query: filters });
