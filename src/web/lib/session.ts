import { paths } from '#shared/paths';

/**
 * The one place that decides what a refused session (a 401 from a staff call) does: the API client
 * clears the token and marks the session as ended; loaders, the route error element and the
 * dashboard layout send the visitor to the login page, which says why and brings them back.
 */

const ENDED_KEY = 'abode.sessionEnded';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembered for this tab until the next successful login, so the login page can say why it is shown. */
export function markSessionEnded(): void {
  tabStorage()?.setItem(ENDED_KEY, '1');
}

export function sessionEndedNotice(): boolean {
  return tabStorage()?.getItem(ENDED_KEY) === '1';
}

export function clearSessionEnded(): void {
  tabStorage()?.removeItem(ENDED_KEY);
}

/** `/login?next=<the page the visitor was on>`. */
export function loginPath(next: { pathname: string; search?: string }): string {
  return `${paths.login}?next=${encodeURIComponent(next.pathname + (next.search ?? ''))}`;
}
