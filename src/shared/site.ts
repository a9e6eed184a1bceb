/** The studio's public details, from one settings source on the server (GET /api/site). */
export interface SiteSettings {
  name: string;
  address: string;
  /** The studio's phone as shown: "+91 80 4123 4567" (grouped, with the country). */
  phone: string;
  /** The studio's WhatsApp number in E.164 (STUDIO_WHATSAPP, default the phone): visitors continue a chat there. */
  whatsapp: string;
  email: string;
  mapUrl: string;
  social: { instagram: string; facebook: string; linkedin: string };
}
