import { paths } from '#shared/paths';

/*
 * /startsurvey and /result need the journey's navigation state, which only the
 * browser holds. A visitor who arrives there without a journey (a shared link, a bookmark) is sent
 * to / by the server at once, rather than by the app after it has loaded. The browser marks a
 * journey with this session cookie (value "1", no personal data), scoped to those two pages; a
 * reload there is then answered with the app, which resumes from its state.
 */
export const SURVEY_JOURNEY_COOKIE = 'abode-journey';

/** The pages that need a journey; the cookie is sent to these only. */
export const SURVEY_JOURNEY_PATHS: readonly string[] = [paths.startSurvey, paths.result];

/** True when the request's Cookie header carries the journey mark. */
export function hasSurveyJourney(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.trim() === `${SURVEY_JOURNEY_COOKIE}=1`);
}
