import { route } from '#shared/api-route';
import { RESPONSES_API } from './responses.api';
import type { surveyProgressReadSchema, surveyProgressSavedSchema, surveyResumeSchema } from './responses.contract';

/**
 * The answers kept as the visitor goes with their answers, by type only. Apart from
 * responses.api.ts: the landing page loads these only once an e-mail is submitted.
 */
export const SURVEY_PROGRESS_ROUTES = {
  save: route<typeof surveyProgressSavedSchema>('POST', RESPONSES_API.progress),
  /** With `query: resumeTokenQuery(token)`. */
  read: route<typeof surveyProgressReadSchema>('GET', RESPONSES_API.progress),
  /** With `query: resumeTokenQuery(token)`. */
  resume: route<typeof surveyResumeSchema>('GET', RESPONSES_API.resume),
};

/** The `?token=` of the progress and resume routes, encoded as the survey page always sent it. */
export const resumeTokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;
