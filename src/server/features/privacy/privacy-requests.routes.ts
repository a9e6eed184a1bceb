import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageAnswer } from '#shared/api-answer';
import { HttpError } from '#server/lib/errors';
import type { PersonalData } from '#server/lib/personal-data';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import {
  PRIVACY_REQUEST_MESSAGES,
  privacyConfirmInput,
  privacyPhoneRequestInput,
  privacyRequestInput,
  privacyRequestList,
  privacyRequestRecorded,
} from '#shared/privacy/privacy-requests';
import { clientKey } from '#server/lib/client-key';
import { confirmRequest, openRequests, recordPhoneRequest, sendConfirmation, type RequestMailer, type RequestMailPolicy } from './privacy-requests';

export interface PrivacyRequestOptions {
  registry: readonly PersonalData[];
  mailer: RequestMailer;
  secret: string;
  siteUrl: string;
  studioName: () => Promise<string>;
  /** The visitor-mail limits and unsubscribe headers (decision 0014); without it, none. */
  mailPolicy?: RequestMailPolicy;
}

/** A person asks for a copy or erasure and confirms from their mailbox; owners see the open requests. */
export async function privacyRequestRoutes(app: FastifyInstance, options: PrivacyRequestOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];

  r.post(
    PRIVACY_API.requests.pattern,
    { schema: { tags, body: privacyRequestInput, response: { 202: messageAnswer } }, config: { access: 'public', rateLimit: app.publicWriteRateLimit } },
    async (request, reply) => {
      try {
        const policy = options.mailPolicy ? { rules: options.mailPolicy, sender: clientKey(options.secret, 'visitor-mail', request.ip) } : undefined;
        await sendConfirmation(options.mailer, options.secret, options.siteUrl, await options.studioName(), request.body, new Date(), policy);
      } catch (error) {
        // The same answer either way: a failed send is logged without the address.
        request.log.warn({ err: { message: (error as Error).message } }, 'privacy request: the confirmation could not be sent');
      }
      return reply.code(202).send({ message: PRIVACY_REQUEST_MESSAGES.sent });
    },
  );

  r.post(
    PRIVACY_API.confirm.pattern,
    { schema: { tags, body: privacyConfirmInput, response: { 200: messageAnswer } }, config: { access: 'public', rateLimit: app.publicWriteRateLimit } },
    async (request) => {
      if (!(await confirmRequest(app.db, options.registry, options.secret, request.body.token, new Date())))
        throw new HttpError(400, PRIVACY_REQUEST_MESSAGES.invalidLink, 'VALIDATION');
      return { message: PRIVACY_REQUEST_MESSAGES.confirmed };
    },
  );

  // A request by phone from a person known by phone only, confirmed by the owner who took the call.
  r.post(
    PRIVACY_API.byPhone.pattern,
    { schema: { tags, body: privacyPhoneRequestInput, response: { 200: privacyRequestRecorded, 201: privacyRequestRecorded } }, config: { access: 'owner' } },
    async (request, reply) => {
      const { created, request: item } = await recordPhoneRequest(app.db, options.registry, request.body, request.staff!, new Date());
      return reply
        .code(created ? 201 : 200)
        .send({ message: created ? PRIVACY_REQUEST_MESSAGES.recorded : PRIVACY_REQUEST_MESSAGES.alreadyOpen, request: item });
    },
  );

  r.get(PRIVACY_API.requests.pattern, { schema: { tags, response: { 200: privacyRequestList } }, config: { access: 'owner' } }, () =>
    openRequests(app.db, new Date()),
  );
}
