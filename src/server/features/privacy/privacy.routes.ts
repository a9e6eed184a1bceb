import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import { notFound } from '#server/lib/errors';
import { PRIVACY_MESSAGES } from '#shared/privacy/privacy.contract';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { erasePerson, exportPerson } from './privacy.service';
import { privacyRequestRoutes, type PrivacyRequestOptions } from './privacy-requests.routes';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** Owners: erase a person (DELETE /api/leads/{id}) or download everything held about them. */
export async function privacyRoutes(app: FastifyInstance, options: PrivacyRequestOptions): Promise<void> {
  const { registry } = options;
  await privacyRequestRoutes(app, options);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];

  r.delete(
    PRIVACY_API.erase.pattern,
    { schema: { tags, params: idParams, response: { 200: messageAnswer } }, config: { access: 'owner' } },
    async (request) => {
      if (!(await erasePerson(registry, app.database, app.config.notify.mailDir, request.params.id, request.staff!)))
        throw notFound(PRIVACY_MESSAGES.leadNotFound);
      return { message: PRIVACY_MESSAGES.erased };
    },
  );

  r.get(PRIVACY_API.export.pattern, { schema: { tags, params: idParams }, config: { access: 'owner' } }, async (request, reply) => {
    const data = await exportPerson(registry, app.db, request.params.id, request.staff!);
    if (!data) throw notFound(PRIVACY_MESSAGES.leadNotFound);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="person-${request.params.id}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
