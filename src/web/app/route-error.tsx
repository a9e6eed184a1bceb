import { isRouteErrorResponse, Link, Navigate, useLocation, useRouteError } from 'react-router';
import { isUnauthorized } from '../lib/api-client';
import { useT } from '../lib/i18n';
import { loginPath } from '../lib/session';

/** Shown when a page fails to load (its code or its data). A refused session goes to log in instead. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const t = useT();
  if (isUnauthorized(error)) return <Navigate to={loginPath(location)} replace />;
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('routeError.text');
  return (
    <main className="route-error" role="alert">
      <h1>{t('routeError.title')}</h1>
      <p>{message}</p>
      <p>
        <a href={typeof window === 'undefined' ? '/' : window.location.pathname}>{t('routeError.retry')}</a> · <Link to="/">{t('routeError.home')}</Link>
      </p>
    </main>
  );
}
