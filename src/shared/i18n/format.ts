// Numbers and prices in the page's language, through Intl (issue 27). English keeps the site's
// forms exactly (web/features/listings/listing-format.ts: ₹12,50,000/-, ₹1.25 Cr, ₹62 L); Hindi
// formats in hi-IN (Indian grouping, Latin digits, which is hi-IN's default) with लाख and करोड़.
import { LOCALES, type Language } from './languages';

const LAKH = 100_000;
const CRORE = 100 * LAKH;

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(LOCALES[language], options)));
  return format;
}

/** A number in Indian grouping, at most two decimals: 8.5, 1,00,000. */
export function formatNumber(language: Language, value: number): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/**
 * A price in whole rupees with the trailing "/-" (SPEC.md §9) in every language: ₹1,25,00,000/-
 * (hi-IN groups as en-IN does, in Latin digits), so a Hindi page's prices read as the lists' do.
 */
export function formatRupees(language: Language, amount: number): string {
  return `₹${numberFormat(language, { maximumFractionDigits: 0 }).format(Math.round(amount))}/-`;
}

const SHORT_UNITS: Readonly<Record<Language, { lakh: string; crore: string }>> = {
  en: { lakh: 'L', crore: 'Cr' },
  hi: { lakh: 'लाख', crore: 'करोड़' },
};

/**
 * The short form for where space is short: ₹1.25 Cr, ₹62 L, ₹18,500 in English; ₹1.25 करोड़,
 * ₹62 लाख in Hindi. At most two decimals, rounded; an amount that rounds up to 100 lakh is 1 crore.
 */
export function formatRupeesShort(language: Language, amount: number): string {
  const rupees = Math.round(amount);
  const units = SHORT_UNITS[language];
  if (Math.abs(rupees) < LAKH) return `₹${numberFormat(language, { maximumFractionDigits: 0 }).format(rupees)}`;
  const lakhs = Math.round((rupees / LAKH) * 100) / 100;
  if (Math.abs(lakhs) < 100) return `₹${formatNumber(language, lakhs)} ${units.lakh}`;
  return `₹${formatNumber(language, Math.round((rupees / CRORE) * 100) / 100)} ${units.crore}`;
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** A moment as people read it in the studio's time zone: "5 Jan 2027, 10:00 am" (en-IN), "5 जन॰ 2027, 10:00 am" (hi-IN). */
export function formatDateTime(language: Language, at: Date, timeZone: string): string {
  const key = `${language}|${timeZone}`;
  let format = dateTimes.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
    dateTimes.set(key, format);
  }
  return format.format(at);
}
