import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '#shared/paths';
import { loginSchema } from '#shared/auth/auth.contract';
import { decodeTokenClaims } from '#shared/auth/token-claims';
import { LogoMark } from '#web/components/icons';
import { EyeIcon, EyeOffIcon } from '#web/components/page-icons';
import { PageMeta } from '#web/components/page-meta';
import { TextField } from '#web/components/text-field';
import { Toast } from '#web/components/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { clearToken, currentStaff, setToken } from '#web/lib/auth-token';
import { clearSessionEnded, SESSION_ENDED_MESSAGE, sessionEndedNotice } from '#web/lib/session';
import { useZodForm } from '#web/lib/use-zod-form';
import { login } from './auth-api';
import { safeNextPath } from './next-path';
import './login.css';

/** SPEC.md §8: the toast for a failed login. */
const INVALID_AUTHENTICATION = 'Invalid Authentication';

function PasswordField({ value, error, onChange, onBlur }: { value: string; error?: string; onChange: (v: string) => void; onBlur: () => void }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        Password<span aria-hidden="true"> *</span>
      </label>
      <div className="password-input">
        <input
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const showToast = (text: string) => setToast((prev) => ({ id: (prev?.id ?? 0) + 1, text }));
  // Sent here because the server refused the session (session.ts): say so, once logged in it is forgotten.
  const [sessionEnded] = useState(sessionEndedNotice);

  // Someone already logged in has nothing to do here. (An effect, not a loader: the server cannot see the token.)
  useEffect(() => {
    if (currentStaff()) navigate(next, { replace: true });
  }, [navigate, next]);

  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    try {
      const { token } = await login(input);
      // SPEC.md §4: authenticated only when the decoded user has a name.
      if (!decodeTokenClaims(token)?.name) throw new ApiError(401, INVALID_AUTHENTICATION);
      setToken(token);
      clearSessionEnded();
      navigate(next, { replace: true });
    } catch (error) {
      clearToken();
      if (error instanceof ApiError && error.status === 401) showToast(INVALID_AUTHENTICATION);
      else if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) form.setServerErrors(error.errors);
      else showToast(errorMessage(error, INVALID_AUTHENTICATION));
      setBusy(false);
    }
  });

  const password = form.field('password');

  return (
    <>
      <PageMeta title="Staff login" description="Sign in to the studio dashboard." />
      {toast ? (
        <Toast key={toast.id} tone="error" onClose={closeToast}>
          {toast.text}
        </Toast>
      ) : null}
      <section className="login" aria-labelledby="login-title">
        <div className="card login__card">
          <LogoMark className="login__mark" width={48} height={48} />
          <h1 id="login-title">Staff login</h1>
          <p className="login__lead">Sign in to manage homes, decor, studios, surveys and messages.</p>
          {sessionEnded ? (
            <p className="login__notice" role="status">
              {SESSION_ENDED_MESSAGE}
            </p>
          ) : null}
          <form noValidate onSubmit={onSubmit}>
            <TextField
              label="Username"
              type="email"
              inputMode="email"
              autoComplete="username"
              hint="Your staff e-mail address."
              required
              {...form.field('email')}
            />
            <PasswordField value={password.value} error={password.error} onChange={password.onChange} onBlur={password.onBlur} />
            <button type="submit" className="button login__submit" aria-disabled={busy || undefined}>
              {busy ? 'Logging in…' : 'Log in'}
            </button>
          </form>
          <p className="login__forgot">
            <Link to={paths.passwordForgot}>Forgot password?</Link>
          </p>
        </div>
      </section>
    </>
  );
}
