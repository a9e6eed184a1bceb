import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN, resetPasswordSchema } from '#shared/auth/auth.contract';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { TextField } from '#web/components/text-field';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useZodForm } from '#web/lib/use-zod-form';
import { resetPassword } from './auth-api';
import './login.css';

const passwordOnly = resetPasswordSchema.pick({ password: true });

/** The page a one-time link opens: `/password/reset?token=…`. */
export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const form = useZodForm(passwordOnly, { password: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setDone((await resetPassword(token, input.password)).message);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.errors.some((f) => f.field === 'password')) form.setServerErrors(e.errors);
      else setError(errorMessage(e, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <>
      <PageMeta title="Set your password" description="Set a new password for your staff account." />
      <section className="login" aria-labelledby="reset-title">
        <div className="card login__card">
          <h1 id="reset-title">Set your password</h1>
          {done ? (
            <p className="login__notice" role="status">
              {done} <Link to={paths.login}>Log in</Link>
            </p>
          ) : (
            <>
              {error ? (
                <p className="login__notice" role="alert">
                  {error} <Link to={paths.passwordForgot}>Ask for a new link</Link>
                </p>
              ) : null}
              <form noValidate onSubmit={onSubmit}>
                <TextField
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  hint={`At least ${PASSWORD_MIN} characters.`}
                  required
                  {...form.field('password')}
                />
                <button type="submit" className="button login__submit" aria-disabled={busy || undefined}>
                  {busy ? 'Saving…' : 'Set password'}
                </button>
              </form>
            </>
          )}
        </div>
      </section>
    </>
  );
}
