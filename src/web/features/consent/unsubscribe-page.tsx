import { useSearchParams } from 'react-router';
import { CONSENT_API } from '#shared/consent/consent.api';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { useOptionalSiteSettings } from '#web/lib/site-settings';
import { useLanguage, useT } from '#web/lib/i18n';
import './consent.css';

/**
 * /unsubscribe?token=…: one button. It is a plain form posted to the API, so it works
 * before (or without) the page's script; the API sends the browser back here with `?done=1`, or
 * `?invalid=1` for a link that is not valid (cut short or changed), in the page's language.
 */
export function Component() {
  const [params] = useSearchParams();
  const t = useT();
  const token = params.get('token') ?? '';
  const done = params.get('done') === '1';
  const invalid = params.get('invalid') === '1';
  const language = useLanguage();
  const studioEmail = useOptionalSiteSettings()?.email ?? '';
  return (
    <section className="unsubscribe-page card" aria-labelledby="unsubscribe-title">
      <PageMeta title={t('unsubscribe.title')} description={t('unsubscribe.description')} />
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {done ? (
        <Notice tone="success">{t('unsubscribe.done')}</Notice>
      ) : invalid ? (
        <Notice tone="error">{t('unsubscribe.invalid', { email: studioEmail })}</Notice>
      ) : token ? (
        <form method="post" action={CONSENT_API.unsubscribe} className="unsubscribe-page__form">
          <p>{t('unsubscribe.text')}</p>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="lang" value={language} />
          <button type="submit" className="button button--accent">
            {t('unsubscribe.button')}
          </button>
        </form>
      ) : (
        <Notice tone="error">{t('unsubscribe.noToken')}</Notice>
      )}
    </section>
  );
}
