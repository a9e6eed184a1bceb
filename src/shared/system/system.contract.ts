import { z } from 'zod';

/** GET /api/site: the studio's public details (`SiteSettings`, src/shared/site.ts). */
export const siteSchema = z.object({
  name: z.string(),
  address: z.string(),
  /** The studio's phone as shown: "+91 80 4123 4567" (grouped, with the country). */
  phone: z.string(),
  /** The studio's WhatsApp number in E.164 (STUDIO_WHATSAPP, default the phone): visitors continue a chat there. */
  whatsapp: z.string(),
  email: z.string(),
  mapUrl: z.string(),
  social: z.object({ instagram: z.string(), facebook: z.string(), linkedin: z.string() }),
  /** The studio's time zone (IANA, a setting; Asia/Kolkata by default): staff pages show and take times in it. */
  timeZone: z.string(),
});
