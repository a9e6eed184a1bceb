import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import { CONSENT_API, newsletterListSchema, publicNoticesSchema, UNSUBSCRIBE_MESSAGES, unsubscribeBodySchema } from '#shared/consent/consent.contract';
import { unsubscribePagePath } from '#shared/consent/consent.api';
import { paths } from '#shared/paths';
import { attachmentHeader, fileStamp, XLSX_CONTENT_TYPE } from '#server/lib/download';
import { currentNotices, newsletterSubscribers, unsubscribe } from './consent.service';
import { writeNewsletterWorkbook } from './newsletter-export';

export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['consent'];

  // Unsubscribe forms post `token=…` and mail clients post `List-Unsubscribe=One-Click` (RFC 8058):
  // form bodies are read here only, for this route.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  r.get(CONSENT_API.notices, { config: { access: 'public' }, schema: { tags, response: { 200: publicNoticesSchema } } }, async () =>
    currentNotices(app.db, await app.settings.current()),
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
      await app.writes.run((trx) => unsubscribe(trx, app.config.jwtSecret, request.query.token ?? fromBody));
      // The page's form (no script needed): back to the page, which says it is done.
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      if (isForm && fromBody && !request.body?.['List-Unsubscribe']) return reply.header('cache-control', 'no-store').redirect(`${paths.unsubscribe}?done=1`, 303);
      return reply.header('cache-control', 'no-store').send({ message: UNSUBSCRIBE_MESSAGES.done });
    },
  );

  // Someone who opens the List-Unsubscribe address in a browser gets the page with the button.
  r.get(CONSENT_API.unsubscribe, { config: { access: 'public' }, schema: { tags, querystring: z.object({ token: z.string().max(2000).default('') }) } }, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(unsubscribePagePath(request.query.token), 303),
  );

  r.get(CONSENT_API.newsletter, { config: { access: 'staff' }, schema: { tags, response: { 200: newsletterListSchema } } }, async () => newsletterSubscribers(app.db));

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
