import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { clearToken, getToken } from '#web/lib/auth-token';
import { logout } from './auth-api';

/** Revokes the token on the server (a failure changes nothing here), forgets it, and goes to /login. */
export function Component() {
  const navigate = useNavigate();
  const started = useRef(false);

  // An effect, not a loader: only the browser holds the token.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (getToken()) await logout().catch(() => undefined);
      clearToken();
      navigate(paths.login, { replace: true });
    })();
  }, [navigate]);

  return (
    <section aria-live="polite">
      <PageMeta title="Logging out" description="Signing you out of the studio dashboard." />
      <h1>Logging out…</h1>
      <p>You are being signed out.</p>
    </section>
  );
}
