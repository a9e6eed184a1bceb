import { useEffect } from 'react';
import type { SurveyModel } from 'survey-core';

/**
 * The phone's Back button inside the survey goes back a page, as Previous does, instead of leaving
 * the survey (answers were kept, but the visitor lost their place). Each page after the first gets
 * its own history entry, marked with its number; Back (popstate) to an entry of a lower page moves
 * the survey back to it, and Back from the first page leaves the survey as before. Previous moves
 * the history back with it, so Back never repeats a page; Forward re-opens the page ahead when its
 * answers allow (as Next would). The router's own state is kept in every entry.
 */
const KEY = 'surveyPage';

const pageInHistory = (): number => {
  const state: unknown = window.history.state;
  const page = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof page === 'number' && Number.isInteger(page) && page >= 0 ? page : 0;
};

export function useSurveyHistory(model: SurveyModel): void {
  useEffect(() => {
    // A page change this hook makes itself (from Back or Forward): the history is already there.
    let following = false;
    // The survey's first entry: the page it opened on (a resumed survey opens on a later page, with
    // no entries for the pages before it). Only the entries above it are the survey's own to step through.
    const mark = (page: number) => window.history.replaceState({ ...(window.history.state as object), [KEY]: page }, '');
    mark(model.currentPageNo);
    let base = model.currentPageNo;

    const pageChanged = (
      sender: SurveyModel,
      options: { oldCurrentPage?: { visibleIndex: number } | null; newCurrentPage?: { visibleIndex: number } | null },
    ) => {
      if (following) return;
      const to = options.newCurrentPage?.visibleIndex ?? sender.currentPageNo;
      const from = options.oldCurrentPage?.visibleIndex ?? pageInHistory();
      if (to > from) {
        window.history.pushState({ ...(window.history.state as object), [KEY]: to }, '');
      } else if (to < from) {
        // Previous: step the history back with it (its popstate finds the survey already there); below
        // the first entry there is nothing to step back to, so that entry becomes this page.
        const steps = pageInHistory() - Math.max(to, base);
        if (steps > 0) window.history.go(-steps);
        else if (to < base) {
          base = to;
          mark(to);
        }
      }
    };
    const popped = () => {
      // An entry without a page is not the survey's (Back from its first page): the router leaves it.
      const state: unknown = window.history.state;
      if (!state || typeof state !== 'object' || !(KEY in state)) return;
      const target = pageInHistory();
      if (target === model.currentPageNo) return;
      following = true;
      try {
        if (target < model.currentPageNo) {
          model.currentPageNo = target;
        } else if (!model.nextPage()) {
          // Forward to a page the answers do not allow yet: stay, and keep the history where the survey is.
          window.history.back();
        }
      } finally {
        following = false;
      }
    };
    model.onCurrentPageChanged.add(pageChanged);
    window.addEventListener('popstate', popped);
    return () => {
      model.onCurrentPageChanged.remove(pageChanged);
      window.removeEventListener('popstate', popped);
    };
  }, [model]);
}
