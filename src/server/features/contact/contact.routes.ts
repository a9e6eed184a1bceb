import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageAnswer } from '#shared/api-answer';
import { CONTACT_API, contactRequestSchema, contactResponseListSchema } from '#shared/contact/contact.contract';
import { addContactMessage, CONTACT_THANKS, listContactResponses } from './contact.service';
import { pendingConsent } from '#server/features/consent';


export async function contactRoutes(app: FastifyInstance): Promise<void> {
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
      const { stored } = await addContactMessage(app.db, request.body.response, consent);
      if (stored) app.notifications.wake();
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );

  r.get(
    CONTACT_API.list,
    { config: { access: 'staff' }, schema: { tags: ['contact'], response: { 200: contactResponseListSchema } } },
    async () => listContactResponses(app.db),
  );
}
