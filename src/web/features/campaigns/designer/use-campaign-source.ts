import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { fetchCampaignForEdit } from './designer-api';

/** What the designer starts from. */
export interface DesignerSource {
  name: string;
  /** The stored SurveyJS JSON text; null for a brand-new survey. */
  questions: string | null;
  isActive: boolean;
  /** True when the starting point holds work that was never saved (it counts as unsaved changes). */
  unsaved: boolean;
}

export type SourceState =
  | { status: 'loading' }
  | { status: 'error'; message: string; notFound: boolean }
  | { status: 'ready'; source: DesignerSource };

export interface SourceRequest {
  /** Edit this campaign. */
  campaignId?: string;
  /** Start a new campaign from a copy of this one. */
  duplicateOf?: string;
  /** Start a new campaign from unsaved work (an edit the server refused). */
  draft?: { name: string; questions: string };
}

const EMPTY_SOURCE: DesignerSource = { name: '', questions: null, isActive: false, unsaved: false };

function initialState(request: SourceRequest): SourceState {
  if (request.campaignId || request.duplicateOf) return { status: 'loading' };
  if (request.draft) return { status: 'ready', source: { ...request.draft, isActive: false, unsaved: true } };
  return { status: 'ready', source: EMPTY_SOURCE };
}

/** Loads the campaign to edit or duplicate (GET /api/campagin/edit/:id), with a retry. */
export function useCampaignSource(request: SourceRequest): { state: SourceState; retry: () => void } {
  const [state, setState] = useState<SourceState>(() => initialState(request));
  const [attempt, setAttempt] = useState(0);
  const id = request.campaignId ?? request.duplicateOf;
  const duplicating = !request.campaignId && Boolean(request.duplicateOf);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    fetchCampaignForEdit(id, controller.signal).then(
      (campaign) =>
        setState({
          status: 'ready',
          source: duplicating
            ? { name: `Copy of ${campaign.name}`, questions: campaign.questions, isActive: false, unsaved: false }
            : { name: campaign.name, questions: campaign.questions, isActive: campaign.isActive, unsaved: false },
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({ status: 'error', notFound, message: notFound ? 'This campaign does not exist any more.' : errorMessage(error, 'The campaign could not be loaded.') });
      },
    );
    return () => controller.abort();
  }, [id, duplicating, attempt]);

  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
