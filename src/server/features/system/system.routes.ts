import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SYSTEM_API } from '#shared/system/system.api';
import { siteSchema } from '#shared/system/system.contract';
import { HttpError } from '#server/lib/errors';
import { selectOne } from './system.repository';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(SYSTEM_API.health, { config: { access: 'public' }, schema: { hide: true } }, async () => {
    try {
      await selectOne(app.db);
    } catch {
      throw new HttpError(503, 'The database is not answering.', 'INTERNAL');
    }
    return { status: 'ok' };
  });

  r.get(SYSTEM_API.site, { config: { access: 'public' }, schema: { tags: ['site'], response: { 200: siteSchema } } }, () =>
    // Cached with the pages that show it, and made stale by the same writes (a save of the settings).
    app.contentCache.get('site', () => app.settings.site()),
  );
}
