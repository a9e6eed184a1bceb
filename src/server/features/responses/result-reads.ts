import * as answers from './answer-queries.repository';
import * as counts from './summary-counts.repository';

/*
 * What the results (summary, answers table, streamed export) read of the answers: the responses
 * room's door gives them as `responseQueries`. Each is the repository's statement as it is, with its
 * own signature; the queries are answer-queries.repository.ts's and summary-counts.repository.ts's.
 */

export type { ResultFilters, ResultStatusPick } from './answer-queries.repository';
export type { CountScope } from './summary-counts.repository';

/** No filter: every date, channel and answer. */
export const NO_FILTERS = answers.NO_FILTERS;

/** Finished and unfinished answers under the filters. */
export const countFiltered: typeof answers.countFiltered = (...args) => answers.countFiltered(...args);

/** A page of the answers table, newest first. */
export const listResponses: typeof answers.listResponses = (...args) => answers.listResponses(...args);

/** The campaign's responses, oldest first, a batch at a time (the export). */
export const responseBatches: typeof answers.responseBatches = (...args) => answers.responseBatches(...args);

/** The campaign's responses' answers and dates, oldest first, a batch at a time (the summary). */
export const answerBatches: typeof answers.answerBatches = (...args) => answers.answerBatches(...args);

/** The campaign's unfinished answers, by last change, a batch at a time. */
export const progressBatches: typeof answers.progressBatches = (...args) => answers.progressBatches(...args);

/** The campaign's e-mail records, oldest first, a batch at a time. */
export const emailRecordBatches: typeof answers.emailRecordBatches = (...args) => answers.emailRecordBatches(...args);

/** How many were given the survey, started it, reached each later page and finished it. */
export const funnelCounts: typeof answers.funnelCounts = (...args) => answers.funnelCounts(...args);

/** The text questions' latest answers under the filters. */
export const latestAnswers: typeof answers.latestAnswers = (...args) => answers.latestAnswers(...args);

/** The time zone and survey a campaign's kept counts were made with (decision 0056); undefined: not counted. */
export const summaryCountState: typeof counts.summaryCountState = (...args) => counts.summaryCountState(...args);

/** The kept answers per studio day, finished and not, in the scope. */
export const summaryDayCounts: typeof counts.summaryDayCounts = (...args) => counts.summaryDayCounts(...args);

/** The kept answers per question and value in the scope. */
export const summaryAnswerCounts: typeof counts.summaryAnswerCounts = (...args) => counts.summaryAnswerCounts(...args);
