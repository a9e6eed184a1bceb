import { RESERVED_FILTER_KEYS, RESULT_STATUSES, type CampaignSummaryResult, type ResultStatus } from '#shared/results/campaign-summary.contract';
import { RESULTS_ROUTES } from '#shared/results/results.api';
import { api } from '#web/lib/api-client';

/**
 * The results page's filters live in its URL (`?id=…&from=…&to=…&status=…&q=<question>&a=<answer>`,
 * and the answers table's `page` and `size`),
 * so a filtered view is a link and the route's loader runs again when they change.
 */
export interface ResultsView {
  id: string;
  from?: string;
  to?: string;
  status: ResultStatus;
  /** A choice question's name, and the answer it must hold. */
  question?: string;
  answer?: string;
  /** README "Channels": only visitors who came through this channel (its id; `channel` in the URL). */
  channelId?: string;
  /** The answers table's page (from 1) and page size; left out of the URL when 1 and 10. */
  page?: number;
  size?: number;
}

export const ANSWER_PAGE_SIZES = [10, 20, 50, 100];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readResultsView(search: URLSearchParams): ResultsView | null {
  const id = search.get('id');
  if (!id) return null;
  const status = search.get('status');
  const view: ResultsView = { id, status: RESULT_STATUSES.includes(status as ResultStatus) ? (status as ResultStatus) : 'completed' };
  const from = search.get('from');
  const to = search.get('to');
  if (from && DAY.test(from)) view.from = from;
  if (to && DAY.test(to)) view.to = to;
  const question = search.get('q');
  const answer = search.get('a');
  if (question && answer !== null && !RESERVED_FILTER_KEYS.has(question)) {
    view.question = question;
    view.answer = answer;
  }
  const channel = search.get('channel');
  if (channel) view.channelId = channel;
  const page = Math.floor(Number(search.get('page')));
  if (page > 1) view.page = page;
  const size = Number(search.get('size'));
  if (size !== 10 && ANSWER_PAGE_SIZES.includes(size)) view.size = size;
  return view;
}

/** The page's URL search for a view. */
export function resultsSearch(view: ResultsView): string {
  const params = new URLSearchParams({ id: view.id });
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.status !== 'completed') params.set('status', view.status);
  if (view.question && view.answer !== undefined) {
    params.set('q', view.question);
    params.set('a', view.answer);
  }
  if (view.channelId) params.set('channel', view.channelId);
  if (view.page && view.page > 1) params.set('page', String(view.page));
  if (view.size && view.size !== 10) params.set('size', String(view.size));
  return `?${params}`;
}

/**
 * The API's query for a view: the summary, the answers table and the download share it. The
 * default view (completed, no dates, no answer) is no filter at all: the table and the download
 * answer as they always did.
 */
export function apiFilters(view: ResultsView): string {
  const params = new URLSearchParams();
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.status !== 'completed') params.set('status', view.status);
  if (view.question && view.answer !== undefined) params.set(view.question, view.answer);
  if (view.channelId) params.set('channelId', view.channelId);
  return params.toString();
}

/** The summary of a view: the API's default status is the page's, `completed`. */
export function fetchSummary(campaignId: string, filters: string): Promise<CampaignSummaryResult> {
  return api.call(RESULTS_ROUTES.summary, { params: [campaignId], query: filters });
}
