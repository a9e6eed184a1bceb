import type { ActiveCampaign } from '#shared/surveys/campaigns.contract';
import type { SurveyAnswers, SurveyProgressSaved } from '#shared/responses/responses.contract';
import type { Language } from '#shared/i18n/languages';
import { resumeTokenQuery, SURVEY_PROGRESS_ROUTES } from '#shared/responses/survey-progress.api';
import { isPlainObject } from '#shared/json-object';
import { api } from '#web/lib/api-client';
import type { SurveyState } from './journey-state';

/*
 * Answers kept on the server as the visitor goes: the calls, and the resume token this
 * browser holds. The landing page loads this module only when an e-mail is submitted (its script
 * budget before interaction has no room for it); /startsurvey imports it.
 */

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Browsers refuse a keepalive request whose body is over 64 KB (all of them together, in fact). */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * Saves the answers so far. `keepalive` lets the request finish after the page is gone (sent when
 * the page is hidden); a body too large for it goes as an ordinary request.
 */
export function saveSurveyProgress(
  campaignId: string,
  response: { email: string; emailId: string; answer: SurveyAnswers; page: number; resumeToken?: string; language?: Language },
  options: { keepalive?: boolean } = {},
): Promise<SurveyProgressSaved> {
  const keepalive = options.keepalive === true && new Blob([JSON.stringify({ response })]).size < KEEPALIVE_MAX_BYTES;
  return api.call(SURVEY_PROGRESS_ROUTES.save, { params: [campaignId], body: { response }, keepalive });
}

/** The answers so far, for the holder of a resume token. */
export const fetchSurveyProgress = (campaignId: string, token: string) =>
  api.call(SURVEY_PROGRESS_ROUTES.read, { params: [campaignId], query: resumeTokenQuery(token) });

/** What a resume link opens: the survey it was made for (active or not) and the answers so far. */
export const fetchSurveyResume = (token: string) => api.call(SURVEY_PROGRESS_ROUTES.resume, { query: resumeTokenQuery(token) });

/**
 * The resume token this browser holds, with the e-mail record it opens: kept in
 * localStorage so the visitor can come back another day. One journey at a time; forgotten once the
 * response is stored.
 */
export interface HeldResume {
  email: string;
  emailId: string;
  campaignId: string;
  token: string;
}

const HELD_RESUME_KEY = 'abode.survey-resume';

function siteStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: the visitor gets the e-mailed link instead
  }
}

export function heldResume(): HeldResume | null {
  try {
    const held: unknown = JSON.parse(siteStorage()?.getItem(HELD_RESUME_KEY) ?? 'null');
    if (!isPlainObject(held)) return null;
    const { email, emailId, campaignId, token } = held;
    return isText(email) && isText(emailId) && isText(campaignId) && isText(token) ? { email, emailId, campaignId, token } : null;
  } catch {
    return null;
  }
}

export function holdResume(held: HeldResume): void {
  try {
    siteStorage()?.setItem(HELD_RESUME_KEY, JSON.stringify(held));
  } catch {
    // Storage full or disabled: the e-mailed link still brings the visitor back.
  }
}

export function forgetResume(): void {
  try {
    siteStorage()?.removeItem(HELD_RESUME_KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * The journey to continue when this browser holds a token for this e-mail and campaign whose
 * answers are still kept; null otherwise (a dead token is forgotten).
 */
export async function heldJourney(email: string, campaign: ActiveCampaign): Promise<SurveyState | null> {
  const held = heldResume();
  if (!held || held.email !== email || held.campaignId !== campaign._id) return null;
  const progress = await fetchSurveyProgress(campaign._id, held.token).catch(() => null);
  if (!progress) {
    forgetResume();
    return null;
  }
  return {
    email,
    emailId: progress.emailId,
    campaignId: campaign._id,
    questions: campaign.questions,
    resumed: { answers: progress.answer, page: progress.page },
  };
}
