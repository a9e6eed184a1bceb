import { data } from 'react-router';
import { ApiError } from '#web/lib/api-client';

/**
 * A listing's page asked for an id with no listing: the route's error boundary shows the site's
 * not-found page, and the server answers with status 404 (pages.plugin.ts).
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data('Not found', { status: 404 });
    throw error;
  }
}
