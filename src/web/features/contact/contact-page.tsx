import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_LIMITS, contactFieldsSchema, REQUEST_QUOTATIONS, type RequestQuotation } from '#shared/contact/contact.contract';
import { telHref, useSiteSettings } from '#web/lib/site-settings';
import { MailIcon, MapPinIcon, PhoneIcon } from '#web/components/icons';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { TextField } from '#web/components/text-field';
import { ApiError, errorSaid } from '#web/lib/api-client';
import { useLanguage, useSaid, useT, type Translate } from '#web/lib/i18n';
import { useHydrated } from '#web/lib/use-hydrated';
import { useZodForm } from '#web/lib/use-zod-form';
import { ConsentNotice } from '#web/features/consent';
import { sendContactMessage } from './contact-api';
import './contact.css';

/** SPEC.md §4: the server's message stays for 1 s, then the form resets. */
const SUCCESS_DISPLAY_MS = 1000;

/** The options' labels in the page's language; their values stay the contract's (SPEC.md §9). */
const QUOTATION_LABELS = {
  Homes: 'contact.quote.Homes',
  Carpet: 'contact.quote.Carpet',
  Budget: 'contact.quote.Budget',
  Partner: 'contact.quote.Partner',
  VenderRegistration: 'contact.quote.VenderRegistration',
} as const satisfies Record<RequestQuotation, string>;

const EMPTY = { firstname: '', lastname: '', email: '', requestquotation: '', message: '' };

/**
 * A link may prefill the form: `?quote=Homes&about=Skyline Residences` (from /result's "Ask about
 * this home"). Only a known quotation is taken; the name goes into the message, which stays editable.
 */
function prefill(t: Translate, params: URLSearchParams): typeof EMPTY {
  const quote = params.get('quote') ?? '';
  const about = (params.get('about') ?? '').trim().slice(0, 200);
  return {
    ...EMPTY,
    requestquotation: (REQUEST_QUOTATIONS as readonly string[]).includes(quote) ? quote : '',
    message: about ? t('contact.aboutPrefill', { about }) : '',
  };
}

function ContactForm() {
  const language = useLanguage();
  const [params] = useSearchParams();
  const t = useT();
  const say = useSaid();
  const form = useZodForm(contactFieldsSchema, prefill(t, params), { say });
  const [website, setWebsite] = useState('');
  const { notices } = useSiteSettings();
  const [newsletter, setNewsletter] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const { reset } = form;
  useEffect(() => {
    if (status?.tone !== 'success') return;
    const timer = window.setTimeout(() => {
      reset();
      setWebsite('');
      setNewsletter(false);
      setStatus(null);
      setBusy(false);
    }, SUCCESS_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, reset]);

  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      // The page's language: the consent records this page's notice (decision 0027) and the newsletter's
      // confirmation mail follows it (decision 0018).
      // The answer's message is the specification's thanks, said in the page's language.
      await sendContactMessage({ ...input, website, noticeVersion: notices.contact.version, newsletter, language });
      setStatus({ tone: 'success', text: t('msg.contact.thanks') });
    } catch (error) {
      // Keep everything the visitor typed; show what went wrong.
      if (error instanceof ApiError && error.errors.length > 0) form.setServerErrors(error.errors);
      setStatus({ tone: 'error', text: say(errorSaid(error, t('enquiry.notSent'))) });
      setBusy(false);
    }
  });

  const messageLength = form.values.message.length;

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
      <p className="contact-form__note">{t('contact.allRequired')}</p>
      <div className="contact-form__row">
        <TextField label={t('contact.firstName')} autoComplete="given-name" required {...form.field('firstname')} />
        <TextField label={t('contact.lastName')} autoComplete="family-name" required {...form.field('lastname')} />
      </div>
      <TextField label={t('contact.email')} type="email" inputMode="email" autoComplete="email" required {...form.field('email')} />
      <TextField
        as="select"
        label={t('contact.quotation')}
        placeholder={t('contact.quotationPlaceholder')}
        options={REQUEST_QUOTATIONS.map((value) => ({ value, label: t(QUOTATION_LABELS[value]) }))}
        required
        {...form.field('requestquotation')}
      />
      <TextField
        as="textarea"
        label={t('contact.message')}
        rows={6}
        placeholder={t('contact.messagePlaceholder')}
        hint={t('enquiry.count', { count: String(messageLength), max: String(CONTACT_LIMITS.message) })}
        required
        {...form.field('message')}
      />
      {/* A honeypot for bots: hidden from people and from assistive technology. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">{t('enquiry.honeypot')}</label>
        <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
      </div>
      <ConsentNotice
        idPrefix="contact"
        notice={notices.contact}
        newsletterNotice={notices.newsletter}
        newsletter={newsletter}
        onNewsletterChange={setNewsletter}
      />
      {/* Present before the message arrives, so screen readers announce it. */}
      <div className="contact-form__status" role="status">
        {status?.tone === 'success' ? <p className="notice notice--success">{status.text}</p> : null}
      </div>
      {status?.tone === 'error' ? <Notice tone="error">{status.text}</Notice> : null}
      <button type="submit" className="button contact-form__submit" disabled={!hydrated} aria-disabled={busy || undefined}>
        {busy && !status ? t('enquiry.sending') : t('enquiry.send')}
      </button>
    </form>
  );
}

function StudioDetails() {
  const site = useSiteSettings();
  const t = useT();
  return (
    <section className="studio-details" aria-labelledby="studio-details-title">
      <h2 id="studio-details-title">{t('contact.studioTitle')}</h2>
      <p className="studio-details__lead">{t('contact.studioLead')}</p>
      <ul className="studio-details__list">
        <li>
          <span className="studio-details__icon">
            <MapPinIcon />
          </span>
          <div>
            <h3 className="studio-details__label">{t('contact.address')}</h3>
            <address>{site.address}</address>
            <a href={site.mapUrl} target="_blank" rel="noopener noreferrer">
              {t('contact.openMaps')}
              <span className="visually-hidden">{t('detail.opensNewTab')}</span>
            </a>
          </div>
        </li>
        <li>
          <span className="studio-details__icon">
            <PhoneIcon />
          </span>
          <div>
            <h3 className="studio-details__label">{t('contact.phone')}</h3>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </div>
        </li>
        <li>
          <span className="studio-details__icon">
            <MailIcon />
          </span>
          <div>
            <h3 className="studio-details__label">{t('contact.email')}</h3>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </div>
        </li>
      </ul>
    </section>
  );
}

export function Component() {
  const t = useT();
  return (
    <>
      <PageMeta title={t('contact.metaTitle')} description={t('contact.description')} />
      <header className="page-intro">
        <p className="eyebrow">{t('contact.eyebrow')}</p>
        <h1>{t('contact.title')}</h1>
        <p>{t('contact.intro')}</p>
      </header>
      <div className="contact-layout">
        <div className="card contact-layout__form">
          <ContactForm />
        </div>
        <StudioDetails />
      </div>
    </>
  );
}
