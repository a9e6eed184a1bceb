import {
  Navigate,
  Outlet,
  useLoaderData,
  useLocation,
  useOutletContext,
  useSearchParams,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { CAMPAIGN_MESSAGES, type Campaign } from '#shared/surveys/campaigns.contract';
import { type EmailRecord } from '#shared/responses/responses.contract';
import { paths } from '#shared/paths';
import { loadPageData, type PageData } from '#web/lib/page-data';
import { fetchEmailRecords } from '#web/features/responses/staff';
import { fetchCampaign, fetchResponseCount } from '#web/features/surveys/staff';
import { readResultsView, resultsSearch } from './results-filters';

/** What the results page knows of its campaign, whatever the view: loaded once per campaign. */
export interface Overview {
  campaign: Campaign;
  count: number;
  emails: EmailRecord[];
}

export interface ResultsContext {
  id: string;
  /** The name navigation state brought, shown until the campaign has loaded. */
  name: string;
  overview: PageData<Overview>;
}

/** The campaign, its number of responses and its e-mail records. */
export function loader({ request }: LoaderFunctionArgs) {
  const view = readResultsView(new URL(request.url).searchParams);
  if (!view) return null;
  return loadPageData(async () => {
    const [campaign, count, emails] = await Promise.all([fetchCampaign(view.id), fetchResponseCount(view.id), fetchEmailRecords(view.id)]);
    return { campaign, count, emails };
  }, CAMPAIGN_MESSAGES.loadFailed);
}

/**
 * Filters and pages change only the view below (results-view-page.tsx, whose loader reads them):
 * this loader runs again for another campaign, or when the page asks to load again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.searchParams.get('id') !== nextUrl.searchParams.get('id')) return true;
  return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}

function readState(state: unknown): { id: string; name: string } | null {
  if (typeof state !== 'object' || state === null) return null;
  const { id, name } = state as Record<string, unknown>;
  return typeof id === 'string' && id !== '' ? { id, name: typeof name === 'string' ? name : '' } : null;
}

/** The campaign of the view below (results-view-page.tsx). */
export function useResultsContext(): ResultsContext {
  return useOutletContext<ResultsContext>();
}

/**
 * The campaign comes by navigation state (SPEC.md §2); it is then written to the URL with the
 * filters, so a filtered view is a link that opens on its own.
 */
export function Component() {
  const location = useLocation();
  const [search] = useSearchParams();
  const overview = useLoaderData<typeof loader>();
  const state = readState(location.state);
  const view = readResultsView(search);
  if (!view) {
    if (!state) return <Navigate to={paths.dashboard} replace />;
    return <Navigate to={{ search: resultsSearch({ id: state.id, status: 'completed' }) }} replace state={location.state} />;
  }
  // Until the URL's campaign has loaded (just after the redirect above), there is nothing to show.
  if (!overview) return null;
  const context: ResultsContext = { id: view.id, name: state?.id === view.id ? state.name : '', overview };
  return <Outlet context={context} />;
}
