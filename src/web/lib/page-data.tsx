import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';
import type { LoadFailedProps } from './load-failed';
import { usePageReload } from './page-reload';

/**
 * The one way a staff page loads and changes its data:
 * - its route exports a `loader` that returns `loadPageData(() => fetchSomething(…), 'Could not …')`,
 *   and the page reads it with `useLoaderData<typeof loader>()`;
 * - after a change (add, update, delete) it calls `reload()`: React Router runs the loaders again,
 *   nothing is fetched by hand;
 * - loading: the first load happens before the page shows; a reload sets `reloading`;
 * - error: the loader does not throw for a failed call (the route's error element would replace the
 *   whole dashboard): the page gets the message and shows `<LoadFailed>`, whose Try again reloads;
 * - 401: the API client ends the session (lib/session.ts) and the dashboard layout sends staff to log
 *   in, asking first when a form holds unsaved input (use-unsaved-changes.ts). Nothing here repeats it.
 */
export type PageData<T> = { data: T; error: null; notFound: false; forbidden: false } | { data: null; error: string; notFound: boolean; forbidden: boolean };

/** Runs a page's calls for its loader: the data, or the message to show and whether it was a 404. */
export async function loadPageData<T>(load: () => Promise<T>, fallback: string): Promise<PageData<T>> {
  try {
    return { data: await load(), error: null, notFound: false, forbidden: false };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    return { data: null, error: errorMessage(error, fallback), notFound: status === 404, forbidden: status === 403 };
  }
}

export { usePageReload } from './page-reload';

/**
 * Its panel (antd's Alert and Empty, load-failed.tsx) is loaded when a page first needs it: a page
 * whose data loaded, the staff's first view among them, does without (bench/bundles.ts). Should that
 * file not load either (the network is down), the message and Try again still show.
 */
const LoadFailedView = lazy(() =>
  import('./load-failed').then(
    (module) => ({ default: module.LoadFailedView }),
    () => ({ default: PlainLoadFailed }),
  ),
);

function PlainLoadFailed({ message, notFound, forbidden, style }: LoadFailedProps) {
  const { reload, reloading } = usePageReload();
  if (notFound !== undefined) return <p style={style}>{notFound}</p>;
  if (forbidden)
    return (
      <p role="status" style={{ marginBottom: 16, ...style }}>
        {staffText('staff.page.ownersOnly')} {staffText('staff.page.ownersOnlyHint')}
      </p>
    );
  return (
    <div role="alert" style={{ marginBottom: 16, ...style }}>
      <p>{message}</p>
      <Button size="small" onClick={() => void reload()} loading={reloading}>
        {staffText('staff.page.tryAgain')}
      </Button>
    </div>
  );
}

/**
 * The page's data did not load: what failed and Try again. A page that names what failed in its own
 * words passes the call's `reason` too, shown under it when it says more. A page whose call can answer
 * 404 passes `notFound`, the text saying the thing does not exist: shown instead, without Try again
 * (trying again finds nothing more); the page keeps its own way back. An owners' page read by staff
 * (`forbidden`, a 403) says so, without Try again either: trying again is refused the same way.
 */
export function LoadFailed(props: LoadFailedProps) {
  return (
    <Suspense fallback={null}>
      <LoadFailedView {...props} />
    </Suspense>
  );
}
