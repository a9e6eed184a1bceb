import { useSearchParams } from 'react-router';
import { CONSENT_API } from '#shared/consent/consent.api';
import { UNSUBSCRIBE_MESSAGES } from '#shared/consent/consent.contract';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import './consent.css';

/**
 * /unsubscribe?token=… (issue 24 §5): one button. It is a plain form posted to the API, so it works
 * before (or without) the page's script; the API sends the browser back here with `?done=1`.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const done = params.get('done') === '1';
  return (
    <section className="unsubscribe-page card" aria-labelledby="unsubscribe-title">
      <PageMeta title="Unsubscribe" description="Stop the newsletter and other e-mails from us." />
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {done ? (
        <Notice tone="success">{UNSUBSCRIBE_MESSAGES.done}</Notice>
      ) : token ? (
        <form method="post" action={CONSENT_API.unsubscribe} className="unsubscribe-page__form">
          <p>You will get no newsletter and no more e-mails from us about your surveys. Our advisors can still answer if you write to us.</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button--accent">
            Unsubscribe
          </button>
        </form>
      ) : (
        <Notice tone="error">{UNSUBSCRIBE_MESSAGES.noToken}</Notice>
      )}
    </section>
  );
}
