import type { SurveyAnswers } from '../../../shared/campaigns';

/** What the landing page hands to /startsurvey (SPEC.md §2): the visitor, their record, the campaign. */
export interface SurveyState {
  email: string;
  emailId: string;
  campaignId: string;
  /** The campaign's SurveyJS definition, as JSON text. */
  questions: string;
}

/** What /startsurvey hands to /result. */
export interface ResultState {
  questions: string;
  answers: SurveyAnswers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Navigation state survives reloads and can be anything: accept it only when it is whole. */
export function readSurveyState(state: unknown): SurveyState | null {
  if (!isRecord(state)) return null;
  const { email, emailId, campaignId, questions } = state;
  if (!isText(email) || !isText(emailId) || !isText(campaignId) || !isText(questions)) return null;
  return { email, emailId, campaignId, questions };
}

export function readResultState(state: unknown): ResultState | null {
  if (!isRecord(state) || !isText(state.questions) || !isRecord(state.answers)) return null;
  return { questions: state.questions, answers: state.answers };
}
