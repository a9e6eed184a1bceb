import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_LIMITS, contactFieldsSchema, REQUEST_QUOTATIONS, type RequestQuotation } from '#shared/contact/contact.contract';
import { telHref, useSiteSettings } from '#web/app/site-settings';
import { MailIcon, MapPinIcon, PhoneIcon } from '#web/components/icons';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { TextField } from '#web/components/text-field';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useHydrated } from '#web/lib/use-hydrated';
import { useZodForm } from '#web/lib/use-zod-form';
import { ConsentNotice } from '#web/features/consent/consent-notice';
import { sendContactMessage } from './contact-api';
import './contact.css';

/** SPEC.md §4: the server's message stays for 1 s, then the form resets. */
const SUCCESS_DISPLAY_MS = 1000;

const QUOTATION_LABELS: Record<RequestQuotation, string> = {
  Homes: 'Homes',
  Carpet: 'Carpet',
  Budget: 'Budget',
  Partner: 'Partner',
  VenderRegistration: 'Vendor registration',
};
const QUOTATION_OPTIONS = REQUEST_QUOTATIONS.map((value) => ({ value, label: QUOTATION_LABELS[value] }));

const EMPTY = { firstname: '', lastname: '', email: '', requestquotation: '', message: '' };

/**
 * A link may prefill the form: `?quote=Homes&about=Skyline Residences` (from /result's "Ask about
 * this home"). Only a known quotation is taken; the name goes into the message, which stays editable.
 */
function prefill(params: URLSearchParams): typeof EMPTY {
  const quote = params.get('quote') ?? '';
  const about = (params.get('about') ?? '').trim().slice(0, 200);
  return {
    ...EMPTY,
    requestquotation: (REQUEST_QUOTATIONS as readonly string[]).includes(quote) ? quote : '',
    message: about ? `I would like to know more about ${about}.` : '',
  };
}

function ContactForm() {
  const [params] = useSearchParams();
  const form = useZodForm(contactFieldsSchema, prefill(params));
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
      const { message } = await sendContactMessage({ ...input, website, noticeVersion: notices.contact.version, newsletter });
      setStatus({ tone: 'success', text: message });
    } catch (error) {
      // Keep everything the visitor typed; show what went wrong.
      if (error instanceof ApiError && error.errors.length > 0) form.setServerErrors(error.errors);
      setStatus({ tone: 'error', text: errorMessage(error, 'Your message could not be sent. Please try again.') });
      setBusy(false);
    }
  });

  const messageLength = form.values.message.length;

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <p className="contact-form__note">All fields are required.</p>
      <div className="contact-form__row">
        <TextField label="First name" autoComplete="given-name" required {...form.field('firstname')} />
        <TextField label="Last name" autoComplete="family-name" required {...form.field('lastname')} />
      </div>
      <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" required {...form.field('email')} />
      <TextField
        as="select"
        label="Request quotation"
        placeholder="Choose what you need a quote for"
        options={QUOTATION_OPTIONS}
        required
        {...form.field('requestquotation')}
      />
      <TextField
        as="textarea"
        label="Message"
        rows={6}
        placeholder="Tell us about your plans, your timeline and anything we should know."
        hint={`${messageLength} / ${CONTACT_LIMITS.message} characters`}
        required
        {...form.field('message')}
      />
      {/* A honeypot for bots: hidden from people and from assistive technology. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <ConsentNotice idPrefix="contact" notice={notices.contact} newsletterNotice={notices.newsletter} newsletter={newsletter} onNewsletterChange={setNewsletter} />
      {/* Present before the message arrives, so screen readers announce it. */}
      <div className="contact-form__status" role="status">
        {status?.tone === 'success' ? <p className="notice notice--success">{status.text}</p> : null}
      </div>
      {status?.tone === 'error' ? <Notice tone="error">{status.text}</Notice> : null}
      <button type="submit" className="button contact-form__submit" disabled={!hydrated} aria-disabled={busy || undefined}>
        {busy && !status ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}

function StudioDetails() {
  const site = useSiteSettings();
  return (
    <section className="studio-details" aria-labelledby="studio-details-title">
      <h2 id="studio-details-title">Visit the studio</h2>
      <p className="studio-details__lead">
        Drop by to see our material library over a cup of coffee, or call us. We reply to every message within one working day.
      </p>
      <ul className="studio-details__list">
        <li>
          <span className="studio-details__icon">
            <MapPinIcon />
          </span>
          <div>
            <h3 className="studio-details__label">Address</h3>
            <address>{site.address}</address>
            <a href={site.mapUrl} target="_blank" rel="noopener noreferrer">
              Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        </li>
        <li>
          <span className="studio-details__icon">
            <PhoneIcon />
          </span>
          <div>
            <h3 className="studio-details__label">Phone</h3>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </div>
        </li>
        <li>
          <span className="studio-details__icon">
            <MailIcon />
          </span>
          <div>
            <h3 className="studio-details__label">E-mail</h3>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </div>
        </li>
      </ul>
    </section>
  );
}

export function Component() {
  return (
    <>
      <PageMeta title="Contact" description="Ask for a quote or tell us about your home, your budget or a partnership. Our studio replies within one working day." />
      <header className="page-intro">
        <p className="eyebrow">Contact</p>
        <h1>Let’s talk about your home</h1>
        <p>Looking for a home, planning a build or ready for new interiors? Tell us a little about it and we will get back to you with ideas and a clear quote.</p>
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
