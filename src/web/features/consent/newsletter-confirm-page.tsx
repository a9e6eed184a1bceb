import { useSearchParams } from 'react-router';
import { CONSENT_API } from '#shared/consent/consent.api';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { useLanguage, useT } from '#web/lib/i18n';
import './consent.css';

/**
 * /newsletter/confirm?token=… (double opt-in, decision 0018): the link mailed to the address, with one
 * button. Opening the link does nothing (mail scanners open links); the button is a plain form posted
 * to the API, which sends the browser back here with `?done=1`, or `?refused=1` when the link was
 * used, has expired or was changed.
 */
export function Component() {
  const [params] = useSearchParams();
  const t = useT();
  const language = useLanguage();
  const token = params.get('token') ?? '';
  return (
    <section className="unsubscribe-page card" aria-labelledby="newsletter-confirm-title">
      <PageMeta title={t('newsletterConfirm.title')} description={t('newsletterConfirm.description')} />
      <h1 id="newsletter-confirm-title">{t('newsletterConfirm.title')}</h1>
      {params.get('done') === '1' ? (
        <Notice tone="success">{t('newsletterConfirm.done')}</Notice>
      ) : params.get('refused') === '1' ? (
        <Notice tone="error">{t('newsletterConfirm.invalid')}</Notice>
      ) : token ? (
        <form method="post" action={CONSENT_API.newsletterConfirm} className="unsubscribe-page__form">
          <p>{t('newsletterConfirm.text')}</p>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="language" value={language} />
          <button type="submit" className="button button--accent">
            {t('newsletterConfirm.button')}
          </button>
        </form>
      ) : (
        <Notice tone="error">{t('newsletterConfirm.noToken')}</Notice>
      )}
    </section>
  );
}
