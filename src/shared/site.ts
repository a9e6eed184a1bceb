import type { z } from 'zod';
import type { siteSchema } from './system/system.contract';

/** The studio's public details, from one settings source on the server (GET /api/site): `siteSchema`. */
export type SiteSettings = z.infer<typeof siteSchema>;
