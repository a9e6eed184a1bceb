/** Contact links for a lead: Call, WhatsApp greeting the person, E-mail with a subject. */
import { telHref, whatsAppHref as whatsAppChat } from '#shared/phone';

/** wa.me with the number in E.164 (a number stored without a country is +91). */
export function whatsAppHref(phone: string, text: string): string {
  return whatsAppChat(phone, text);
}

export function telHrefOf(phone: string): string {
  return telHref(phone);
}

/** What the person asked about: the campaign they answered, the listing they asked about, or their contact request. */
export function askedAbout(
  lead: { campaignName: string | null; sources: string[] },
  requestQuotation?: string,
  listing?: { name: string; topic?: 'question' | 'site visit' },
): string {
  if (lead.campaignName) return `your answers to “${lead.campaignName}”`;
  if (listing) return listing.topic === 'site visit' ? `your request to visit ${listing.name}` : `your question about ${listing.name}`;
  if (requestQuotation) return `your request about ${requestQuotation}`;
  if (lead.sources.includes('contact')) return 'your message through our contact form';
  return 'your interest in our studio';
}

export function leadGreeting(name: string | null, studio: string, about: string): string {
  const hello = name ? `Hello ${name.split(/\s+/)[0]}` : 'Hello';
  return `${hello}, this is ${studio}. Thank you for ${about}. When would be a good time to talk?`;
}

export function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
