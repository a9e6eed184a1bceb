import { cellText, parseAnswers, type SummaryReading } from '#shared/survey-json/survey-questions';

/**
 * What one stored answer adds to the results summary's kept counts (docs/decisions/0056): the row
 * itself (question '' and answer '': the day's count and the totals), and per question the value as
 * the summary's fold reads it, as JSON text, so the fold can be fed the same values again weighted
 * by their counts. A text question keeps only whether it was answered (`#answered`): its latest
 * answers are read from the rows, and its values would make a bucket per person.
 */
export const ROW_QUESTION = '';
export const ROW_ANSWER = '';
export const ANSWERED = '#answered';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The (question name, answer bucket) pairs one answer (SurveyJS data as JSON text) counts in. */
export function answerBuckets(survey: SummaryReading, answer: string): Array<[question: string, answer: string]> {
  const answers = parseAnswers(answer);
  const out: Array<[string, string]> = [[ROW_QUESTION, ROW_ANSWER]];
  for (const q of survey.questions) {
    if (q.kind === 'text') {
      if (cellText(q.format(answers)) !== '') out.push([q.name, ANSWERED]);
      continue;
    }
    const value = answers[q.valueName];
    // Empty values count nowhere in the fold, whatever the question's kind.
    if (isEmpty(value)) continue;
    out.push([q.name, JSON.stringify(value)]);
  }
  return out;
}

/** Channel and day of the counts over every channel and day (the summary without a channel or dates). */
export const ANY = '*';

/** One stored answer as the counts see it: a response (finished) or unfinished answers. */
export interface CountedAnswer {
  finished: boolean;
  channelId: string | null;
  /** The response's time, or the unfinished answers' last change. */
  at: Date | string;
  /** SurveyJS data as JSON text. */
  answer: string;
}

/** One row of the counts: how many answers fall in it (a change: how many to add, negative to remove). */
export interface CountRow {
  finished: boolean;
  channelId: string;
  day: string;
  question: string;
  answer: string;
  n: number;
}

/**
 * Counts added up in memory before they are written: each answer's buckets on its channel and
 * studio day, on ANY channel that day, and on ANY channel and ANY day (the summary without a
 * channel reads no channel's rows; without dates, no day's). Rows that add up to nothing are left out. Sorted,
 * so concurrent writers take the rows' locks in one order.
 */
export class CountSheet {
  readonly #rows = new Map<string, CountRow>();
  constructor(
    private readonly survey: SummaryReading,
    private readonly dayOf: (at: Date) => string,
  ) {}

  add(row: CountedAnswer, sign: 1 | -1): void {
    const day = this.dayOf(typeof row.at === 'string' ? new Date(row.at) : row.at);
    const channelId = row.channelId ?? '';
    for (const [question, answer] of answerBuckets(this.survey, row.answer)) {
      this.#bump({ finished: row.finished, channelId, day, question, answer }, sign);
      this.#bump({ finished: row.finished, channelId: ANY, day, question, answer }, sign);
      this.#bump({ finished: row.finished, channelId: ANY, day: ANY, question, answer }, sign);
    }
  }

  #bump(key: Omit<CountRow, 'n'>, n: number): void {
    const k = JSON.stringify([key.finished, key.channelId, key.day, key.question, key.answer]);
    const row = this.#rows.get(k);
    if (row) row.n += n;
    else this.#rows.set(k, { ...key, n });
  }

  rows(): CountRow[] {
    return [...this.#rows.entries()]
      .filter(([, r]) => r.n !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => r);
  }
}
