import type { SurveyJson } from './survey-json';

/**
 * Undo and redo over immutable documents. Typing in one field makes one undo step, not one per
 * keystroke: edits with the same `mergeKey` within MERGE_WINDOW_MS replace the latest step.
 */
export interface DocumentHistory {
  past: SurveyJson[];
  present: SurveyJson;
  future: SurveyJson[];
  mergeKey: string | null;
  editedAt: number;
}

export type HistoryAction =
  | { type: 'edit'; doc: SurveyJson | ((present: SurveyJson) => SurveyJson); mergeKey?: string; now: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; doc: SurveyJson };

const LIMIT = 200;
const MERGE_WINDOW_MS = 1500;

export function startHistory(doc: SurveyJson): DocumentHistory {
  return { past: [], present: doc, future: [], mergeKey: null, editedAt: 0 };
}

/**
 * Updates given as functions run against the latest document, so a late callback (a finished
 * condition check) cannot overwrite newer edits. One whose target has meanwhile gone changes nothing.
 */
function applyUpdate(update: (present: SurveyJson) => SurveyJson, present: SurveyJson): SurveyJson {
  try {
    return update(present);
  } catch (error) {
    if (error instanceof RangeError) return present;
    throw error;
  }
}

export function historyReducer(state: DocumentHistory, action: HistoryAction): DocumentHistory {
  switch (action.type) {
    case 'edit': {
      const doc = typeof action.doc === 'function' ? applyUpdate(action.doc, state.present) : action.doc;
      if (doc === state.present) return state;
      const merge = action.mergeKey !== undefined && action.mergeKey === state.mergeKey && action.now - state.editedAt < MERGE_WINDOW_MS;
      const past = merge ? state.past : [...state.past, state.present].slice(-LIMIT);
      return { past, present: doc, future: [], mergeKey: action.mergeKey ?? null, editedAt: action.now };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], mergeKey: null, editedAt: 0 };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future, mergeKey: null, editedAt: 0 };
    }
    case 'reset':
      return startHistory(action.doc);
  }
}
