import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_FORMS, ENQUIRY_SENT_PARAM, ENQUIRY_SENT_VALUES, type EnquiryBack } from '#shared/contact/contact.api';
import { CONTACT_LIMITS, ENQUIRY_TOPICS, enquiryFieldsSchema, type EnquiryListingKind, type EnquiryTopic } from '#shared/contact/contact.contract';
import { enquiryPagePath, listingPagePath } from '#shared/paths';
import type { SiteSettings } from '#shared/site';
import { telHref, useSiteSettings } from '#web/lib/site-settings';
import { Notice } from '#web/components/notice';
import { TextField } from '#web/components/text-field';
import { ApiError, errorSaid } from '#web/lib/api-client';
import { useHydrated } from '#web/lib/use-hydrated';
import { Message, useLanguage, useSaid, useT, type Translate } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { ConsentNotice } from '#web/features/consent';
import { sendContactMessage } from './contact-api';
import './listing-enquiry.css';

/*
 * "Ask about this home": the enquiry form a listing's page mounts, for a home (project) or
 * a decor piece (product). With script it sends POST /api/contactus/add and answers in place; without
 * (or before the page's script has started) it is a plain form posting to /enquiry, which stores the
 * same message and sends the browser back to the listing with `?sent=1` (or answers the form again
 * with its errors). The fields, rules and messages are the contact form's (contact.contract.ts).
 */

export interface EnquiryListing {
  _id: string;
  name: string;
}

export interface ListingEnquiryProps {
  kind: EnquiryListingKind;
  listing: EnquiryListing;
  /** "Book a site visit" opens the form with `site visit` chosen; `question` by default. */
  intent?: EnquiryTopic;
  /** Where a post without script comes back to: the listing's page (default), or the enquiry page that mounts this. */
  back?: EnquiryBack;
}

// The texts are the catalogue's (src/shared/i18n/messages): English as they always were, Hindi under /hi/.
const HEADINGS = { project: 'enquiry.headingHome', product: 'enquiry.headingPiece' } as const satisfies Record<EnquiryListingKind, string>;

const TOPIC_LABELS = {
  project: { question: 'enquiry.topicQuestion', 'site visit': 'enquiry.topicVisit' },
  product: { question: 'enquiry.topicQuestion', 'site visit': 'enquiry.topicStudio' },
} as const satisfies Record<EnquiryListingKind, Record<EnquiryTopic, string>>;

function thanks(t: Translate, kind: EnquiryListingKind, name: string, topic: EnquiryTopic): string {
  if (topic === 'site visit') return t(kind === 'project' ? 'enquiry.thanksVisit' : 'enquiry.thanksStudio', { name });
  return t('enquiry.thanksQuestion', { name });
}

/** `inPlace`: sent by the script just now (not a page the server sent back after the form was posted). */
type Status = { tone: 'sent'; text: string; inPlace?: boolean } | { tone: 'error'; text: string } | null;

/** Keyboard and screen-reader users are taken to the answer once the message is sent in place. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

export function ListingEnquiry({ kind, listing, intent = 'question', back = 'listing' }: ListingEnquiryProps) {
  const [params] = useSearchParams();
  const { notices } = useSiteSettings();
  const t = useT();
  const say = useSaid();
  const language = useLanguage();
  const form = useZodForm(enquiryFieldsSchema, { firstname: '', email: '', phone: '', message: '', topic: intent }, { say });
  const [website, setWebsite] = useState('');
  const [newsletter, setNewsletter] = useState(false);
  // Sent by the form without script: the server sent the browser back here with ?sent=1 (or =visit).
  const [status, setStatus] = useState<Status>(() => {
    const sentAs = ENQUIRY_TOPICS.find((topic) => ENQUIRY_SENT_VALUES[topic] === params.get(ENQUIRY_SENT_PARAM));
    return sentAs ? { tone: 'sent', text: thanks(t, kind, listing.name, sentAs) } : null;
  });
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const id = useId();
  const headingId = `${id}-heading`;
  const sent = status?.tone === 'sent';

  const { setValue } = form;
  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      await sendContactMessage({
        firstname: input.firstname,
        email: input.email,
        ...(input.phone ? { phone: input.phone } : {}),
        message: input.message,
        topic: input.topic,
        listingId: listing._id,
        listingKind: kind,
        website,
        noticeVersion: notices.contact.version,
        newsletter,
        // The page's language: the consent records this page's notice (decision 0027) and the
        // newsletter's confirmation mail follows it (decision 0018).
        language,
      });
      setStatus({ tone: 'sent', text: thanks(t, kind, listing.name, input.topic), inPlace: true });
    } catch (error) {
      // Everything the visitor typed stays; the fields the server refused say why.
      if (error instanceof ApiError && error.errors.length > 0) form.setServerErrors(error.errors);
      setStatus({ tone: 'error', text: say(errorSaid(error, t('enquiry.notSent'))) });
    } finally {
      setBusy(false);
    }
  });

  function another() {
    // The same person may ask again: their details stay, the message starts afresh.
    setValue('message', '');
    setStatus(null);
  }

  const heading = t(HEADINGS[kind]);
  return (
    <section id="enquiry" className="listing-enquiry card" aria-labelledby={headingId}>
      <h2 id={headingId} className="listing-enquiry__title">
        {heading}
      </h2>
      {sent ? (
        <div className="listing-enquiry__done">
          <h3 ref={status.inPlace ? focusOnMount : undefined} tabIndex={-1} className="listing-enquiry__done-title">
            {t('enquiry.sent')}
          </h3>
          <div role="status">
            <p className="notice notice--success">{status.text}</p>
          </div>
          {hydrated ? (
            <button type="button" className="button listing-enquiry__again" onClick={another}>
              {t('enquiry.another')}
            </button>
          ) : (
            // Without script: the listing's page again, without the answer.
            <a
              className="button listing-enquiry__again"
              href={`${back === 'enquiry' ? enquiryPagePath(kind, listing._id) : listingPagePath(kind, listing._id)}#enquiry`}
            >
              {t('enquiry.another')}
            </a>
          )}
        </div>
      ) : (
        <form
          className="listing-enquiry__form"
          method="post"
          action={CONTACT_FORMS.enquiry}
          // Until the script runs the browser checks the required fields itself.
          noValidate={hydrated}
          onSubmit={onSubmit}
          aria-labelledby={headingId}
        >
          <p className="listing-enquiry__about">
            <Message id="enquiry.about" values={{ name: <strong>{listing.name}</strong> }} />
          </p>
          <input type="hidden" name="listingKind" value={kind} />
          <input type="hidden" name="listingId" value={listing._id} />
          <input type="hidden" name="back" value={back} />
          {/* Posted without script, the answer comes back in this page's language. */}
          {language === 'en' ? null : <input type="hidden" name="language" value={language} />}
          <input type="hidden" name="noticeVersion" value={notices.contact.version} />
          <div className="listing-enquiry__row">
            <TextField label={t('enquiry.firstName')} autoComplete="given-name" required {...form.field('firstname')} />
            <TextField label={t('enquiry.email')} type="email" inputMode="email" autoComplete="email" required {...form.field('email')} />
          </div>
          <TextField label={t('enquiry.phone')} type="tel" inputMode="tel" autoComplete="tel" hint={t('enquiry.phoneHint')} {...form.field('phone')} />
          <fieldset className="listing-enquiry__topics">
            <legend className="field__label">{t('enquiry.topics')}</legend>
            {ENQUIRY_TOPICS.map((topic) => (
              <label key={topic} className="listing-enquiry__topic">
                <input type="radio" name="topic" value={topic} checked={form.values.topic === topic} onChange={() => setValue('topic', topic)} />
                <span>{t(TOPIC_LABELS[kind][topic])}</span>
              </label>
            ))}
            {form.errors.topic ? (
              <p className="field__error" role="alert">
                {form.errors.topic}
              </p>
            ) : null}
          </fieldset>
          <TextField
            as="textarea"
            label={t('enquiry.message')}
            rows={5}
            placeholder={t(kind === 'project' ? 'enquiry.placeholderHome' : 'enquiry.placeholderPiece')}
            hint={t('enquiry.count', { count: String(form.values.message.length), max: String(CONTACT_LIMITS.message) })}
            required
            {...form.field('message')}
          />
          {/* A honeypot for bots: hidden from people and from assistive technology. */}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor={`${id}-website`}>{t('enquiry.honeypot')}</label>
            <input
              id={`${id}-website`}
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(e) => setWebsite(e.target.value)}
            />
          </div>
          <ConsentNotice
            idPrefix={`enquiry${id.replace(/[^\w-]/g, '')}`}
            notice={notices.contact}
            newsletterNotice={notices.newsletter}
            newsletter={newsletter}
            onNewsletterChange={setNewsletter}
          />
          {status?.tone === 'error' ? <Notice tone="error">{status.text}</Notice> : null}
          <button type="submit" className="button listing-enquiry__submit" aria-disabled={busy || undefined}>
            {t(busy ? 'enquiry.sending' : form.values.topic === 'site visit' ? 'enquiry.askVisit' : 'enquiry.send')}
          </button>
        </form>
      )}
    </section>
  );
}

/** The WhatsApp message about a listing: the studio greeted, the listing named, its page linked. */
export function listingWhatsAppText(studio: string, listing: Pick<EnquiryListing, 'name'>, kind: EnquiryListingKind, url: string): string {
  const what = kind === 'project' ? listing.name : `the ${listing.name} from your decor collection`;
  return `Hello ${studio}, I would like to know more about ${what}: ${url}`;
}

/**
 * The listing's direct links: a WhatsApp chat with the studio, the message prefilled with
 * the listing's name and page (`url`, absolute), and a call. The studio's numbers come from its
 * settings (GET /api/site), already in E.164.
 */
export function listingContactLinks(
  settings: Pick<SiteSettings, 'name' | 'phone' | 'whatsapp'>,
  listing: { _id?: string; name: string },
  kind: EnquiryListingKind,
  url: string,
): { whatsApp: string; call: string; text: string } {
  const text = listingWhatsAppText(settings.name, listing, kind, url);
  const number = (settings.whatsapp || settings.phone).replace(/\D/g, '');
  return { whatsApp: `https://wa.me/${number}?text=${encodeURIComponent(text)}`, call: telHref(settings.phone), text };
}
