import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { SETTINGS_API, type StudioSettings } from '#shared/settings/settings.contract';

/**
 * Saves the studio's settings with `change` on top of what is there (the studio's phone and WhatsApp
 * filled in, which the settings form requires), through the API as staff do, and expects 200. Takes
 * the caller's way of sending a staff request (a test context's `asStaff`, or one instance's own).
 */
export async function saveSettings(
  asStaff: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  change: Partial<StudioSettings>,
): Promise<StudioSettings> {
  const { version: _version, updatedAt: _updatedAt, ...input } = (await asStaff({ method: 'GET', url: SETTINGS_API.settings })).json<StudioSettings>();
  const res = await asStaff({
    method: 'PUT',
    url: SETTINGS_API.settings,
    payload: { ...input, phone: '+91 80 4123 4567', whatsapp: '+91 98450 99999', ...change },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudioSettings>();
}
