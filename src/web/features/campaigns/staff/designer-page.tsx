import { Button, Result, Skeleton } from 'antd';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../../../shared/paths';
import { PageMeta } from '../../../components/page-meta';
import { DesignerWorkspace } from '../designer/campaign-designer';
import { useCampaignSource, type SourceRequest } from '../designer/use-campaign-source';

/**
 * /dashboard/campaign/new, /dashboard/creator and /dashboard/campaign/edit. Navigation state
 * carries the campaign: `{id}` to edit, `{duplicateOf}` to start from a copy, `{draft}` to start
 * from unsaved work. Editing without an id goes back to the dashboard.
 */
interface DesignerState {
  id?: unknown;
  duplicateOf?: unknown;
  draft?: { name?: unknown; questions?: unknown };
}

function requestFrom(state: DesignerState | null, editing: boolean): SourceRequest {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  if (editing) return { campaignId: text(state?.id) };
  const draft = state?.draft;
  if (draft && typeof draft.questions === 'string') return { draft: { name: typeof draft.name === 'string' ? draft.name : '', questions: draft.questions } };
  return { duplicateOf: text(state?.duplicateOf) };
}

export function Component() {
  const location = useLocation();
  const editing = location.pathname === paths.campaignEdit;
  const request = requestFrom(location.state as DesignerState | null, editing);
  if (editing && !request.campaignId) return <Navigate to={paths.dashboard} replace />;
  // Another campaign (or another starting point) starts a fresh designer.
  return <CampaignDesigner key={`${location.pathname}:${JSON.stringify(request)}`} request={request} />;
}

function CampaignDesigner({ request }: { request: SourceRequest }) {
  const { state, retry } = useCampaignSource(request);
  const heading = request.campaignId ? 'Edit campaign' : request.duplicateOf || request.draft ? 'New campaign from a copy' : 'New campaign';

  if (state.status === 'loading') {
    return (
      <div className="designer-loading" aria-busy="true">
        <PageMeta title={heading} description="Loading the campaign." />
        <h1 className="visually-hidden">{heading}</h1>
        <p role="status">Loading the campaign…</p>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <>
        <PageMeta title={heading} description="The campaign could not be loaded." />
        <Result
          status={state.notFound ? '404' : 'error'}
          title={<h1 className="designer-result-title">{state.notFound ? 'Campaign not found' : 'The campaign could not be loaded'}</h1>}
          subTitle={state.message}
          extra={[
            !state.notFound && (
              <Button key="retry" type="primary" onClick={retry}>
                Try again
              </Button>
            ),
            <Link key="back" to={paths.dashboard}>
              Back to campaigns
            </Link>,
          ]}
        />
      </>
    );
  }
  return <DesignerWorkspace heading={heading} source={state.source} campaignId={request.campaignId} />;
}
