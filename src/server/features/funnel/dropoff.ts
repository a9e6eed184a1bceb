import { ConditionRunner, Model, type Question } from 'survey-core';
import '#shared/survey-json/custom-properties';
import { isContentType } from '#shared/survey-json/content-elements';
import { parseAnswers } from '#shared/survey-json/survey-questions';
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
 * The answers' names the survey's visibility depends on (`visibleIf` of pages, panels and
 * questions), or null when a condition calls a function (its result may not follow the answers).
 */
function visibilityInputs(model: Model): Set<string> | null {
  const names = new Set<string>();
  const owners: Array<{ visibleIf?: string }> = [...model.pages, ...model.getAllPanels(false, false), ...model.getAllQuestions(false, false, false)] as Array<{ visibleIf?: string }>;
  for (const owner of owners) {
    const expression = owner.visibleIf;
    if (!expression) continue;
    const runner = new ConditionRunner(expression);
    if (runner.hasFunction()) return null;
    for (const variable of runner.getVariables()) names.add(variable.split(/[.[]/)[0]!.replace(/-unwrapped$/, ''));
  }
  return names;
}

/**
 * Per question, in page order: how many visitors were shown it, answered it, stopped at it
 * (decision 0035). Visibility is evaluated by one survey-core model of the survey, so `visibleIf`
 * of pages, panels and questions counts as the visitor's browser did: a question hidden for a
 * visitor does not count them. A visitor was shown the visible questions of the visible pages up to
 * the furthest page reached (all of them when finished). An unfinished visitor stopped at the first
 * visible question left unanswered on the page they are on, or at the last one of that page when
 * they answered all of it.
 *
 * Setting a visitor's answers on the model costs milliseconds (every condition and value of the
 * survey runs again): 100,000 visitors took minutes. What is visible depends only on the answers
 * the conditions name, so the model is given those alone, once per distinct combination, and each
 * visitor's answered questions are read from their answers. Surveys whose conditions call
 * functions are evaluated visitor by visitor, as before.
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
  const inputs = visibilityInputs(model);
  /** The visible pages, each with its visible counted questions, for a combination of the conditions' answers. */
  const layouts = new Map<string, Question[][]>();
  const layoutFor = (answers: Record<string, unknown>): Question[][] => {
    const given = inputs === null ? answers : Object.fromEntries([...inputs].filter((n) => n in answers).map((n) => [n, answers[n]]));
    const key = inputs === null ? null : JSON.stringify(given);
    const known = key === null ? undefined : layouts.get(key);
    if (known) return known;
    model.data = given;
    const layout = model.visiblePages.map((page) => page.questions.filter((q) => rows.has(q) && q.isVisible && q.isParentVisible));
    if (key !== null) layouts.set(key, layout);
    return layout;
  };
  for (const visitor of visitors) {
    const answers = visitor.answers ? parseAnswers(visitor.answers) : {};
    const pages = layoutFor(answers);
    const valueOf = (q: Question) => answers[q.getValueName()];
    const last = visitor.finished ? pages.length - 1 : Math.min(Math.max(visitor.furthestPage, visitor.page), pages.length - 1);
    for (let p = 0; p <= last; p++) {
      for (const q of pages[p]!) {
        const row = rows.get(q)!;
        row.shown++;
        if (!isEmptyValue(valueOf(q))) row.answered++;
      }
    }
    if (visitor.finished || pages.length === 0) continue;
    const shown = pages[Math.min(visitor.page, pages.length - 1)]!;
    const stop = shown.find((q) => isEmptyValue(valueOf(q))) ?? shown[shown.length - 1];
    if (stop) rows.get(stop)!.stoppedHere++;
  }
  return [...rows.values()];
}
