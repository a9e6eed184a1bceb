import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTINGS_API, settingsInput, studioSettings } from '#shared/settings/settings.contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (issue 24 §3): the guard of staff roles enforces it. */
    access?: 'public' | 'staff' | 'owner';
  }
}

/** The studio's settings (issue 24 §2): owners only; behind the staff guard until roles exist. */
export const SETTINGS_ROUTES = [
  { method: 'GET', url: SETTINGS_API.settings, access: 'owner' },
  { method: 'PUT', url: SETTINGS_API.settings, access: 'owner' },
] as const;

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
