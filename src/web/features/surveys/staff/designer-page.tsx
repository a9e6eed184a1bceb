import { Button, Result, Skeleton } from 'antd';
import { Link, Navigate, useLoaderData, useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { loadPageData, usePageReload } from '#web/lib/page-data';
import { DesignerWorkspace } from '#web/features/surveys/designer/campaign-designer';
import { fetchCampaignForEdit, fetchCampaignToEdit, type CampaignForEdit } from '#web/features/surveys/designer/designer-api';
import { draftSource, EMPTY_SOURCE, sourceFrom } from '#web/features/surveys/designer/designer-source';
import { staffText } from '#web/lib/staff-text';

/**
 * /dashboard/campaign/new, /dashboard/creator and /dashboard/campaign/edit. Navigation state
 * carries the campaign (SPEC.md §2): `{id}` to edit, `{duplicateOf}` to start from a copy, `{draft}`
 * to start from unsaved work. The id is then written to the URL (`?id=` to edit, `?copyOf=` for a
 * copy), where the route's loader reads it, as the results page does. Editing without an id goes
 * back to the dashboard.
 */
interface DesignerState {
  id?: unknown;
  duplicateOf?: unknown;
  draft?: { name?: unknown; questions?: unknown };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The URL parameter that names the campaign to load: to edit it, or to start from a copy of it. */
const idParam = (editing: boolean) => (editing ? 'id' : 'copyOf');

/** The campaign to edit or copy (GET /api/campagin/edit/:id); nothing to load for a new campaign. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const editing = url.pathname === paths.campaignEdit;
  const id = url.searchParams.get(idParam(editing));
  if (!id) return null;
  // To edit: with its number of responses, since a campaign with any opens read-only.
  return loadPageData(
    (): Promise<CampaignForEdit & { responseCount?: number }> => (editing ? fetchCampaignToEdit(id, request.signal) : fetchCampaignForEdit(id, request.signal)),
    staffText('staff.designer.page.loadFailed'),
  );
}

function draftFrom(state: DesignerState | null): { name: string; questions: string } | undefined {
  const draft = state?.draft;
  if (!draft || typeof draft.questions !== 'string') return undefined;
  return { name: typeof draft.name === 'string' ? draft.name : '', questions: draft.questions };
}

function Loading({ heading }: { heading: string }) {
  return (
    <div className="designer-loading" aria-busy="true">
      <PageMeta title={heading} description={staffText('staff.designer.page.loadingDescription')} />
      <h1 className="visually-hidden">{heading}</h1>
      <p role="status">{staffText('staff.designer.page.loading')}</p>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

export function Component() {
  const location = useLocation();
  const [search] = useSearchParams();
  const loaded = useLoaderData<typeof loader>();
  const { reload, reloading } = usePageReload();
  const editing = location.pathname === paths.campaignEdit;
  const state = location.state as DesignerState | null;
  const draft = editing ? undefined : draftFrom(state);
  const param = idParam(editing);
  const id = search.get(param) ?? undefined;
  const stateId = draft ? undefined : text(editing ? state?.id : state?.duplicateOf);
  const heading = staffText(
    editing ? 'staff.designer.page.headingEdit' : id || stateId || draft ? 'staff.designer.page.headingCopy' : 'staff.designer.page.headingNew',
  );

  // An id from navigation state goes to the URL, and the loader loads that campaign.
  if (stateId && stateId !== id) {
    return (
      <>
        <Navigate to={{ search: `?${new URLSearchParams({ [param]: stateId })}` }} replace state={location.state} />
        <Loading heading={heading} />
      </>
    );
  }
  if (editing && !id) return <Navigate to={paths.dashboard} replace />;

  if (loaded?.error) {
    // Try again: the campaign loads as it did the first time.
    if (reloading) return <Loading heading={heading} />;
    return (
      <>
        <PageMeta title={heading} description={staffText('staff.designer.page.loadFailed')} />
        <Result
          status={loaded.notFound ? '404' : 'error'}
          title={
            <h1 className="designer-result-title">{staffText(loaded.notFound ? 'staff.designer.page.notFound' : 'staff.designer.page.loadFailedTitle')}</h1>
          }
          subTitle={loaded.notFound ? staffText('staff.designer.page.notFoundText') : loaded.error}
          extra={[
            !loaded.notFound && (
              <Button key="retry" type="primary" onClick={() => void reload()}>
                {staffText('staff.designer.page.retry')}
              </Button>
            ),
            <Link key="back" to={paths.dashboard}>
              {staffText('staff.designer.page.back')}
            </Link>,
          ]}
        />
      </>
    );
  }
  const source = loaded?.data ? sourceFrom(loaded.data, !editing) : draft ? draftSource(draft) : EMPTY_SOURCE;
  // Another campaign (or another starting point) starts a fresh designer.
  const key = `${location.pathname}:${id ?? ''}:${draft ? JSON.stringify(draft) : ''}`;
  return <DesignerWorkspace key={key} heading={heading} source={source} campaignId={editing ? id : undefined} />;
}
