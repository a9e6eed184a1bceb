import { route } from '#shared/api-route';
import { CAMPAIGNS_API } from './campaigns.api';
import type { surveyProgressReadSchema, surveyProgressSavedSchema, surveyResumeSchema } from './campaigns.contract';

/**
 * The answers kept as the visitor goes with their answers, by type only. Apart from
 * campaigns.api.ts: the landing page loads these only once an e-mail is submitted.
 */
export const SURVEY_PROGRESS_ROUTES = {
  save: route<typeof surveyProgressSavedSchema>('POST', CAMPAIGNS_API.progress),
  /** With `query: resumeTokenQuery(token)`. */
  read: route<typeof surveyProgressReadSchema>('GET', CAMPAIGNS_API.progress),
  /** With `query: resumeTokenQuery(token)`. */
  resume: route<typeof surveyResumeSchema>('GET', CAMPAIGNS_API.resume),
};

/** The `?token=` of the progress and resume routes, encoded as the survey page always sent it. */
export const resumeTokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;
