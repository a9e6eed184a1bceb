import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import {
  contactReadSchema,
  contactRequestSchema,
  contactResponseListSchema,
  contactUnreadSchema,
  contactSchema,
  type EnquiryListingKind,
  type EnquiryTopic,
} from '#shared/contact/contact.contract';
import { CONTACT_API, CONTACT_FORMS } from '#shared/contact/contact.api';
import { ENQUIRY_BACK, ENQUIRY_SENT_PARAM, ENQUIRY_SENT_VALUES, type EnquiryBack } from '#shared/contact/contact.api';
import { enquiryPagePath, listingPagePath } from '#shared/paths';
import { DEFAULT_LANGUAGE, isLanguage, localizedPath, type Language } from '#shared/i18n/languages';
import { HttpError } from '#server/lib/errors';
import type { Said } from '#shared/api-error';
import { said, withKeys } from '#shared/i18n/message-keys';
import { UTM_FIELDS } from '#shared/channels/channels.contract';
import { addContactMessage, CONTACT_THANKS, findEnquiryListing, listContactResponses, openContactMessage, unreadContactMessages } from './contact.service';
import { enquiryFormPage, type EnquiryFormValues } from './enquiry-form-page';
import { pendingConsent } from '#server/features/consent';
import { clientKey } from '#server/lib/client-key';

/** The form's fields as posted (form-encoded: every value is text; a missing one is absent). */
const formBody = z.record(z.string(), z.string()).nullish();
type FormBody = z.infer<typeof formBody>;

/**
 * Where the browser goes once the message is stored: back to the page the form was on (the listing's,
 * or the enquiry page), which then thanks the visitor. Built here from the listing, never from a
 * posted address.
 */
function sentPath(kind: EnquiryListingKind, id: string, back: string | undefined, topic: EnquiryTopic, language: Language): string {
  const sent = ENQUIRY_SENT_VALUES[topic];
  const page =
    back === ENQUIRY_BACK.enquiry ? enquiryPagePath(kind, id, { [ENQUIRY_SENT_PARAM]: sent }) : `${listingPagePath(kind, id)}?${ENQUIRY_SENT_PARAM}=${sent}`;
  return `${localizedPath(language, page)}#enquiry`;
}

/** The language of the page the form was on (a hidden field Hindi pages add), else English. */
const languageOf = (form: FormBody): Language => (isLanguage(form?.language) ? form.language : DEFAULT_LANGUAGE);

const RATE_LIMITED = 'You have sent several messages in a short time. Please wait a minute, then send this one again.';

/** `now` is the app clock (tests control it): when a message was opened. */
export async function contactRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    CONTACT_API.add,
    {
      schema: {
        tags: ['contact'],
        body: contactRequestSchema,
        response: { 201: messageAnswer },
      },
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const consent = await pendingConsent(app.db, await app.settings.current(), 'contact', request.body.response);
      const { stored } = await addContactMessage(app.db, request.body.response, consent, clientKey(app.config.jwtSecret, 'visitor-mail', request.ip));
      if (stored) app.notifications.wake();
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );

  r.get(CONTACT_API.list, { config: { access: 'staff' }, schema: { tags: ['contact'], response: { 200: contactResponseListSchema } } }, async () =>
    listContactResponses(app.db),
  );

  // Decision 0028: which messages no staff member has opened yet, and opening one. The specified
  // list above stays as it is (no read state in it; reading it marks nothing read).
  r.get(CONTACT_API.unread, { config: { access: 'staff' }, schema: { tags: ['contact'], response: { 200: contactUnreadSchema } } }, async () =>
    unreadContactMessages(app.db),
  );

  r.post(
    CONTACT_API.read.pattern,
    { config: { access: 'staff' }, schema: { tags: ['contact'], params: z.object({ id: z.string().min(1).max(100) }), response: { 200: contactReadSchema } } },
    async (request) => openContactMessage(app.db, request.params.id, now()),
  );

  // "Ask about this home" without script: the same message as the JSON call, posted as a
  // plain form. Form bodies are read here only, for this route.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** The form again, with what the visitor typed and why it was not sent. */
  async function answerWithForm(request: FastifyRequest, reply: FastifyReply, status: number, summary: Said, errors: Record<string, Said>) {
    const form = (request.body ?? {}) as NonNullable<FormBody>;
    const kind: EnquiryListingKind = form.listingKind === 'product' ? 'product' : 'project';
    const listingId = (form.listingId ?? '').trim();
    const consent = await pendingConsent(app.db, await app.settings.current(), 'contact', {
      noticeVersion: Number(form.noticeVersion) || undefined,
      language: languageOf(form),
    });
    const back = form.back === ENQUIRY_BACK.enquiry ? ENQUIRY_BACK.enquiry : ENQUIRY_BACK.listing;
    const listing = listingId && !errors.listingId ? await listingNamed(kind, listingId, back) : null;
    const html = enquiryFormPage({
      kind,
      listingId,
      listing,
      back,
      values: valuesOf(form),
      errors,
      summary,
      notices: { contact: consent.notice, newsletter: consent.newsletterNotice },
      language: languageOf(form),
    });
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }

  /** The listing's name and page, from what was posted (never taken as a link: the path is built here). */
  async function listingNamed(kind: EnquiryListingKind, id: string, back: EnquiryBack) {
    const found = await findEnquiryListing(app.db, id, kind);
    if (!found) return null;
    return { name: found.name, path: back === ENQUIRY_BACK.enquiry ? enquiryPagePath(found.kind, found.id) : listingPagePath(found.kind, found.id) };
  }

  r.post(
    CONTACT_FORMS.enquiry,
    {
      schema: { hide: true, body: formBody },
      bodyLimit: 16 * 1024,
      // Counted after the body is read, so a refused message comes back with everything typed in it.
      config: { access: 'public', rateLimit: { ...app.publicWriteRateLimit, hook: 'preHandler' } },
      errorHandler: async (error, request, reply) => {
        if ((error as { statusCode?: number }).statusCode === 429) return answerWithForm(request, reply, 429, said(RATE_LIMITED), {});
        throw error;
      },
    },
    async (request, reply) => {
      const form = request.body ?? {};
      const parsed = contactSchema.safeParse(inputOf(form));
      if (!parsed.success) {
        const errors: Record<string, Said> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= said(issue.message);
        return answerWithForm(request, reply, 400, Object.values(errors)[0] ?? said('Please check the form.'), errors);
      }
      const input = parsed.data;
      const consent = await pendingConsent(app.db, await app.settings.current(), 'contact', input);
      let result;
      try {
        result = await addContactMessage(app.db, input, consent, clientKey(app.config.jwtSecret, 'visitor-mail', request.ip));
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        const errors = Object.fromEntries(withKeys(error.errors ?? []).map(({ field, ...refusal }) => [field.replace(/^response\./, ''), refusal]));
        return answerWithForm(request, reply, 400, said(error.message), errors);
      }
      reply.header('cache-control', 'no-store');
      if (!result.stored) {
        // A bot (the honeypot was filled): the same answer as a person, nothing stored.
        return reply.redirect(sentPath(input.listingKind ?? 'project', input.listingId ?? '', form.back, input.topic ?? 'question', languageOf(form)), 303);
      }
      app.notifications.wake();
      // `listing` is set: the form always names one (an unknown one was refused above).
      return reply.redirect(
        result.listing ? sentPath(result.listing.kind, result.listing.id, form.back, input.topic ?? 'question', languageOf(form)) : '/',
        303,
      );
    },
  );
}

/** The form's fields as the JSON call's `response`: the listing is required here, and the box is ticked when posted. */
function inputOf(form: NonNullable<FormBody>) {
  const noticeVersion = Number.parseInt(form.noticeVersion ?? '', 10);
  return {
    firstname: form.firstname,
    email: form.email,
    phone: form.phone,
    message: form.message,
    topic: form.topic,
    website: form.website,
    // Without a listing this form has nothing to be about: said as an unknown listing, not as a missing last name.
    listingId: form.listingId ?? '',
    listingKind: form.listingKind || undefined,
    noticeVersion: Number.isNaN(noticeVersion) ? undefined : noticeVersion,
    newsletter: ticked(form.newsletter),
    language: languageOf(form),
    // README "Channels": a form posted with the link's code and utm_* fields keeps them as the JSON call does.
    channel: form.channel || undefined,
    utm: UTM_FIELDS.some((f) => form[`utm_${f}`]) ? Object.fromEntries(UTM_FIELDS.map((f) => [f, form[`utm_${f}`]])) : undefined,
    referrer: form.referrer || undefined,
  };
}

function valuesOf(form: NonNullable<FormBody>): EnquiryFormValues {
  return {
    firstname: form.firstname ?? '',
    email: form.email ?? '',
    phone: form.phone ?? '',
    message: form.message ?? '',
    topic: form.topic ?? 'question',
    newsletter: ticked(form.newsletter),
  };
}

/** A checkbox is posted ("on", or its value) only when ticked. */
const ticked = (value: string | undefined) => value !== undefined && value !== '' && value !== 'false';
