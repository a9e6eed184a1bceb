import { useSiteSettings } from '#web/app/site-settings';
import { PageMeta } from '#web/components/page-meta';
import { PrivacyRequestForm } from '#web/features/privacy/privacy-request-form';
import './consent.css';

const HEADINGS = { survey: 'When you start a survey', contact: 'When you write to us', newsletter: 'The newsletter' } as const;

/** /privacy (public): the notices every form shows, and whom to write to. With the form to ask for a copy or erasure (issue 24 §6). */
export function Component() {
  const { name, email, notices } = useSiteSettings();
  return (
    <article className="privacy-page">
      <PageMeta title="Privacy" description={`How ${name} uses what you send through this site, and how to withdraw.`} />
      <header className="page-intro">
        <p className="eyebrow">Privacy</p>
        <h1>How we use your data</h1>
        <p>
          Each form on this site tells you what it keeps and why. The newsletter is always a separate choice, and every e-mail we
          send has a link to unsubscribe.
        </p>
      </header>
      <div className="card privacy-page__notices">
        {(['survey', 'contact', 'newsletter'] as const).map((purpose) => (
          <section key={purpose} aria-labelledby={`privacy-${purpose}`}>
            <h2 id={`privacy-${purpose}`}>{HEADINGS[purpose]}</h2>
            <p>{notices[purpose].text}</p>
            <p className="privacy-page__version">Notice version {notices[purpose].version}</p>
          </section>
        ))}
        <section aria-labelledby="privacy-contact-us">
          <h2 id="privacy-contact-us">Your data, your choice</h2>
          <p>
            For a copy of your data, its correction or its erasure, or to withdraw a consent, write to{' '}
            <a href={`mailto:${email}`}>{email}</a>.
          </p>
        </section>
        <PrivacyRequestForm />
      </div>
    </article>
  );
}
