import type { z } from 'zod';
import type { siteSchema } from './system/system.contract';

/** The studio's public details, from one settings source on the server (GET /api/site): `siteSchema`. */
export type SiteSettings = z.infer<typeof siteSchema>;

/** The studio's details as mail and the environment give them: the public details without the time zone (a setting). */
export type StudioDetails = Omit<SiteSettings, 'timeZone'>;
