import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTINGS_API, settingsInput, studioSettings } from '#shared/settings/settings.contract';

/** The studio's settings: owners only (`config.access`, declared and enforced by auth/access.ts). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  r.get(SETTINGS_API.settings, { config: { access: 'owner' }, schema: { tags, response: { 200: studioSettings } } }, () => app.settings.current());

  r.put(
    SETTINGS_API.settings,
    { config: { access: 'owner' }, schema: { tags, body: settingsInput, response: { 200: studioSettings } }, bodyLimit: 64 * 1024 },
    // The content cache's rule (a staff write that succeeded) clears the pages on every instance.
    (request) => app.settings.save(request.body, request.staff ?? null),
  );
}
