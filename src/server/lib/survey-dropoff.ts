import { createHash } from 'node:crypto';
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
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * The answers' names the survey's visibility depends on (`visibleIf` of pages, panels and
 * questions), or null when a condition calls a function (its result may not follow the answers).
 */
function visibilityInputs(model: Model): Set<string> | null {
  const names = new Set<string>();
  const owners: Array<{ visibleIf?: string }> = [...model.pages, ...model.getAllPanels(false, false), ...model.getAllQuestions(false, false, false)] as Array<{
    visibleIf?: string;
  }>;
  for (const owner of owners) {
    const expression = owner.visibleIf;
    if (!expression) continue;
    const runner = new ConditionRunner(expression);
    if (runner.hasFunction()) return null;
    for (const variable of runner.getVariables()) names.add(variable.split(/[.[]/)[0]!.replace(/-unwrapped$/, ''));
  }
  return names;
}

/** The version of a survey a kept contribution was computed for: a digest of its definition (decision 0058). */
export const surveyVersion = (definition: string): string => createHash('sha256').update(definition).digest('base64url').slice(0, 22);

/**
 * A survey's drop-off (decisions 0035, 0058). Each visitor's **contribution** is a short text, one
 * character per counted question in page order (`.` not shown, `s` shown and unanswered, `a` shown
 * and answered), then `|` and the index of the question they stopped at (nothing when finished or
 * when no question was shown). The drop-off is the sum of the contributions, so a contribution kept
 * when the answers are written sums to the same figures as the answers read again.
 *
 * Visibility is evaluated by one survey-core model of the survey, so `visibleIf` of pages, panels and
 * questions counts as the visitor's browser did: a question hidden for a visitor does not count them.
 * A visitor was shown the visible questions of the visible pages up to the furthest page reached (all
 * of them when finished). An unfinished visitor stopped at the first visible question left unanswered
 * on the page they are on, or at the last one of that page when they answered all of it.
 *
 * Setting a visitor's answers on the model costs milliseconds (every condition and value of the
 * survey runs again), so the model is given only the answers the conditions name, once per distinct
 * combination, and each visitor's answered questions are read from their answers. Surveys whose
 * conditions call functions are evaluated visitor by visitor (`keepable` is false: a kept
 * contribution could go stale without any write).
 */
export class DropoffSurvey {
  readonly version: string;
  /** Whether contributions may be kept: no condition calls a function. */
  readonly keepable: boolean;
  private readonly model: Model;
  private readonly questions: Question[];
  private readonly index: Map<Question, number>;
  private readonly inputs: Set<string> | null;
  private readonly layouts = new Map<string, Question[][]>();

  constructor(definition: string) {
    let json: unknown;
    try {
      json = JSON.parse(definition);
    } catch {
      json = {};
    }
    this.version = surveyVersion(definition);
    this.model = new Model(json);
    this.questions = this.model.getAllQuestions(false, false, false).filter((q) => q.name !== '' && !isContentType(q.getType()));
    this.index = new Map(this.questions.map((q, i) => [q, i]));
    this.inputs = visibilityInputs(this.model);
    this.keepable = this.inputs !== null;
  }

  /** The visible pages, each with its visible counted questions, for a combination of the conditions' answers. */
  private layoutFor(answers: Record<string, unknown>): Question[][] {
    const inputs = this.inputs;
    const given = inputs === null ? answers : Object.fromEntries([...inputs].filter((n) => n in answers).map((n) => [n, answers[n]]));
    const key = inputs === null ? null : JSON.stringify(given);
    const known = key === null ? undefined : this.layouts.get(key);
    if (known) return known;
    this.model.data = given;
    const layout = this.model.visiblePages.map((page) => page.questions.filter((q) => this.index.has(q) && q.isVisible && q.isParentVisible));
    if (key !== null) this.layouts.set(key, layout);
    return layout;
  }

  /** The visitor's contribution (see the class). */
  contribution(visitor: DropoffVisitor): string {
    const answers = visitor.answers ? parseAnswers(visitor.answers) : {};
    const pages = this.layoutFor(answers);
    const marks = new Array<string>(this.questions.length).fill('.');
    const valueOf = (q: Question) => answers[q.getValueName()];
    const last = visitor.finished ? pages.length - 1 : Math.min(Math.max(visitor.furthestPage, visitor.page), pages.length - 1);
    for (let p = 0; p <= last; p++) for (const q of pages[p]!) marks[this.index.get(q)!] = isEmptyValue(valueOf(q)) ? 's' : 'a';
    let stopped = '';
    if (!visitor.finished && pages.length > 0) {
      const shown = pages[Math.min(visitor.page, pages.length - 1)]!;
      const stop = shown.find((q) => isEmptyValue(valueOf(q))) ?? shown[shown.length - 1];
      if (stop) stopped = String(this.index.get(stop)!);
    }
    return `${marks.join('')}|${stopped}`;
  }

  /** Every counted question at zero, in page order. */
  empty(): DropoffQuestion[] {
    return this.questions.map((q) => ({ name: q.name, title: q.title || q.name, shown: 0, answered: 0, stoppedHere: 0 }));
  }

  /** Adds `times` visitors of this contribution to the rows (from `empty()`). */
  add(rows: DropoffQuestion[], contribution: string, times = 1): void {
    const bar = contribution.indexOf('|');
    for (let i = 0; i < bar; i++) {
      const mark = contribution.charCodeAt(i);
      if (mark === 46 /* . */) continue;
      rows[i]!.shown += times;
      if (mark === 97 /* a */) rows[i]!.answered += times;
    }
    if (bar + 1 < contribution.length) rows[Number(contribution.slice(bar + 1))]!.stoppedHere += times;
  }
}

// A model costs milliseconds to build: the surveys in use are kept (a few at a time), by version.
const known = new Map<string, DropoffSurvey>();

/** The drop-off of a survey definition, built once while it is in use. */
export function dropoffSurvey(definition: string): DropoffSurvey {
  const version = surveyVersion(definition);
  const found = known.get(version);
  if (found) {
    known.delete(version);
    known.set(version, found);
    return found;
  }
  const made = new DropoffSurvey(definition);
  known.set(version, made);
  if (known.size > 16) known.delete(known.keys().next().value!);
  return made;
}

/** Per question, in page order: how many visitors were shown it, answered it, stopped at it (decision 0035): the sum of their contributions. */
export function surveyDropoff(definition: string, visitors: Iterable<DropoffVisitor>): DropoffQuestion[] {
  const survey = new DropoffSurvey(definition);
  const rows = survey.empty();
  for (const visitor of visitors) survey.add(rows, survey.contribution(visitor));
  return rows;
}
