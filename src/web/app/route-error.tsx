import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to load (its code or its data). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded. Check your connection and try again.';
  return (
    <main className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <a href={typeof window === 'undefined' ? '/' : window.location.pathname}>Try again</a> · <Link to="/">Back Home</Link>
      </p>
    </main>
  );
}
