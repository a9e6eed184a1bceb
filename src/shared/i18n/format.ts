// One formatter per kind of value, per language (STYLE.md 15): a price, a short
// price in lakh/crore, an area, a month and a moment. English keeps the site's forms (₹12,50,000/-,
// ₹1.25 Cr, 1,450 sq. ft); Hindi formats in hi-IN (Indian grouping, Latin digits, which is hi-IN's
// default) with लाख, करोड़ and वर्ग फ़ुट. Pages, e-mails and the matcher's reasons all use these.
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

const whole = (language: Language, value: number) => numberFormat(language, { maximumFractionDigits: 0 }).format(value);

/** A number in Indian grouping, at most two decimals: 8.5, 1,00,000. */
export function formatNumber(language: Language, value: number): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/**
 * A price in whole rupees with the trailing "/-" (SPEC.md §9) in every language: ₹1,25,00,000/-
 * (hi-IN groups as en-IN does, in Latin digits). Prices are whole rupees: one
 * stored with paise before that rule is shown rounded.
 */
export function formatRupees(language: Language, amount: number): string {
  return `₹${whole(language, Math.round(amount))}/-`;
}

const UNITS: Readonly<
  Record<Language, { lakh: string; crore: string; lakhWord: string; croreWord: string; sqft: string; perSqft: (price: string) => string }>
> = {
  en: { lakh: 'L', crore: 'Cr', lakhWord: 'lakh', croreWord: 'crore', sqft: 'sq. ft', perSqft: (price) => `${price} per sq. ft` },
  hi: { lakh: 'लाख', crore: 'करोड़', lakhWord: 'लाख', croreWord: 'करोड़', sqft: 'वर्ग फ़ुट', perSqft: (price) => `${price} प्रति वर्ग फ़ुट` },
};

/** Rupees as a number of lakh or crore and which (null below a lakh: the amount in full). An amount that rounds up to 100 lakh is 1 crore. */
function lakhParts(language: Language, amount: number): { figure: string; unit: 'lakh' | 'crore' | null } {
  const rupees = Math.round(amount);
  if (Math.abs(rupees) < LAKH) return { figure: whole(language, rupees), unit: null };
  const lakhs = Math.round((rupees / LAKH) * 100) / 100;
  if (Math.abs(lakhs) < 100) return { figure: formatNumber(language, lakhs), unit: 'lakh' };
  return { figure: formatNumber(language, Math.round((rupees / CRORE) * 100) / 100), unit: 'crore' };
}

/** Rupees in lakh or crore with `lakh`/`crore` after them; below a lakh, in full. */
function inLakhs(language: Language, amount: number, lakh: string, crore: string): string {
  const { figure, unit } = lakhParts(language, amount);
  return unit === null ? `₹${figure}` : `₹${figure} ${unit === 'lakh' ? lakh : crore}`;
}

/**
 * The short form for where space is short: ₹1.25 Cr, ₹62 L, ₹18,500 in English; ₹1.25 करोड़,
 * ₹62 लाख in Hindi. At most two decimals, rounded.
 */
export function formatRupeesShort(language: Language, amount: number): string {
  const units = UNITS[language];
  return inLakhs(language, amount, units.lakh, units.crore);
}

/** A price as people say it in a sentence: ₹95 lakh, ₹2.4 crore, ₹24,000 (₹95 लाख, ₹2.4 करोड़ in Hindi). */
export function formatRupeesInWords(language: Language, amount: number): string {
  const units = UNITS[language];
  return inLakhs(language, amount, units.lakhWord, units.croreWord);
}

/**
 * A budget's range in words, the unit said once when both ends share it: ₹1–2 crore, ₹50 lakh–₹1 crore,
 * ₹5 crore+ (no top), ₹50 lakh (from nothing up to it); ₹1–2 करोड़ in Hindi.
 */
export function formatRupeesRange(language: Language, range: { min: number; max: number | null }): string {
  if (range.max === null) return `${formatRupeesInWords(language, range.min)}+`;
  if (range.min <= 0) return formatRupeesInWords(language, range.max);
  const [low, high] = [lakhParts(language, range.min), lakhParts(language, range.max)];
  if (low.unit !== null && low.unit === high.unit) {
    const units = UNITS[language];
    return `₹${low.figure}–${high.figure} ${low.unit === 'lakh' ? units.lakhWord : units.croreWord}`;
  }
  return `${formatRupeesInWords(language, range.min)}–${formatRupeesInWords(language, range.max)}`;
}

/** An area: 1,450 sq. ft (1,450 वर्ग फ़ुट). */
export function formatArea(language: Language, squareFeet: number): string {
  return `${formatNumber(language, squareFeet)} ${UNITS[language].sqft}`;
}

/**
 * The price of a square foot in whole rupees: ₹6,552 per sq. ft (₹6,552/- प्रति वर्ग फ़ुट); null
 * without a price or an area. `bare` gives the amount alone (a fact's value under "Price per sq. ft").
 */
export function formatRupeesPerSqft(language: Language, price: number | null, squareFeet: number, bare = false): string | null {
  if (price === null || !(squareFeet > 0)) return null;
  const perFoot = Math.round(price / squareFeet);
  // English writes the amount without "/-" here, as it always has; Hindi as its prices.
  const amount = language === 'en' ? `₹${whole(language, perFoot)}` : formatRupees(language, perFoot);
  return bare ? amount : UNITS[language].perSqft(amount);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthFormats = new Map<Language, Intl.DateTimeFormat>();

/** A month of a calendar date (read in UTC): "Mar 2027" in English, "मार्च 2027" in Hindi. */
export function formatMonthYear(language: Language, date: Date): string {
  if (language === 'en') return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  let format = monthFormats.get(language);
  if (!format) monthFormats.set(language, (format = new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return format.format(date);
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** A moment as people read it in the studio's time zone: "5 Jan 2027, 10:00 am" (en-IN), "5 जन॰ 2027, 10:00 am" (hi-IN). */
export function formatDateTime(language: Language, at: Date, timeZone: string): string {
  const key = `${language}|${timeZone}`;
  let format = dateTimes.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    });
    dateTimes.set(key, format);
  }
  return format.format(at);
}
