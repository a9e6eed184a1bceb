import { isRouteErrorResponse, Link, Navigate, useLocation, useRouteError } from 'react-router';
import { isUnauthorized } from '../lib/api-client';
import { loginPath } from '../lib/session';

/** Shown when a page fails to load (its code or its data). A refused session goes to log in instead. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  if (isUnauthorized(error)) return <Navigate to={loginPath(location)} replace />;
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
