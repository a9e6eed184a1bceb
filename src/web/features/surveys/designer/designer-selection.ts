import type { SurveyJson } from './survey-json';
import { getElement, pageAt, pagesOf, type ElementPath } from './survey-structure';

/** What the property panel shows: a page, an element of a page, or the survey's own texts (with the page shown beside). */
export type Selection = { kind: 'page'; page: number } | { kind: 'element'; path: ElementPath } | { kind: 'survey'; page: number };

export function selectedPage(selection: Selection): number {
  return selection.kind === 'element' ? selection.path.page : selection.page;
}

/** The same selection if it still exists in `doc`, else the nearest page that does. */
export function keepSelection(doc: SurveyJson, selection: Selection): Selection {
  if (selection.kind === 'element' && getElement(doc, selection.path)) return selection;
  const count = pagesOf(doc).length;
  const page = Math.max(0, Math.min(selectedPage(selection), count - 1));
  if (selection.kind === 'survey') return selection.page === page ? selection : { kind: 'survey', page };
  return { kind: 'page', page: pageAt(doc, page) ? page : 0 };
}

export interface EditOptions {
  /** Edits with the same key in quick succession make one undo step (typing in one field). */
  mergeKey?: string;
  /** What to select once the edit is applied. */
  select?: Selection;
}

/** Applies a change to the document: a new document, or a function of the latest one. */
export type EditDocument = (update: SurveyJson | ((doc: SurveyJson) => SurveyJson), options?: EditOptions) => void;
