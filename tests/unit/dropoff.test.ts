// Drop-off reads what is visible from one survey-core model per combination of the answers the
// conditions name (decision 0035). The oracle below is the straightforward way, every visitor's
// answers set on the model: both must count the same, with page, panel and question conditions,
// a valueName, a hidden html element, and a condition calling a function (evaluated per visitor).
import { Model, type Question } from 'survey-core';
import { describe, expect, it } from 'vitest';
import { surveyDropoff, type DropoffVisitor } from '#server/features/funnel/dropoff';
import { isContentType } from '#shared/survey-json/content-elements';
import { parseAnswers } from '#shared/survey-json/survey-questions';
import type { DropoffQuestion } from '#shared/funnel/funnel.contract';
import '#shared/survey-json/custom-properties';

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * Per question, in page order: how many visitors were shown it, answered it, stopped at it
 * (decision 0035). Each visitor's answers are put in one survey-core model of the survey, so
 * `visibleIf` of pages, panels and questions is evaluated as the visitor's browser did: a question
 * hidden for a visitor does not count them. A visitor was shown the visible questions of the
 * visible pages up to the furthest page reached (all of them when finished). An unfinished
 * visitor stopped at the first visible question left unanswered on the page they are on, or at the
 * last one of that page when they answered all of it.
 */
function oracle(definition: string, visitors: Iterable<DropoffVisitor>): DropoffQuestion[] {
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

const survey = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'radiogroup', name: 'kind', choices: ['flat', 'villa', 'plot'] },
        { type: 'text', name: 'age', inputType: 'number' },
        { type: 'checkbox', name: 'wants', choices: ['a', 'b', 'c'] },
      ],
    },
    {
      name: 'p2',
      visibleIf: "{kind} != 'plot'",
      elements: [
        { type: 'panel', name: 'pan', visibleIf: '{age} >= 30', elements: [{ type: 'text', name: 'inner', valueName: 'innerValue' }] },
        { type: 'text', name: 'why', visibleIf: "{wants} contains 'b'" },
        { type: 'html', name: 'h', html: 'x' },
      ],
    },
    {
      name: 'p3',
      elements: [
        { type: 'comment', name: 'note', visibleIf: "{kind} = 'villa' and {age} < 50" },
        { type: 'text', name: 'last' },
      ],
    },
  ],
};

/**
 * Visitors with random answers, from a fixed seed: a few hundred reach every branch of the conditions (the
 * assertions check that some visitors are hidden questions). The oracle sets each visitor's answers on a
 * SurveyJS model, tens of milliseconds a visitor on a loaded machine: 600 timed out at 30 s there.
 */
function visitorsOf(count: number, seedStart: number): DropoffVisitor[] {
  let seed = seedStart;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const a: Record<string, unknown> = {};
    if (rnd() < 0.8) a.kind = ['flat', 'villa', 'plot'][Math.floor(rnd() * 3)];
    if (rnd() < 0.8) a.age = Math.floor(rnd() * 70);
    if (rnd() < 0.8) a.wants = ['a', 'b', 'c'].filter(() => rnd() < 0.5);
    if (rnd() < 0.5) a.innerValue = 'x';
    if (rnd() < 0.5) a.why = rnd() < 0.3 ? '' : 'because';
    if (rnd() < 0.5) a.note = 'n';
    if (rnd() < 0.5) a.last = 'l';
    const page = Math.floor(rnd() * 3);
    return { answers: rnd() < 0.05 ? null : JSON.stringify(a), finished: rnd() < 0.3, page, furthestPage: page + Math.floor(rnd() * 2) };
  });
}

describe('survey drop-off', () => {
  it('counts as the per-visitor model does, for conditions on pages, panels and questions', () => {
    const visitors = visitorsOf(240, 3);
    const counted = surveyDropoff(JSON.stringify(survey), visitors);
    expect(counted).toEqual(oracle(JSON.stringify(survey), visitors));
    // Not a survey where nothing depends on anything: the conditions hide questions from some visitors.
    expect(counted.find((q) => q.name === 'inner')!.shown).toBeLessThan(counted.find((q) => q.name === 'kind')!.shown);
    expect(counted.find((q) => q.name === 'why')!.shown).toBeGreaterThan(0);
  });

  it('counts as the per-visitor model does when a condition calls a function', () => {
    const withFunction = {
      ...survey,
      pages: [...survey.pages, { name: 'p4', visibleIf: 'age({age}) > 1 or {kind} notempty', elements: [{ type: 'text', name: 'fn' }] }],
    };
    const visitors = visitorsOf(120, 11);
    expect(surveyDropoff(JSON.stringify(withFunction), visitors)).toEqual(oracle(JSON.stringify(withFunction), visitors));
  });
});
