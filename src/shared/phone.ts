/**
 * Phone numbers: stored and linked in E.164 ("+919845099999"), shown grouped
 * ("+91 98450 99999"). A number typed without a country is the studio's country, India (+91).
 *
 * A small normaliser of our own rather than libphonenumber-js: the studio works in one country, the
 * public pages (WhatsApp and call links on /result and the contact page) use it too, and the
 * library and its metadata would add tens of KB gzip to those pages for rules of countries we never
 * default to. Numbers typed with their own "+country" are kept as typed (digits only).
 */

/** The studio's country calling code. */
export const STUDIO_COUNTRY_CODE = '91';

/** Indian numbers have ten digits after +91 (mobiles and landlines with their STD code alike). */
const INDIA_NATIONAL_DIGITS = 10;
/** Landline STD codes of two digits (the metros); others are shown in groups of five. */
const INDIA_METRO_CODES = new Set(['11', '20', '22', '33', '40', '44', '79', '80']);

/** "+919845099999" for anything that reads as one phone number; null otherwise. */
export function toE164(input: string): string | null {
  // "(0)" is the trunk prefix some write after the country code: "+91 (0)98450 99999".
  const text = input.trim().replace(/\(0\)/g, '');
  if (!text || !/^\+?[\d\s().\-/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  let international: string;
  if (text.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else {
    const national = digits.replace(/^0+/, '');
    if (national.length === INDIA_NATIONAL_DIGITS) international = STUDIO_COUNTRY_CODE + national;
    // "91 98450 99999": the country code without its "+".
    else if (national.length === STUDIO_COUNTRY_CODE.length + INDIA_NATIONAL_DIGITS && national.startsWith(STUDIO_COUNTRY_CODE)) international = national;
    else return null;
  }
  if (international.startsWith(STUDIO_COUNTRY_CODE)) {
    const national = international.slice(STUDIO_COUNTRY_CODE.length).replace(/^0/, '');
    return national.length === INDIA_NATIONAL_DIGITS ? `+${STUDIO_COUNTRY_CODE}${national}` : null;
  }
  // E.164: at most 15 digits; fewer than 8 is no one's full number.
  if (international.length < 8 || international.length > 15 || international.startsWith('0')) return null;
  return `+${international}`;
}

/** The number as stored: E.164 when it reads as one, else as typed (trimmed), so nothing is lost. */
export function normalisePhone(input: string): string {
  return toE164(input) ?? input.trim();
}

/** "+91 98450 99999" (mobile), "+91 80 4123 4567" (Bengaluru landline); other countries in E.164; else as typed. */
export function formatPhone(input: string): string {
  const e164 = toE164(input);
  if (!e164) return input.trim();
  if (!e164.startsWith(`+${STUDIO_COUNTRY_CODE}`)) return e164;
  const n = e164.slice(1 + STUDIO_COUNTRY_CODE.length);
  const code = n.slice(0, 2);
  // Mobiles begin 6–9; so do the STD codes of Ahmedabad (79) and Bengaluru (80), whose landlines
  // then begin 2–6.
  const landline = INDIA_METRO_CODES.has(code) && (!/^[6-9]/.test(n) || /^[2-6]/.test(n.slice(2)));
  if (!landline) return `+${STUDIO_COUNTRY_CODE} ${n.slice(0, 5)} ${n.slice(5)}`;
  return `+${STUDIO_COUNTRY_CODE} ${code} ${n.slice(2, 6)} ${n.slice(6)}`;
}

/** "tel:+919845099999" */
export function telHref(phone: string): string {
  return `tel:${toE164(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}

/** "https://wa.me/919845099999?text=…" (wa.me takes the international number without "+"). */
export function whatsAppHref(phone: string, text?: string): string {
  const number = (toE164(phone) ?? phone).replace(/\D/g, '');
  return `https://wa.me/${number}${text === undefined ? '' : `?text=${encodeURIComponent(text)}`}`;
}

/**
 * What a search for a phone looks for in stored (E.164) numbers: the E.164 form of a whole number
 * however it was typed ("9845012345", "+91 98450 12345", "098450 12345"), the digits of a part of
 * one ("98450 1"); null when the text is not a phone number.
 */
export function phoneSearchTerm(query: string): string | null {
  const text = query.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(text) || !/\d/.test(text)) return null;
  return toE164(text) ?? text.replace(/\D/g, '');
}
