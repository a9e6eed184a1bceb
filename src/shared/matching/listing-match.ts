/**
 * From a visitor's answers to the studio's own homes and decor (issue 16). A survey question may carry
 * the SurveyJS property `listingMatch`; each rule that holds for a listing adds one to its score and
 * one plain-words reason. Pure and synchronous: the server runs it on every stored response against
 * the cached listings, so it must stay cheap (bench: ≤ 2 ms at p50 with 1,000 projects and 1,000
 * products).
 */

export const LISTING_MATCH_VALUES = [
  'project.bedrooms',
  'project.locality',
  'project.minSqft',
  'project.maxPrice',
  'project.readyBy',
  'product.maxPrice',
  'product.keywords',
] as const;
export type ListingMatch = (typeof LISTING_MATCH_VALUES)[number];

export function isListingMatch(value: unknown): value is ListingMatch {
  return typeof value === 'string' && (LISTING_MATCH_VALUES as readonly string[]).includes(value);
}

/** What the designer says of each value, in one line. */
export const LISTING_MATCH_LABELS: Record<ListingMatch, { label: string; help: string }> = {
  'project.bedrooms': { label: 'Homes: bedrooms', help: 'Homes whose unit size has this many bedrooms (5 means 5 or more).' },
  'project.locality': { label: 'Homes: locality', help: 'Homes whose area names one of the answers.' },
  'project.minSqft': { label: 'Homes: minimum sq. feet', help: 'Homes at least this large.' },
  'project.maxPrice': { label: 'Homes: budget', help: 'Homes priced within this many rupees (homes without a price are not excluded).' },
  'project.readyBy': { label: 'Homes: ready by', help: 'Homes completed by this date, or within this many months.' },
  'product.maxPrice': { label: 'Decor: budget', help: 'Decor priced within this many rupees.' },
  'product.keywords': { label: 'Decor: style or room', help: 'Decor whose name, description or tags mention one of the answers.' },
};

const NUMBER_KINDS: ReadonlySet<ListingMatch> = new Set(['project.bedrooms', 'project.minSqft', 'project.maxPrice', 'product.maxPrice']);
const TEXT_KINDS: ReadonlySet<ListingMatch> = new Set(['project.locality', 'product.keywords']);
const CHOICE_TYPES = new Set(['radiogroup', 'dropdown']);
const MULTI_CHOICE_TYPES = new Set(['checkbox', 'tagbox']);

/**
 * The values that fit a question: numbers for numeric text inputs and single choices; places and
 * keywords for text and any choice; dates for date inputs and single choices (months from today).
 */
export function listingMatchOptionsFor(type: string, inputType?: string): ListingMatch[] {
  const t = type.toLowerCase();
  const input = (inputType ?? 'text').toLowerCase();
  return LISTING_MATCH_VALUES.filter((value) => {
    if (TEXT_KINDS.has(value)) return (t === 'text' && input === 'text') || t === 'comment' || CHOICE_TYPES.has(t) || MULTI_CHOICE_TYPES.has(t);
    if (value === 'project.readyBy') return (t === 'text' && (input === 'date' || input === 'month')) || CHOICE_TYPES.has(t);
    if (NUMBER_KINDS.has(value)) return (t === 'text' && input === 'number') || CHOICE_TYPES.has(t) || (value === 'project.bedrooms' && t === 'rating');
    return false;
  });
}

export interface MatchableProject {
  _id: string;
  name: string;
  image: string;
  area: string;
  squareft: number;
  sizeofunit: string;
  /** DD-MM-YYYY (as the API sends it) or YYYY-MM-DD. */
  dateofcomplition: string;
  price?: number | null;
}

export interface MatchableProduct {
  _id: string;
  productname: string;
  image: string;
  description: string;
  price: number;
  tags?: readonly string[] | null;
}

/** One answer as the rule sees it: the raw values, and the texts the visitor saw for them. */
export interface MatchInput {
  match: ListingMatch;
  /** Each chosen value (one for a single answer), with its display text. */
  values: Array<{ value: unknown; text: string }>;
}

export interface MatchedListing {
  _id: string;
  name: string;
  image: string;
  reasons: string[];
}

export interface ListingMatches {
  projects: MatchedListing[];
  products: MatchedListing[];
}

export const MAX_MATCHES = 3;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function localText(value: unknown, locale: string): string | undefined {
  if (typeof value === 'string') return value;
  if (!isObject(value)) return undefined;
  for (const key of [locale, 'default', 'en']) if (typeof value[key] === 'string' && value[key]) return value[key] as string;
  return undefined;
}

/** A question's choices: value → the text the visitor saw (in the survey's locale). */
function choiceTexts(question: Json, locale: string): Map<string, string> {
  const texts = new Map<string, string>();
  if (!Array.isArray(question.choices)) return texts;
  for (const item of question.choices) {
    if (typeof item === 'string' || typeof item === 'number') {
      const [value = '', text] = String(item).split('|');
      texts.set(value, text || value);
    } else if (isObject(item) && item.value !== undefined) {
      texts.set(String(item.value), localText(item.text, locale) ?? String(item.value));
    }
  }
  return texts;
}

/**
 * The rules a survey's answers set: every question (in pages and panels) with a known `listingMatch`
 * and an answer. An "other" choice contributes what the visitor typed in its comment box.
 */
export function matchInputs(surveyJson: unknown, answers: Record<string, unknown>): MatchInput[] {
  if (!isObject(surveyJson)) return [];
  const locale = typeof surveyJson.locale === 'string' ? surveyJson.locale : 'default';
  const inputs: MatchInput[] = [];
  const visit = (elements: unknown) => {
    if (!Array.isArray(elements)) return;
    for (const element of elements) {
      if (!isObject(element)) continue;
      if (Array.isArray(element.elements)) visit(element.elements);
      if (!isListingMatch(element.listingMatch) || typeof element.name !== 'string') continue;
      const key = typeof element.valueName === 'string' && element.valueName ? element.valueName : element.name;
      const answer = answers[key];
      if (answer === undefined || answer === null || answer === '') continue;
      const texts = choiceTexts(element, locale);
      const comment = answers[`${element.name}-Comment`];
      const values = (Array.isArray(answer) ? answer : [answer]).map((value) => {
        if (value === 'other' && typeof comment === 'string' && comment.trim()) return { value: comment.trim(), text: comment.trim() };
        return { value, text: texts.get(String(value)) ?? String(value) };
      });
      inputs.push({ match: element.listingMatch, values });
    }
  };
  visit(surveyJson.elements);
  if (Array.isArray(surveyJson.pages)) for (const page of surveyJson.pages) if (isObject(page)) visit(page.elements);
  return inputs;
}

/** "5", 5, "5+", "₹95,00,000", "95,00,000/-" → the number; anything else → null. */
export function answerNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[₹,\s]/g, '').replace(/\/-$/, '');
  const match = /^(\d+(?:\.\d+)?)\+?$/.exec(digits);
  return match ? Number(match[1]) : null;
}

/** "3 BHK" → 3, "4 BHK villa" → 4, "5+ BHK" → 5, "Studio" → null. */
export function bedroomsOf(sizeofunit: string): number | null {
  const match = /(\d+)\s*\+?\s*(?:bhk|bed|br\b|bedroom)/i.exec(sizeofunit) ?? /^\s*(\d+)\b/.exec(sizeofunit);
  return match ? Number(match[1]) : null;
}

/** Lower case, accents and punctuation folded to spaces: "São  Paulo," → "sao paulo". */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `haystack` (folded) contains `needle` (folded) as whole words. */
function containsWords(haystack: string, needle: string): boolean {
  if (!needle) return false;
  return ` ${haystack} `.includes(` ${needle} `);
}

/** Text answers may name several places or styles: "Powai, Worli" → two terms. */
function terms(values: MatchInput['values']): Array<{ folded: string; shown: string }> {
  const out: Array<{ folded: string; shown: string }> = [];
  for (const { value, text } of values) {
    const candidates = new Set<string>([text, String(value)]);
    for (const candidate of candidates) {
      for (const part of candidate.split(/[,;/]|\bor\b|\band\b/i)) {
        const shown = part.trim();
        const folded = foldText(shown);
        if (folded.length >= 2 && !out.some((t) => t.folded === folded)) out.push({ folded, shown });
      }
    }
  }
  return out;
}

/** DD-MM-YYYY or YYYY-MM-DD (optionally with a time) → UTC midnight of that day; else null. */
export function parseDay(value: string): Date | null {
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  const ymd = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3] ?? '28'] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date answer, or a number of months from `now`; the end of that day. */
function readyByDate(value: unknown, now: Date): Date | null {
  const months = answerNumber(value);
  if (months !== null) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, now.getUTCDate()));
  if (typeof value !== 'string') return null;
  const day = parseDay(value);
  // "2026-12" (a month input) means by the end of that month.
  if (day && /^\d{4}-\d{2}$/.test(value)) return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0));
  return day;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Scored {
  listing: MatchedListing;
  score: number;
}

function rank(scored: Scored[]): MatchedListing[] {
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.listing.name.localeCompare(b.listing.name))
    .slice(0, MAX_MATCHES)
    .map((s) => s.listing);
}

/** A listing with what the rules read, worked out once (the server keeps these with its cached listings). */
export interface PreparedListings {
  projects: Array<{ listing: MatchableProject; area: string; beds: number | null; done: Date | null }>;
  products: Array<{ listing: MatchableProduct; text: string }>;
}

export function prepareListings(listings: { projects: readonly MatchableProject[]; products: readonly MatchableProduct[] }): PreparedListings {
  return {
    projects: listings.projects.map((listing) => ({ listing, area: foldText(listing.area), beds: bedroomsOf(listing.sizeofunit), done: parseDay(listing.dateofcomplition) })),
    products: listings.products.map((listing) => ({ listing, text: foldText([listing.productname, listing.description, ...(listing.tags ?? [])].join(' ')) })),
  };
}

type ProjectRule = (p: PreparedListings['projects'][number]) => string | null;
type ProductRule = (p: PreparedListings['products'][number]) => string | null;

/** Each answer becomes a test on one listing, its values read once per response, not per listing. */
function projectRule(input: MatchInput, now: Date): ProjectRule | null {
  switch (input.match) {
    case 'project.bedrooms': {
      const wanted = input.values.map((v) => answerNumber(v.value)).filter((n): n is number => n !== null);
      if (wanted.length === 0) return null;
      return ({ beds }) => (beds !== null && wanted.some((n) => (n >= 5 ? beds >= 5 : beds === n)) ? `${beds} BHK` : null);
    }
    case 'project.locality': {
      const wanted = terms(input.values);
      if (wanted.length === 0) return null;
      return ({ area }) => {
        const hit = wanted.find((t) => containsWords(area, t.folded));
        return hit ? `in ${hit.shown}` : null;
      };
    }
    case 'project.minSqft': {
      const min = answerNumber(input.values[0]?.value);
      if (min === null) return null;
      return ({ listing }) => (listing.squareft >= min ? `${listing.squareft.toLocaleString('en-IN')} sq. ft` : null);
    }
    case 'project.maxPrice': {
      const max = answerNumber(input.values[0]?.value);
      if (max === null) return null;
      return ({ listing }) => (typeof listing.price === 'number' && listing.price <= max ? 'within your budget' : null);
    }
    case 'project.readyBy': {
      const by = readyByDate(input.values[0]?.value, now);
      if (!by) return null;
      return ({ done }) => (done && done.getTime() <= by.getTime() ? `ready by ${MONTHS[done.getUTCMonth()]} ${done.getUTCFullYear()}` : null);
    }
    default:
      return null;
  }
}

function productRule(input: MatchInput): ProductRule | null {
  if (input.match === 'product.maxPrice') {
    const max = answerNumber(input.values[0]?.value);
    if (max === null) return null;
    return ({ listing }) => (listing.price <= max ? 'within your budget' : null);
  }
  if (input.match === 'product.keywords') {
    const wanted = terms(input.values);
    if (wanted.length === 0) return null;
    return ({ text }) => wanted.find((t) => containsWords(text, t.folded))?.shown ?? null;
  }
  return null;
}

function score<T>(items: readonly T[], rules: Array<(item: T) => string | null>, toListing: (item: T, reasons: string[]) => MatchedListing): MatchedListing[] {
  if (rules.length === 0) return [];
  const scored: Scored[] = [];
  for (const item of items) {
    const reasons: string[] = [];
    for (const rule of rules) {
      const reason = rule(item);
      if (reason) reasons.push(reason);
    }
    if (reasons.length > 0) scored.push({ listing: toListing(item, reasons), score: reasons.length });
  }
  return rank(scored);
}

/** At most three homes and three decor items with a score above 0, best first, each with its reasons. */
export function matchListings(
  inputs: MatchInput[],
  listings: PreparedListings | { projects: readonly MatchableProject[]; products: readonly MatchableProduct[] },
  now = new Date(),
): ListingMatches {
  const prepared = isPrepared(listings) ? listings : prepareListings(listings);
  const projectRules = inputs.map((i) => projectRule(i, now)).filter((r): r is ProjectRule => r !== null);
  const productRules = inputs.map((i) => productRule(i)).filter((r): r is ProductRule => r !== null);
  return {
    projects: score(prepared.projects, projectRules, ({ listing }, reasons) => ({ _id: listing._id, name: listing.name, image: listing.image, reasons })),
    products: score(prepared.products, productRules, ({ listing }, reasons) => ({ _id: listing._id, name: listing.productname, image: listing.image, reasons })),
  };
}

function isPrepared(value: object): value is PreparedListings {
  const first = (value as PreparedListings).projects[0] ?? (value as PreparedListings).products[0];
  return first === undefined || 'listing' in first;
}
