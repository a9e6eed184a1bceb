import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import {
  API_KEYS_API,
  apiKeyCreated,
  apiKeyInput,
  apiKeyList,
  INBOUND_API,
  INBOUND_EXAMPLE,
  INBOUND_LIMITS,
  inboundLeadAnswer,
  inboundLeadInput,
} from '#shared/inbound/inbound.contract';
import { bearerKey, checkKey, createKey, hashKey, listKeys, receiveLead, revokeKey } from './inbound.service';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** "Leads by API": the owners' API keys (Settings) and the portals' call. */
export async function inboundRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keys = new WeakMap<object, string>();

  r.get(API_KEYS_API.keys, { config: { access: 'owner' }, schema: { tags: ['settings'], response: { 200: apiKeyList } } }, () => listKeys(app.db));

  r.post(
    API_KEYS_API.keys,
    { config: { access: 'owner' }, schema: { tags: ['settings'], body: apiKeyInput, response: { 201: apiKeyCreated } } },
    async (request, reply) => reply.status(201).send(await createKey(app.db, request.body.name, request.staff!, now())),
  );

  r.delete(
    API_KEYS_API.one.pattern,
    { config: { access: 'owner' }, schema: { tags: ['settings'], params: idParams, response: { 200: messageAnswer } } },
    (request) => revokeKey(app.db, request.params.id, request.staff!, now()),
  );

  r.post(
    INBOUND_API.leads,
    {
      bodyLimit: 64 * 1024,
      // The key is checked before the body: an unknown key learns nothing about the body's rules.
      preValidation: async (request) => {
        keys.set(request, await checkKey(app.db, request.headers.authorization, now()));
      },
      config: {
        access: 'key',
        // Per key (a missing key shares one budget with other missing keys).
        rateLimit: {
          max: INBOUND_LIMITS.perKeyPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `inbound:${hashKey(bearerKey(request.headers.authorization) ?? '')}`,
        },
      },
      schema: {
        tags: ['leads'],
        summary: 'Send a lead from a portal or another system',
        description:
          'Authorization: Bearer <API key> (an owner creates one under Settings → API keys). `source` and `externalId` name the lead in your system: sending the same pair again with the same body answers 200 with the same lead; with a different body, 409. `email` or `phone` is required; `phone` may be written as the person typed it; `budget` is rupees or text like "45 lakh"; `receivedAt` is ISO 8601. At most 60 calls a minute per key (429 with Retry-After).',
        body: inboundLeadInput.meta({ example: INBOUND_EXAMPLE }),
        response: { 200: inboundLeadAnswer, 201: inboundLeadAnswer },
      },
    },
    async (request, reply) => {
      const apiKeyId = keys.get(request)!;
      const { status, leadId, created } = await receiveLead(app.db, request.body, apiKeyId, now());
      if (created) app.notifications.wake();
      return reply.status(status).send({ leadId, created });
    },
  );
}
