import type { Kysely } from 'kysely';
import {
  RESERVED_FILTER_KEYS,
  SUMMARY_MESSAGES,
  type CampaignSummaryResult,
  type QuestionSummary,
  type ResultStatus,
} from '#shared/results/campaign-summary.contract';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { cellText, parseAnswers, readSurveySummary, type SummaryChoice, type SummaryQuestion, type SummaryReading } from '#shared/survey-json/survey-questions';
import { ANSWERED } from '#shared/results/summary-buckets';
import type { Dialect } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { badRequest, notFound } from '#server/lib/errors';
import { instantOf, localDay } from '#shared/followup/working-hours';
import * as surveys from '#server/features/surveys';
import { responseQueries as resultsRepo } from '#server/features/responses';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
const BATCH_SIZE = 5000;
const LATEST = 10;
/** Values outside a question's choices (typed "other" answers, old choices) kept per question at most. */
const STRAY_VALUES_MAX = 50;
/** Days listed one by one (zeros included) in perDay at most; a longer period lists only days with answers. */
const PER_DAY_SPAN_MAX = 1000;

export interface ParsedFilters {
  filters: resultsRepo.ResultFilters;
  /** Undefined when the query named none. */
  status: ResultStatus | undefined;
}

/** The day after a YYYY-MM-DD day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The filters of a results query, checked against the survey: every key that is not from, to,
 * status, limit or offset must name a choice question of the survey (400 otherwise). `from` and
 * `to` are the studio's days (its time-zone setting), as staff read every date.
 */
export function parseFilters(questions: string, query: Record<string, unknown>, timeZone: string): ParsedFilters {
  const filters: resultsRepo.ResultFilters = { answers: [] };
  if (typeof query.from === 'string') filters.from = instantOf(query.from, 0, timeZone);
  if (typeof query.to === 'string') filters.until = instantOf(dayAfter(query.to), 0, timeZone);
  if (typeof query.channelId === 'string' && query.channelId !== '') filters.channelId = query.channelId;
  const extra = Object.keys(query).filter((k) => !RESERVED_FILTER_KEYS.has(k));
  if (extra.length > 0) {
    const byName = new Map(readSurveySummary(questions).questions.map((q) => [q.name, q]));
    for (const name of extra) {
      const question = byName.get(name);
      if (!question || (question.kind !== 'choices' && question.kind !== 'rating')) {
        throw badRequest(SUMMARY_MESSAGES.unknownQuestion(name), [{ field: name, message: SUMMARY_MESSAGES.unknownQuestion(name) }]);
      }
      const value = query[name];
      if (typeof value !== 'string' || value.length > 500)
        throw badRequest(SUMMARY_MESSAGES.badValue(name), [{ field: name, message: SUMMARY_MESSAGES.badValue(name) }]);
      filters.answers.push({ key: question.valueName, value });
    }
  }
  return { filters, status: query.status as ResultStatus | undefined };
}

const valueKey = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Counts of picks: the question's own choices in order, then values it does not list. */
class ChoiceCounter {
  readonly #counts = new Map<string, number>();
  readonly #stray = new Map<string, { value: string | number | boolean; count: number }>();
  /** The spellings (JSON) of each value not listed: 4 and "4" are one entry, shown as the first seen. */
  readonly #spellings = new Map<string, Set<string>>();
  constructor(private readonly choices: SummaryChoice[]) {
    for (const c of choices) this.#counts.set(valueKey(c.value), 0);
  }
  add(value: unknown, times = 1): void {
    const k = valueKey(value);
    const known = this.#counts.get(k);
    if (known !== undefined) this.#counts.set(k, known + times);
    else {
      const stray = this.#stray.get(k);
      if (stray) stray.count += times;
      else if (this.#stray.size < STRAY_VALUES_MAX && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
        this.#stray.set(k, { value, count: times });
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        const spellings = this.#spellings.get(k) ?? new Set<string>();
        spellings.add(JSON.stringify(value));
        this.#spellings.set(k, spellings);
      }
    }
  }
  /**
   * Whether counts added in any order give what the rows in their order give: values not listed
   * are shown in the order first seen, as first spelled, so at most one, spelled one way.
   */
  orderFree(): boolean {
    return this.#spellings.size <= 1 && [...this.#spellings.values()].every((s) => s.size <= 1);
  }
  result() {
    return [
      ...this.choices.map((c) => ({ value: c.value, text: c.text, count: this.#counts.get(valueKey(c.value)) ?? 0 })),
      ...[...this.#stray.values()].map((s) => ({ value: s.value, text: String(s.value), count: s.count })),
    ];
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/**
 * One question's figures, fed one answers object at a time (`times` of the same answer from the
 * counts); memory grows with distinct values, not answers.
 */
interface Accumulator {
  add(answers: Record<string, unknown>, date: string, times?: number): void;
  result(): QuestionSummary;
  /** Whether the figures fed from counts (in no particular order) equal the rows' fold (decision 0056). */
  orderFree(): boolean;
  /** Text questions: how many answered, from the counts, and the latest texts, read from the rows newest first. */
  text?: { addAnswered(n: number): void; offer(text: string): void; full(): boolean };
}

function accumulatorFor(q: SummaryQuestion): Accumulator {
  let answered = 0;
  const base = () => ({ name: q.name, title: q.title, answered });
  const value = (answers: Record<string, unknown>) => answers[q.valueName];
  switch (q.kind) {
    case 'choices':
    case 'boolean': {
      const counter = new ChoiceCounter(q.choices);
      return {
        add(answers, _date, times = 1) {
          const v = value(answers);
          if (isEmpty(v)) return;
          answered += times;
          if (Array.isArray(v))
            for (const item of new Set(v.map(valueKey)))
              counter.add(
                v.find((x) => valueKey(x) === item),
                times,
              );
          else counter.add(v, times);
        },
        orderFree: () => counter.orderFree(),
        result: () =>
          q.kind === 'choices'
            ? { ...base(), type: 'choices', multiple: q.multiple, stats: { choices: counter.result() } }
            : { ...base(), type: 'boolean', stats: { choices: counter.result() } },
      };
    }
    case 'rating': {
      const counter = new ChoiceCounter(q.values);
      let sum = 0;
      let numbers = 0;
      // Sums of whole numbers (while exact) do not depend on the order they are added in.
      let wholeNumbers = true;
      return {
        add(answers, _date, times = 1) {
          const v = value(answers);
          if (isEmpty(v)) return;
          answered += times;
          counter.add(v, times);
          const n = toNumber(v);
          if (n !== undefined) {
            sum += n * times;
            numbers += times;
            if (!Number.isSafeInteger(n)) wholeNumbers = false;
          }
        },
        orderFree: () => counter.orderFree() && wholeNumbers && Number.isSafeInteger(sum),
        result: () => ({ ...base(), type: 'rating', stats: { average: numbers > 0 ? round(sum / numbers) : null, distribution: counter.result() } }),
      };
    }
    case 'number': {
      const counts = new Map<number, number>();
      return {
        add(answers, _date, times = 1) {
          const n = toNumber(value(answers));
          if (n === undefined) return;
          answered += times;
          counts.set(n, (counts.get(n) ?? 0) + times);
        },
        orderFree: () => true,
        result: () => ({ ...base(), type: 'number', stats: numberStats(counts, answered) }),
      };
    }
    case 'matrix': {
      const rows = q.rows.map((row) => ({ row, counter: new ChoiceCounter(q.columns) }));
      return {
        add(answers, _date, times = 1) {
          const v = value(answers);
          if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
          let any = false;
          for (const { row, counter } of rows) {
            const picked = (v as Record<string, unknown>)[valueKey(row.value)];
            if (isEmpty(picked)) continue;
            any = true;
            if (Array.isArray(picked)) for (const p of picked) counter.add(p, times);
            else counter.add(picked, times);
          }
          if (any) answered += times;
        },
        orderFree: () => rows.every(({ counter }) => counter.orderFree()),
        result: () => ({
          ...base(),
          type: 'matrix',
          stats: { rows: rows.map(({ row, counter }) => ({ value: row.value, text: row.text, choices: counter.result() })) },
        }),
      };
    }
    case 'text': {
      // The latest ten, newest first: a small sorted list, whatever the order rows come in.
      const latest: { date: string; text: string }[] = [];
      return {
        add(answers, date) {
          const text = cellText(q.format(answers));
          if (text === '') return;
          answered++;
          if (latest.length === LATEST && latest[LATEST - 1]!.date >= date) return;
          let i = latest.findIndex((l) => l.date < date);
          if (i === -1) i = latest.length;
          latest.splice(i, 0, { date, text });
          if (latest.length > LATEST) latest.pop();
        },
        orderFree: () => true,
        text: {
          addAnswered(n) {
            answered += n;
          },
          // Offered newest first, in the fold's order among equal times: appended.
          offer(text) {
            if (latest.length < LATEST) latest.push({ date: '', text });
          },
          full: () => latest.length === LATEST,
        },
        result: () => ({ ...base(), type: 'text', stats: { latest: latest.map((l) => l.text) } }),
      };
    }
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Min, median, max and up to ten equal bins, from each distinct value's count. */
function numberStats(counts: Map<number, number>, total: number) {
  if (total === 0) return { min: null, median: null, max: null, histogram: [] };
  const values = [...counts.keys()].sort((a, b) => a - b);
  const min = values[0]!;
  const max = values[values.length - 1]!;
  // The values at the middle positions (one or two), walking the sorted distinct values.
  const nth = (position: number) => {
    let seen = 0;
    for (const v of values) {
      seen += counts.get(v)!;
      if (seen > position) return v;
    }
    return max;
  };
  const median = total % 2 === 1 ? nth((total - 1) / 2) : (nth(total / 2 - 1) + nth(total / 2)) / 2;
  const bins = min === max ? 1 : Math.min(10, values.length);
  const width = (max - min) / bins;
  const histogram = Array.from({ length: bins }, (_, i) => ({
    from: round(min + i * width),
    to: round(i === bins - 1 ? max : min + (i + 1) * width),
    count: 0,
  }));
  for (const v of values) {
    const i = width === 0 ? 0 : Math.min(bins - 1, Math.floor((v - min) / width));
    histogram[i]!.count += counts.get(v)!;
  }
  return { min, median, max, histogram };
}

/** perDay over the period (studio days `from`…`to`; zeros included when it is not too long), else over the days with answers. */
function perDayList(days: Map<string, number>, from: string | undefined, to: string | undefined) {
  const known = [...days.keys()].sort();
  if (known.length === 0 && (!from || !to)) return [];
  const start = Date.parse(`${from ?? known[0]}T00:00:00Z`);
  const end = Date.parse(`${to ?? known[known.length - 1]}T00:00:00Z`);
  if ((end - start) / DAY_MS > PER_DAY_SPAN_MAX || end < start) return known.map((date) => ({ date, count: days.get(date)! }));
  const out: { date: string; count: number }[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push({ date, count: days.get(date) ?? 0 });
  }
  return out;
}

/** SQLite reads finish synchronously: let other requests in between two batches. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The campaign's summary under the filters, computed from the rows: counts and the funnel are SQL
 * aggregates; the answers the status picks are streamed in batches and folded into per-question
 * figures (docs/decisions/0011). The reference any faster way of answering must equal, byte for
 * byte (docs/decisions/0056).
 */
export async function campaignSummaryFromRows(
  db: Db,
  dialect: Dialect,
  id: string,
  query: Record<string, unknown>,
  timeZone: string,
): Promise<CampaignSummaryResult> {
  const campaign = await surveys.findCampaign(db, id);
  if (!campaign) throw notFound(CAMPAIGN_MESSAGES.notFound);
  // Completed responses unless the query asks for unfinished answers too.
  const { filters, status = 'completed' } = parseFilters(campaign.questions, query, timeZone);
  const survey = readSurveySummary(campaign.questions);

  const [counts, funnel] = await Promise.all([
    resultsRepo.countFiltered(db, id, filters),
    resultsRepo.funnelCounts(db, id, filters, survey.pages.length, 'rows'),
  ]);

  const accumulators = survey.questions.map(accumulatorFor);
  const days = new Map<string, number>();
  const fold = async (batches: AsyncGenerator<{ answer: string; createdAt: Date | string }[]>) => {
    for await (const batch of batches) {
      for (const row of batch) {
        // SQLite hands back ISO text already; PostgreSQL a Date.
        const date = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
        // The day on the studio's clock: a response at 01:39 IST on the 29th counts on the 29th.
        const day = localDay(new Date(date), timeZone);
        days.set(day, (days.get(day) ?? 0) + 1);
        const answers = parseAnswers(row.answer);
        for (const a of accumulators) a.add(answers, date);
      }
      await yieldToOthers();
    }
  };
  if (status !== 'unfinished') await fold(resultsRepo.answerBatches(db, dialect, id, BATCH_SIZE, filters));
  if (status !== 'completed') await fold(resultsRepo.progressBatches(db, dialect, id, BATCH_SIZE, filters));

  return summaryResult({ status, counts, funnel, survey, days, accumulators, query });
}

/** The summary's body from its parts, the same whether they came from the rows or the counts. */
function summaryResult(parts: {
  status: ResultStatus;
  counts: { completed: number; unfinished: number };
  funnel: { given: number; started: number; reached: number[]; completed: number };
  survey: SummaryReading;
  days: Map<string, number>;
  accumulators: Accumulator[];
  query: Record<string, unknown>;
}): CampaignSummaryResult {
  const { status, counts, funnel, survey, days, accumulators, query } = parts;
  const steps = [
    { step: 'emails', label: 'E-mails given', count: funnel.given },
    { step: 'started', label: 'Survey started', count: funnel.started },
    ...funnel.reached.map((count, i) => ({ step: `page-${i + 2}`, label: `Reached page ${i + 2}: ${survey.pages[i + 1]}`, count })),
    { step: 'completed', label: 'Completed', count: funnel.completed },
  ];
  return {
    total: status === 'completed' ? counts.completed : status === 'unfinished' ? counts.unfinished : counts.completed + counts.unfinished,
    completed: counts.completed,
    unfinished: counts.unfinished,
    funnel: steps,
    perDay: perDayList(days, typeof query.from === 'string' ? query.from : undefined, typeof query.to === 'string' ? query.to : undefined),
    questions: accumulators.map((a) => a.result()),
  };
}

const LATEST_BATCH = 200;

/**
 * The summary from the counts kept as answers are written (decision 0056), or undefined when they
 * cannot give the rows' answer byte for byte: answer filters, counts kept in another time zone or
 * for another version of the survey, values not listed that the order of the rows would decide, or
 * rating values that are not whole numbers. Text questions' latest answers are read from the rows,
 * newest first, until each has its ten. The funnel is the rows' (decision 0056: not yet counted).
 */
async function summaryFromCounts(db: Db, id: string, query: Record<string, unknown>, timeZone: string): Promise<CampaignSummaryResult | undefined> {
  const campaign = await surveys.findCampaign(db, id);
  if (!campaign) throw notFound(CAMPAIGN_MESSAGES.notFound);
  const { filters, status = 'completed' } = parseFilters(campaign.questions, query, timeZone);
  if (filters.answers.length > 0) return undefined;
  const state = await resultsRepo.summaryCountState(db, id);
  if (!state || state.timeZone !== timeZone || state.survey !== campaign.questions) return undefined;
  const survey = readSurveySummary(campaign.questions);
  const scope = {
    channelId: filters.channelId,
    from: typeof query.from === 'string' ? query.from : undefined,
    to: typeof query.to === 'string' ? query.to : undefined,
  };
  const finished = status === 'completed' ? [true] : status === 'unfinished' ? [false] : [true, false];
  const [dayCounts, answerCounts, funnel] = await Promise.all([
    resultsRepo.summaryDayCounts(db, id, scope),
    resultsRepo.summaryAnswerCounts(db, id, { ...scope, finished }),
    resultsRepo.funnelCounts(db, id, filters, survey.pages.length),
  ]);
  const counts = { completed: 0, unfinished: 0 };
  const days = new Map<string, number>();
  for (const d of dayCounts) {
    if (d.finished) counts.completed += d.n;
    else counts.unfinished += d.n;
    if (finished.includes(d.finished)) days.set(d.day, (days.get(d.day) ?? 0) + d.n);
  }
  const accumulators = survey.questions.map(accumulatorFor);
  const byName = new Map(survey.questions.map((q, i) => [q.name, { q, a: accumulators[i]! }]));
  for (const { question, answer, n } of answerCounts) {
    const entry = byName.get(question);
    if (!entry) continue;
    if (answer === ANSWERED) entry.a.text?.addAnswered(n);
    else entry.a.add({ [entry.q.valueName]: JSON.parse(answer) as unknown }, '', n);
  }
  if (!accumulators.every((a) => a.orderFree())) return undefined;
  const texts = survey.questions.map((q, i) => ({ q, text: accumulators[i]!.text })).filter((t) => t.text !== undefined);
  for (let offset = 0; texts.some((t) => !t.text!.full()); offset += LATEST_BATCH) {
    const rows = await resultsRepo.latestAnswers(db, id, filters, status, { limit: LATEST_BATCH, offset });
    for (const row of rows) {
      const answers = parseAnswers(row.answer);
      for (const t of texts) {
        if (t.text!.full()) continue;
        const text = cellText(t.q.format(answers));
        if (text !== '') t.text!.offer(text);
      }
    }
    if (rows.length < LATEST_BATCH) break;
  }
  return summaryResult({ status, counts, funnel, survey, days, accumulators, query });
}

/** The campaign's summary under the filters (GET summary): from the counts when they can give it, else from the rows. */
export async function campaignSummary(db: Db, dialect: Dialect, id: string, query: Record<string, unknown>, timeZone: string): Promise<CampaignSummaryResult> {
  return (await summaryFromCounts(db, id, query, timeZone)) ?? campaignSummaryFromRows(db, dialect, id, query, timeZone);
}
