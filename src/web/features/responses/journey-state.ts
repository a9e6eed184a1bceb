import type { SurveyAnswers } from '#shared/responses/responses.contract';
import { SURVEY_JOURNEY_COOKIE, SURVEY_JOURNEY_PATHS } from '#shared/responses/survey-journey';
import { isPlainObject } from '#shared/json-object';
import { readListingMatches, type ListingMatches } from '#shared/matching/listing-match';

/** What the landing page hands to /startsurvey (SPEC.md §2): the visitor, their record, the campaign. */
export interface SurveyState {
  email: string;
  emailId: string;
  campaignId: string;
  /** The campaign's SurveyJS definition, as JSON text. */
  questions: string;
  /** The campaign's name, when the page that started the survey knew it: /result names the survey by it when the survey has no title. */
  campaignName?: string;
  /** Answers kept on the server to continue with: the visitor is welcomed back. */
  resumed?: { answers: SurveyAnswers; page: number };
  /**
   * Answers to the first page, typed before SurveyJS had loaded (light-survey.tsx): the runner takes
   * them and, with `next`, goes on as that page's "Next" (or "Complete") would.
   */
  carried?: { answers: SurveyAnswers; next: boolean };
}

/**
 * What the click hands to /startsurvey: the e-mail record may still be on its way (email-record.ts),
 * the runner shows the survey meanwhile.
 */
export type SurveyStart = Omit<SurveyState, 'emailId'> & { emailId?: string };

/** What /startsurvey hands to /result. */
export interface ResultState {
  questions: string;
  answers: SurveyAnswers;
  /** The locale the visitor saw the survey in ('' is the survey's default texts). */
  locale?: string;
  campaignName?: string;
  /** The homes and decor the server matched to the answers; missing on an older state. */
  matches?: ListingMatches;
  /** The visitor's e-mail (a site visit is booked from /result without asking it again). */
  email?: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Navigation state survives reloads and can be anything: accept it only when it is whole. */
export function readSurveyState(state: unknown): SurveyState | null {
  const start = readSurveyStart(state);
  return start?.emailId ? { ...start, emailId: start.emailId } : null;
}

/** As readSurveyState, with or without the e-mail record's id. */
export function readSurveyStart(state: unknown): SurveyStart | null {
  if (!isPlainObject(state)) return null;
  const { email, emailId, campaignId, questions, resumed } = state;
  if (!isText(email) || !(emailId === undefined || isText(emailId)) || !isText(campaignId) || !isText(questions)) return null;
  const journey: SurveyStart = emailId === undefined ? { email, campaignId, questions } : { email, emailId, campaignId, questions };
  if (isText(state.campaignName)) journey.campaignName = state.campaignName;
  if (isPlainObject(resumed) && isPlainObject(resumed.answers) && Number.isInteger(resumed.page) && (resumed.page as number) >= 0) {
    journey.resumed = { answers: resumed.answers, page: resumed.page as number };
  }
  if (isPlainObject(state.carried) && isPlainObject(state.carried.answers))
    journey.carried = { answers: state.carried.answers, next: state.carried.next === true };
  return journey;
}

export function readResultState(state: unknown): ResultState | null {
  if (!isPlainObject(state) || !isText(state.questions) || !isPlainObject(state.answers)) return null;
  const locale = typeof state.locale === 'string' ? state.locale : undefined;
  const result: ResultState = { questions: state.questions, answers: state.answers, locale, matches: readListingMatches(state.matches) };
  if (isText(state.campaignName)) result.campaignName = state.campaignName;
  if (isText(state.email)) result.email = state.email;
  return result;
}

/**
 * Marks this browser as on a survey journey (a session cookie, shared/responses/survey-journey.ts):
 * a reload of /startsurvey or /result is then answered with the app, not sent to / by the server.
 */
export function markSurveyJourney(): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const path of SURVEY_JOURNEY_PATHS) document.cookie = `${SURVEY_JOURNEY_COOKIE}=1; Path=${path}; SameSite=Lax${secure}`;
}
