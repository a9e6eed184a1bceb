import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '#shared/auth/auth.contract';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { TextField } from '#web/components/text-field';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useZodForm } from '#web/lib/use-zod-form';
import { forgotPassword } from './auth-api';
import './login.css';

/** "Forgot password?": the same answer whether the address has an account or not (the server's). */
export function Component() {
  const form = useZodForm(forgotPasswordSchema, { email: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setDone((await forgotPassword(input.email)).message);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.errors.length > 0) form.setServerErrors(e.errors);
      else setError(errorMessage(e, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <>
      <PageMeta title="Forgot password" description="Get a link to set a new password." />
      <section className="login" aria-labelledby="forgot-title">
        <div className="card login__card">
          <h1 id="forgot-title">Forgot password</h1>
          {done ? (
            <p className="login__notice" role="status">
              {done}
            </p>
          ) : (
            <>
              <p className="login__lead">Enter your staff e-mail address: we will send you a link to set a new password.</p>
              {error ? (
                <p className="login__notice" role="alert">
                  {error}
                </p>
              ) : null}
              <form noValidate onSubmit={onSubmit}>
                <TextField label="E-mail" type="email" inputMode="email" autoComplete="username" required {...form.field('email')} />
                <button type="submit" className="button login__submit" aria-disabled={busy || undefined}>
                  {busy ? 'Sending…' : 'Send me a link'}
                </button>
              </form>
            </>
          )}
          <p className="login__forgot">
            <Link to={paths.login}>Back to login</Link>
          </p>
        </div>
      </section>
    </>
  );
}
