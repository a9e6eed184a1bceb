import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import {
  NEWSLETTER_CONFIRM_MESSAGES,
  newsletterConfirmBodySchema,
  newsletterListSchema,
  noticesQuerySchema,
  publicNoticesSchema,
  UNSUBSCRIBE_MESSAGES,
  unsubscribeBodySchema,
} from '#shared/consent/consent.contract';
import { CONSENT_API } from '#shared/consent/consent.api';
import { DEFAULT_LANGUAGE, isLanguage, splitLanguage, localizedPath, type Language } from '#shared/i18n/languages';
import { HttpError } from '#server/lib/errors';
import { unsubscribePagePath } from '#shared/consent/consent.api';
import { paths } from '#shared/paths';
import { attachmentHeader, fileStamp, XLSX_CONTENT_TYPE } from '#server/lib/download';
import { confirmNewsletter, currentNotices, newsletterSubscribers, readUnsubscribeToken, unsubscribe } from './consent.service';
import { chosenLanguage, preferredLanguage } from '#server/features/pages';
import { writeNewsletterWorkbook } from './newsletter-export';

/** Whether the client prefers an HTML page to JSON (a browser), by its Accept header; a JSON body never does. */
function wantsHtml(accept: string | undefined, contentType: string | undefined): boolean {
  if ((contentType ?? '').includes('json') || !accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

/** The language of the unsubscribe page to show: the posting page's, the visitor's choice, the page they came from, their browser's. */
function visitorLanguage(request: FastifyRequest, posted?: string): Language {
  if (isLanguage(posted)) return posted;
  const chosen = chosenLanguage(request.headers.cookie);
  if (chosen) return chosen;
  try {
    const from = splitLanguage(new URL(request.headers.referer ?? '').pathname);
    if (from.path === paths.unsubscribe) return from.language;
  } catch {
    // No page of ours sent the visitor: the browser's languages decide.
  }
  return preferredLanguage(request.headers['accept-language']);
}

export async function consentRoutes(app: FastifyInstance, options: { now?: () => Date } = {}): Promise<void> {
  const now = options.now ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['consent'];

  // Unsubscribe forms post `token=…` and mail clients post `List-Unsubscribe=One-Click` (RFC 8058):
  // form bodies are read here only, for this route.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // The notices of the page's language (`?language=hi` on Hindi pages; English if left out, as for old
  // clients): what a form of that page records when it is sent (decision 0027).
  r.get(
    CONSENT_API.notices,
    { config: { access: 'public' }, schema: { tags, querystring: noticesQuerySchema, response: { 200: publicNoticesSchema } } },
    async (request) => currentNotices(app.db, await app.settings.current(), request.query.language ?? DEFAULT_LANGUAGE),
  );

  r.post(
    CONSENT_API.unsubscribe,
    {
      schema: { tags, querystring: z.object({ token: z.string().max(2000).optional() }), body: unsubscribeBodySchema, response: { 200: messageAnswer } },
      bodyLimit: 4096,
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      const fromBody = request.body?.token;
      const oneClick = request.body?.['List-Unsubscribe'] !== undefined;
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      // A person in a browser (the page's plain form, or anything that asks for HTML) is answered
      // with a page in their language; a mail client's one-click POST (RFC 8058 wants a 2xx for a
      // good link) and API clients get JSON.
      const person = !oneClick && (isForm || wantsHtml(request.headers.accept, request.headers['content-type']));
      const page = (query: string) =>
        reply.header('cache-control', 'no-store').redirect(`${localizedPath(visitorLanguage(request, request.body?.lang), paths.unsubscribe)}?${query}`, 303);
      try {
        await app.writes.run((trx) => unsubscribe(trx, app.config.jwtSecret, request.query.token ?? fromBody));
      } catch (error) {
        // A cut or changed link: the page says so and what to do, never the API's JSON.
        if (person && error instanceof HttpError && error.statusCode === 400) return page('invalid=1');
        throw error;
      }
      // The page's form (no script needed): back to the page, which says it is done.
      if (person) return page('done=1');
      return reply.header('cache-control', 'no-store').send({ message: UNSUBSCRIBE_MESSAGES.done });
    },
  );

  // Someone who opens the List-Unsubscribe address in a browser gets the page with the button; a
  // link that is not valid (cut short, changed) gets the page that says so.
  r.get(
    CONSENT_API.unsubscribe,
    { config: { access: 'public' }, schema: { tags, querystring: z.object({ token: z.string().max(2000).default('') }) } },
    async (request, reply) => {
      const language = visitorLanguage(request);
      reply.header('cache-control', 'no-store');
      if (readUnsubscribeToken(app.config.jwtSecret, request.query.token) === null)
        return reply.redirect(`${localizedPath(language, paths.unsubscribe)}?invalid=1`, 303);
      return reply.redirect(localizedPath(language, unsubscribePagePath(request.query.token)), 303);
    },
  );

  // The newsletter's confirmation link (double opt-in, decision 0018): the page's one button posts
  // here. A form goes back to the page (done, or why not); JSON gets the message or a 400.
  r.post(
    CONSENT_API.newsletterConfirm,
    {
      schema: { tags, body: newsletterConfirmBodySchema, response: { 200: messageAnswer } },
      bodyLimit: 4096,
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      reply.header('cache-control', 'no-store');
      try {
        const language = await app.writes.run((trx) => confirmNewsletter(trx, app.config.jwtSecret, request.body?.token, now()));
        if (isForm) return reply.redirect(`${localizedPath(language, paths.newsletterConfirm)}?done=1`, 303);
        return reply.send({ message: NEWSLETTER_CONFIRM_MESSAGES.done });
      } catch (error) {
        if (!isForm || !(error instanceof HttpError)) throw error;
        // The page in the language it was shown in (the form's hidden field), saying why not.
        return reply.redirect(`${localizedPath(request.body?.language ?? DEFAULT_LANGUAGE, paths.newsletterConfirm)}?refused=1`, 303);
      }
    },
  );

  r.get(CONSENT_API.newsletter, { config: { access: 'staff' }, schema: { tags, response: { 200: newsletterListSchema } } }, async () =>
    newsletterSubscribers(app.db),
  );

  r.get(CONSENT_API.newsletterExport, { config: { access: 'staff' }, schema: { tags } }, async (request, reply) => {
    const out = new PassThrough();
    const { timeZone } = await app.settings.current();
    writeNewsletterWorkbook(app.db, out, timeZone).catch((error: unknown) => {
      request.log.error({ err: error }, 'newsletter export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachmentHeader(`newsletter-${fileStamp(new Date(), timeZone)}.xlsx`))
      .header('cache-control', 'no-store')
      .send(out);
  });
}
