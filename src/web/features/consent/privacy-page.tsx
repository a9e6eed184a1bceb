import { useSiteSettings } from '#web/lib/site-settings';
import { PageMeta } from '#web/components/page-meta';
import { PrivacyRequestForm } from '#web/features/privacy';
import { Message, useLanguage, useT } from '#web/lib/i18n';
import { noticeLang } from './consent-notice';
import './consent.css';

const HEADINGS = { survey: 'privacy.heading.survey', contact: 'privacy.heading.contact', newsletter: 'privacy.heading.newsletter' } as const;

/**
 * /privacy (public): the notices every form shows, and whom to write to. With the form to ask for a
 * copy or erasure. The notices are the studio's texts as it wrote them (the consents
 * record them): a Hindi page translates everything around them.
 */
export function Component() {
  const { name, email, notices } = useSiteSettings();
  const t = useT();
  const language = useLanguage();
  return (
    <article className="privacy-page">
      <PageMeta title={t('privacy.metaTitle')} description={t('privacy.description', { studio: name })} />
      <header className="page-intro">
        <p className="eyebrow">{t('privacy.eyebrow')}</p>
        <h1>{t('privacy.title')}</h1>
        <p>{t('privacy.intro')}</p>
      </header>
      <div className="card privacy-page__notices">
        {(['survey', 'contact', 'newsletter'] as const).map((purpose) => (
          <section key={purpose} aria-labelledby={`privacy-${purpose}`}>
            <h2 id={`privacy-${purpose}`}>{t(HEADINGS[purpose])}</h2>
            <p lang={noticeLang(notices[purpose].text, language)}>{notices[purpose].text}</p>
            <p className="privacy-page__version">{t('privacy.noticeVersion', { version: notices[purpose].version })}</p>
          </section>
        ))}
        <section aria-labelledby="privacy-contact-us">
          <h2 id="privacy-contact-us">{t('privacy.yourChoice')}</h2>
          <p>
            <Message id="privacy.writeTo" values={{ email: <a href={`mailto:${email}`}>{email}</a> }} />
          </p>
        </section>
        <PrivacyRequestForm />
      </div>
    </article>
  );
}
