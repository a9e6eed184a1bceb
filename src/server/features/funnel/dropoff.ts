import { Model, type Question } from 'survey-core';
import '#shared/survey/custom-properties';
import { isContentType } from '#shared/survey/content-elements';
import { parseAnswers } from '#shared/survey/survey-questions';
import type { DropoffQuestion } from '#shared/funnel/funnel.contract';

/** One visitor of a survey: their answers and, unless they finished, the page they are on and the furthest they reached (zero-based, visible pages). */
export interface DropoffVisitor {
  answers: string | null;
  finished: boolean;
  page: number;
  furthestPage: number;
}

const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * Per question, in page order: how many visitors were shown it, answered it, stopped at it
 * (decision 0035). Each visitor's answers are put in one survey-core model of the survey, so
 * `visibleIf` of pages, panels and questions is evaluated as the visitor's browser did: a question
 * hidden for a visitor does not count them. A visitor was shown the visible questions of the
 * visible pages up to the furthest page reached (all of them when finished). An unfinished
 * visitor stopped at the first visible question left unanswered on the page they are on, or at the
 * last one of that page when they answered all of it.
 */
export function surveyDropoff(definition: string, visitors: Iterable<DropoffVisitor>): DropoffQuestion[] {
  let json: unknown;
  try {
    json = JSON.parse(definition);
  } catch {
    json = {};
  }
  const model = new Model(json);
  const questions = model.getAllQuestions(false, false, false).filter((q) => q.name !== '' && !isContentType(q.getType()));
  const rows = new Map<Question, DropoffQuestion>(questions.map((q) => [q, { name: q.name, title: q.title || q.name, shown: 0, answered: 0, stoppedHere: 0 }]));
  const visibleOn = (q: Question) => q.isVisible && q.isParentVisible;
  for (const visitor of visitors) {
    model.data = visitor.answers ? parseAnswers(visitor.answers) : {};
    const pages = model.visiblePages;
    const last = visitor.finished ? pages.length - 1 : Math.min(Math.max(visitor.furthestPage, visitor.page), pages.length - 1);
    for (let p = 0; p <= last; p++) {
      for (const q of pages[p]!.questions) {
        const row = rows.get(q);
        if (!row || !visibleOn(q)) continue;
        row.shown++;
        if (!isEmptyValue(q.value)) row.answered++;
      }
    }
    if (visitor.finished || pages.length === 0) continue;
    const current = pages[Math.min(visitor.page, pages.length - 1)]!;
    const shown = current.questions.filter((q) => rows.has(q) && visibleOn(q));
    const stop = shown.find((q) => isEmptyValue(q.value)) ?? shown[shown.length - 1];
    if (stop) rows.get(stop)!.stoppedHere++;
  }
  return [...rows.values()];
}
