import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EnquiryBack } from '#shared/contact/contact.api';
import { CONTACT_LIMITS, ENQUIRY_TOPICS, type EnquiryListingKind, type EnquiryTopic } from '#shared/contact/contact.contract';
import { CONTACT_FORMS } from '#shared/contact/contact.api';
import type { Notice } from '#shared/consent/consent.contract';
import { paths } from '#shared/paths';
import { localizedPath, type Language } from '#shared/i18n/languages';
import { saidIn, textsIn, type TextOf } from '#shared/i18n/translate';
import type { Said } from '#shared/api-error';

/**
 * The page a form posted without script gets back when its message could not be stored:
 * what went wrong, and the same form again with everything the visitor typed, posting to the same
 * address. The web client's ListingEnquiry (src/web/features/contact/listing-enquiry.tsx) is the
 * form on the listing's own page; the server never imports the web client, so this is its plain twin,
 * with the same names, labels and notices. Every value the visitor typed is a React child or
 * attribute here, so it is escaped.
 */

export interface EnquiryFormValues {
  firstname: string;
  email: string;
  phone: string;
  message: string;
  topic: string;
  newsletter: boolean;
}

export interface EnquiryFormPageProps {
  kind: EnquiryListingKind;
  /** The listing's id as posted (kept in the form) and its page, when it is still listed. */
  listingId: string;
  listing: { name: string; path: string } | null;
  /** Where the form was (its hidden `back` field, kept for the next post). */
  back: EnquiryBack;
  values: EnquiryFormValues;
  /** Field name → message (with its catalogue key when it has one). */
  errors: Record<string, Said>;
  /** Said above the form (the first error, or why nothing was stored). */
  summary: Said;
  notices: { contact: Notice; newsletter: Notice };
  /** The language of the page the form was on: its texts, links and refusals. */
  language: Language;
}

const topicLabels = (t: TextOf): Record<EnquiryListingKind, Record<EnquiryTopic, string>> => ({
  project: { question: t('enquiry.topicQuestion'), 'site visit': t('enquiry.topicVisit') },
  product: { question: t('enquiry.topicQuestion'), 'site visit': t('enquiry.topicStudio') },
});

const fieldLabels = (t: TextOf): Record<string, string> => ({
  firstname: t('enquiry.firstName'),
  email: t('enquiry.email'),
  phone: t('enquiry.phone'),
  message: t('enquiry.message'),
  topic: t('enquiry.topics'),
});

// Inline: this page stands alone (the site's stylesheets are the client's build). The page policy allows inline styles.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 Inter,"Segoe UI",Helvetica,Arial,sans-serif;color:#0b1f3a;background:#f3f6fa}
main{max-width:40rem;margin:0 auto;padding:24px 16px}a{color:#13315c}h1{font-size:1.6rem;margin:8px 0 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(11,31,58,.12)}
.alert{border:2px solid #b42318;background:#fef3f2;color:#7a271a;border-radius:8px;padding:12px 16px;margin:0 0 20px}
.alert h2{font-size:1.05rem;margin:0 0 4px}.alert ul{margin:4px 0 0;padding-left:20px}.alert a{color:#7a271a}
.field{margin:0 0 16px}.field label,legend{display:block;font-weight:600;margin:0 0 4px}
input[type=text],input[type=email],input[type=tel],textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a9ab0;border-radius:8px;background:#fff;color:inherit}
textarea{min-height:140px;resize:vertical}[aria-invalid=true]{border:2px solid #b42318}
.error{color:#b42318;margin:4px 0 0;font-size:.95rem}.hint{color:#5b6b80;font-size:.9rem;margin:4px 0 0}
fieldset{border:0;margin:0 0 16px;padding:0}.choice{display:flex;gap:8px;align-items:center;margin:6px 0}
.choice input{width:1.25rem;height:1.25rem;margin:0}
.consent{font-size:.875rem;color:#5b6b80;margin:8px 0 16px}.consent .choice{align-items:flex-start}.consent label{color:#0b1f3a;font-weight:600}
button{width:100%;min-height:48px;font:inherit;font-weight:600;color:#fff;background:#13315c;border:0;border-radius:8px;cursor:pointer}
:focus-visible{outline:3px solid #f5a524;outline-offset:2px}.hidden{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
`;

function Field({ name, label, errors, hint, children }: { name: string; label: string; errors: Record<string, string>; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`enquiry-${name}`}>{label}</label>
      {children}
      {hint ? (
        <p className="hint" id={`enquiry-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors[name] ? (
        <p className="error" id={`enquiry-${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes of a field: invalid, and described by its hint and error. */
function aria(name: string, errors: Record<string, string>, hint = false) {
  const described = [hint ? `enquiry-${name}-hint` : null, errors[name] ? `enquiry-${name}-error` : null].filter(Boolean).join(' ');
  return { id: `enquiry-${name}`, name, 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': described || undefined };
}

/** The notice's text, its mention of the privacy page as a link (as on the site's forms). */
function NoticeText({ text, link, href }: { text: string; link: string; href: string }) {
  const parts = text.split(paths.privacy);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 ? <a href={href}>{link}</a> : null}
        </span>
      ))}
    </>
  );
}

export function EnquiryFormPage({ kind, listingId, listing, back, values, errors: refusals, summary: refusal, notices, language }: EnquiryFormPageProps) {
  const t = textsIn(language);
  const labels = fieldLabels(t);
  const local = (path: string) => localizedPath(language, path);
  // The rules' and the API's messages, said in the page's language by their catalogue keys.
  const errors = Object.fromEntries(Object.entries(refusals).map(([name, refused]) => [name, saidIn(language, refused)]));
  const summary = saidIn(language, refusal);
  const heading = kind === 'project' ? t('enquiry.headingHome') : t('enquiry.headingPiece');
  const listed = Object.keys(errors).filter((name) => labels[name]);
  const topic = (ENQUIRY_TOPICS as readonly string[]).includes(values.topic) ? values.topic : 'question';
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{t('server.enquiry.title', { heading })}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          {listing ? (
            <p>
              <a href={local(listing.path)}>{t('server.enquiry.backTo', { name: listing.name })}</a>
            </p>
          ) : (
            <p>
              <a href={local(kind === 'project' ? paths.projects : paths.products)}>
                {kind === 'project' ? t('server.enquiry.backToHomes') : t('server.enquiry.backToDecor')}
              </a>
            </p>
          )}
          <h1>
            {heading}
            {listing ? `: ${listing.name}` : ''}
          </h1>
          <div className="card">
            <div className="alert" role="alert">
              <h2>{t('server.enquiry.notSent')}</h2>
              <p style={{ margin: 0 }}>{summary}</p>
              {listed.length > 0 ? (
                <ul>
                  {listed.map((name) => (
                    <li key={name}>
                      <a href={`#enquiry-${name}`}>
                        {labels[name]}: {errors[name]}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <form method="post" action={CONTACT_FORMS.enquiry}>
              <input type="hidden" name="listingKind" value={kind} />
              <input type="hidden" name="listingId" value={listingId} />
              <input type="hidden" name="back" value={back} />
              {language === 'en' ? null : <input type="hidden" name="language" value={language} />}
              <input type="hidden" name="noticeVersion" value={String(notices.contact.version)} />
              <Field name="firstname" label={labels.firstname!} errors={errors}>
                <input
                  type="text"
                  autoComplete="given-name"
                  required
                  maxLength={CONTACT_LIMITS.name}
                  defaultValue={values.firstname}
                  {...aria('firstname', errors)}
                />
              </Field>
              <Field name="email" label={labels.email!} errors={errors}>
                <input type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} defaultValue={values.email} {...aria('email', errors)} />
              </Field>
              <Field name="phone" label={labels.phone!} errors={errors} hint={t('enquiry.phoneHint')}>
                <input
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={CONTACT_LIMITS.phone}
                  defaultValue={values.phone}
                  {...aria('phone', errors, true)}
                />
              </Field>
              <fieldset aria-describedby={errors.topic ? 'enquiry-topic-error' : undefined}>
                <legend>{labels.topic}</legend>
                {ENQUIRY_TOPICS.map((value) => (
                  <div className="choice" key={value}>
                    <input type="radio" id={`enquiry-topic-${value.replace(' ', '-')}`} name="topic" value={value} defaultChecked={topic === value} />
                    <label htmlFor={`enquiry-topic-${value.replace(' ', '-')}`}>{topicLabels(t)[kind][value]}</label>
                  </div>
                ))}
                {errors.topic ? (
                  <p className="error" id="enquiry-topic-error">
                    {errors.topic}
                  </p>
                ) : null}
              </fieldset>
              <Field name="message" label={labels.message!} errors={errors}>
                <textarea rows={6} required maxLength={CONTACT_LIMITS.message} defaultValue={values.message} {...aria('message', errors)} />
              </Field>
              <div className="hidden" aria-hidden="true">
                <label htmlFor="enquiry-website">{t('enquiry.honeypot')}</label>
                <input id="enquiry-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              <div className="consent">
                <p>
                  <NoticeText text={notices.contact.text} link={t('consent.privacyLink')} href={local(paths.privacy)} />
                </p>
                <div className="choice">
                  <input
                    id="enquiry-newsletter"
                    type="checkbox"
                    name="newsletter"
                    defaultChecked={values.newsletter}
                    aria-describedby="enquiry-newsletter-hint"
                  />
                  <div>
                    <label htmlFor="enquiry-newsletter">{t('consent.newsletter')}</label>
                    <p className="hint" id="enquiry-newsletter-hint" style={{ margin: 0 }}>
                      {notices.newsletter.text}
                    </p>
                  </div>
                </div>
              </div>
              <button type="submit">{t('enquiry.send')}</button>
            </form>
          </div>
        </main>
      </body>
    </html>
  );
}

export function enquiryFormPage(props: EnquiryFormPageProps): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<EnquiryFormPage {...props} />)}`;
}
