/** The studio's public details, from one settings source on the server (GET /api/site). */
export interface SiteSettings {
  name: string;
  address: string;
  phone: string;
  /** The studio's WhatsApp number (STUDIO_WHATSAPP, default the phone): visitors continue a chat there. */
  whatsapp: string;
  email: string;
  mapUrl: string;
  social: { instagram: string; facebook: string; linkedin: string };
}
