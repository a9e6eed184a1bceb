/**
 * From a visitor's answers to the studio's own homes and decor. A survey question may carry
 * the SurveyJS property `listingMatch`; each answer is a rule. A listing fits when every rule holds
 * for it (a rule on data the listing does not give, such as a missing price, neither passes nor
 * fails), each with a plain-words reason. When nothing fits, the nearest listings come back with
 * the reason each is not a fit. Pure and synchronous: the server runs it on every stored response against
 * the cached listings, so it must stay cheap (bench: ≤ 2 ms at p50 with 1,000 projects and 1,000
 * products).
 */

import { LOCALES } from '../i18n/languages';
import { messageFormatter } from '../i18n/message-format';
import { en } from '../i18n/messages/en';
import { CITIES, DEFAULT_PROPERTY_KIND, PROPERTY_KINDS, type HomeKind } from './match-places';
import { isMatchMiss, isMatchReason, sayMiss, sayReason, type MatchMiss, type MatchReason, type PlacesAsked, type RupeeRange, type Say } from './match-reasons';

export const LISTING_MATCH_VALUES = [
  'project.type',
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
  'project.type': {
    label: 'Homes: kind of home',
    help: 'Homes of this kind (apartment, villa, independent house, penthouse, plot), read from the unit size or name.',
  },
  'project.bedrooms': { label: 'Homes: bedrooms', help: 'Homes whose unit size has this many bedrooms (5 means 5 or more).' },
  'project.locality': { label: 'Homes: locality', help: 'Homes whose area names one of the answers; a home elsewhere in the same city is only a near miss.' },
  'project.minSqft': { label: 'Homes: minimum sq. feet', help: 'Homes at least this large.' },
  'project.maxPrice': {
    label: 'Homes: budget',
    help: 'Homes priced within the chosen range: each choice is the top of its range, the choice below it the bottom ("Under …" starts at 0, "Above …" has no top). Homes without a price are not excluded.',
  },
  'project.readyBy': { label: 'Homes: ready by', help: 'Homes completed by this date, or within this many months.' },
  'product.maxPrice': {
    label: 'Decor: budget',
    help: 'Decor priced up to the chosen budget: each choice is a ceiling, so a piece below it fits ("Above …" has no top). Decor without a price is not excluded.',
  },
  'product.keywords': { label: 'Decor: style or room', help: 'Decor whose name, description or tags mention one of the answers.' },
};

const PRICE_KINDS: ReadonlySet<string> = new Set(['project.maxPrice', 'product.maxPrice']);
const NUMBER_KINDS: ReadonlySet<ListingMatch> = new Set(['project.bedrooms', 'project.minSqft', 'project.maxPrice', 'product.maxPrice']);
const TEXT_KINDS: ReadonlySet<ListingMatch> = new Set(['project.type', 'project.locality', 'product.keywords']);
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
  /** The Hindi name, when staff gave one (shown to a visitor who answered in Hindi). */
  nameHi?: string | null;
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
  productnameHi?: string | null;
  image: string;
  description: string;
  price: number;
  tags?: readonly string[] | null;
}

/** A budget choice as a range of rupees: from the choice below it up to its own value (`max` null: no top). */
export type PriceBand = RupeeRange;

/** One answer as the rule sees it: the raw values, and the texts the visitor saw for them. */
export interface MatchInput {
  match: ListingMatch;
  /** Each chosen value (one for a single answer), with its display text; a budget choice with its range. */
  values: Array<{ value: unknown; text: string; band?: PriceBand }>;
}

export interface MatchedListing {
  _id: string;
  name: string;
  /** The listing's Hindi name when it has one (stored with the result; older results have none). */
  nameHi?: string;
  image: string;
  /** What fits, in plain English words ("3 BHK", "in Whitefield"): `reasonValues` said in English. */
  reasons: string[];
  /** Why it is not a fit ("3 BHK, you asked for 5+"): empty for a fit, set for the nearest when nothing fits. */
  misses: string[];
  /**
   * The same as values ({ kind: 'bedrooms', n: 3 }), one for each of `reasons` and `misses`, which each
   * language says (match-reasons.ts). Results stored before they were kept have none: they are said
   * in their English words.
   */
  reasonValues?: MatchReason[];
  missValues?: MatchMiss[];
}

export interface ListingMatches {
  /** The homes that fit, best first; when none fits, the nearest (each with its misses). */
  projects: MatchedListing[];
  products: MatchedListing[];
  /**
   * Whether the answers say anything about homes, and about decor (a `listingMatch` question of that
   * kind answered): a section is shown only for these, so a survey that is not about homes has none.
   */
  asked: { projects: boolean; products: boolean };
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

const OPEN_TOP = /^\s*(?:above|over|more than|beyond|upwards of)\b|\+\s*$/i;
const FROM_ZERO = /^\s*(?:under|below|up to|upto|less than|within|at most|max(?:imum)?)\b/i;

/**
 * A budget question's choices as ranges: each value is the top of its range and the next lower
 * value its bottom ("₹1 crore – ₹2 crore" is 1–2 crore, not anything under 2 crore). "Under …" and
 * "Up to …" start at 0; the highest choice named "Above …" (or "… +") has no top.
 */
function priceBands(texts: Map<string, string>): Map<string, PriceBand> {
  const bands = new Map<string, PriceBand>();
  const numeric = [...texts]
    .map(([value, text]) => ({ value, text, n: answerNumber(value) }))
    .filter((c): c is { value: string; text: string; n: number } => c.n !== null)
    .sort((a, b) => a.n - b.n);
  numeric.forEach((choice, i) => {
    const below = numeric[i - 1]?.n;
    const open = i === numeric.length - 1 && numeric.length > 1 && OPEN_TOP.test(choice.text);
    const min = FROM_ZERO.test(choice.text) ? 0 : open ? (below ?? choice.n) : (below ?? 0);
    bands.set(choice.value, { min, max: open ? null : choice.n });
  });
  return bands;
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
      const bands = PRICE_KINDS.has(element.listingMatch) ? priceBands(texts) : null;
      const comment = answers[`${element.name}-Comment`];
      const values = (Array.isArray(answer) ? answer : [answer]).map((value): MatchInput['values'][number] => {
        if (value === 'other' && typeof comment === 'string' && comment.trim()) return { value: comment.trim(), text: comment.trim() };
        const band = bands?.get(String(value));
        return { value, text: texts.get(String(value)) ?? String(value), ...(band ? { band } : {}) };
      });
      inputs.push({ match: element.listingMatch, values });
    }
  };
  visit(surveyJson.elements);
  if (Array.isArray(surveyJson.pages)) for (const page of surveyJson.pages) if (isObject(page)) visit(page.elements);
  return inputs;
}

/**
 * Whether a survey asks about homes and about decor at all: a question (answered or not) with a
 * `listingMatch` of that kind. Answers to a survey that asks about neither can say nothing of either.
 */
export function listingMatchKinds(surveyJson: unknown): ListingMatches['asked'] {
  const asked = { projects: false, products: false };
  const visit = (elements: unknown) => {
    if (!Array.isArray(elements)) return;
    for (const element of elements) {
      if (!isObject(element)) continue;
      if (Array.isArray(element.elements)) visit(element.elements);
      if (!isListingMatch(element.listingMatch)) continue;
      if (element.listingMatch.startsWith('project.')) asked.projects = true;
      else asked.products = true;
    }
  };
  if (!isObject(surveyJson)) return asked;
  visit(surveyJson.elements);
  if (Array.isArray(surveyJson.pages)) for (const page of surveyJson.pages) if (isObject(page)) visit(page.elements);
  return asked;
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

/** A UTC-midnight date as its calendar day, YYYY-MM-DD. */
const calendarDay = (date: Date) => date.toISOString().slice(0, 10);

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

// The English words stored with a response and sent by the API: the values said from the English
// catalogue (made once, when first needed; the browser, which never matches, does not make it).
let english: Say | null = null;
function sayInEnglish(): Say {
  if (!english) {
    const formatter = messageFormatter(LOCALES.en, en);
    english = (key, values) => formatter.text(key, values);
  }
  return english;
}

/** " words " with a space either side, so `includes` finds whole words only. */
const padded = (folded: string) => ` ${folded} `;

/**
 * One answer as a test on one listing. `test` runs on every listing and builds no text: 1 the rule
 * holds, 0 it does not, -1 the listing does not say (a missing price: neither). The words, and how
 * near a miss comes, are worked out only for the few listings shown. `weight`: how much the rule
 * counts when ranking (the place counts double: a home in another city is further off than one a
 * size too small); a near miss counts part of it.
 */
interface Rule<T> {
  weight: number;
  test(item: T): number;
  near(item: T): number;
  reason(item: T): MatchReason;
  miss(item: T): MatchMiss;
}

/** A listing with what the rules read, worked out once (the server keeps these with its cached listings). */
export interface PreparedListings {
  projects: Array<{
    listing: MatchableProject;
    /** The folded area and name, padded for whole-word search. */
    area: string;
    name: string;
    city: string | null;
    kind: HomeKind;
    unit: string;
    beds: number | null;
    done: Date | null;
  }>;
  products: Array<{ listing: MatchableProduct; text: string }>;
}

type PreparedProject = PreparedListings['projects'][number];
type PreparedProduct = PreparedListings['products'][number];

const FOLDED_CITIES = CITIES.map((c) => ({ city: c.city, names: [c.city, ...c.aliases].map(foldText), localities: c.localities.map(foldText) }));

/** The city a folded place names: itself a city (or its other spelling), or a locality of one. */
function cityOfPlace(folded: string): { city: string; isCity: boolean } | null {
  for (const c of FOLDED_CITIES) if (c.names.includes(folded)) return { city: c.city, isCity: true };
  for (const c of FOLDED_CITIES) if (c.localities.includes(folded)) return { city: c.city, isCity: false };
  return null;
}

/** The city a listing's area is in: a city it names, else the city of a locality it names. */
function cityOfArea(area: string): string | null {
  for (const c of FOLDED_CITIES) if (c.names.some((name) => containsWords(area, name))) return c.city;
  for (const c of FOLDED_CITIES) if (c.localities.some((name) => containsWords(area, name))) return c.city;
  return null;
}

const FOLDED_KINDS = PROPERTY_KINDS.map((k) => ({ ...k, folded: [foldText(k.kind), ...k.words.map(foldText)] }));

/** The kind of home a listing is: the first kind its unit size names, else its name, else an apartment. */
function kindOfListing(unit: string, name: string): HomeKind {
  for (const text of [unit, name]) {
    const kind = FOLDED_KINDS.find((k) => k.folded.some((word) => containsWords(text, word)));
    if (kind) return kind.kind;
  }
  return DEFAULT_PROPERTY_KIND;
}

export function prepareListings(listings: { projects: readonly MatchableProject[]; products: readonly MatchableProduct[] }): PreparedListings {
  return {
    projects: listings.projects.map((listing) => {
      const area = foldText(listing.area);
      const unit = foldText(listing.sizeofunit);
      const name = foldText(listing.name);
      return {
        listing,
        area: padded(area),
        name: padded(name),
        city: cityOfArea(area),
        kind: kindOfListing(unit, name),
        unit: padded(unit),
        beds: bedroomsOf(listing.sizeofunit),
        done: parseDay(listing.dateofcomplition),
      };
    }),
    products: listings.products.map((listing) => ({
      listing,
      text: padded(foldText([listing.productname, listing.description, ...(listing.tags ?? [])].join(' '))),
    })),
  };
}

/** The budget ranges an answer chose: a choice's own range, or up to a typed number. */
function bandsOf(input: MatchInput): PriceBand[] {
  return input.values.flatMap(({ value, band }) => {
    if (band) return [band];
    const max = answerNumber(value);
    return max === null ? [] : [{ min: 0, max }];
  });
}

/**
 * A price against the chosen ranges: within one, or how far below or above the nearest. With
 * `ceiling`, each range is only its top (from ₹0): a decor budget is what a visitor will spend on
 * interiors in all, so a piece below it is within it, never "below your budget".
 */
function priceRule<T>(input: MatchInput, priceOf: (item: T) => number | null | undefined, ceiling = false): Rule<T> | null {
  const bands = ceiling ? bandsOf(input).map((band) => ({ min: 0, max: band.max })) : bandsOf(input);
  if (bands.length === 0) return null;
  const within = (price: number) => bands.some((b) => price >= b.min && (b.max === null || price <= b.max));
  // The range it misses by the least (relative to the price), for the words and the nearness.
  const nearest = (price: number) =>
    bands
      .map((band) => ({ band, gap: price < band.min ? (band.min - price) / band.min : (price - (band.max ?? price)) / (band.max ?? price) }))
      .reduce((x, y) => (y.gap < x.gap ? y : x));
  return {
    weight: 1,
    test: (item) => {
      const price = priceOf(item);
      return typeof price !== 'number' ? -1 : within(price) ? 1 : 0;
    },
    near: (item) => (nearest(priceOf(item)!).gap <= 0.2 ? 0.5 : 0),
    reason: () => ({ kind: 'budget' }),
    miss: (item) => {
      const price = priceOf(item)!;
      const { band } = nearest(price);
      return { kind: 'budget', price, direction: price < band.min ? 'below' : 'above', range: band };
    },
  };
}

function typeRule(input: MatchInput): Rule<PreparedProject> | null {
  // A known kind by its value or text ("penthouse", "Plot to build on"); anything else as words to find.
  const kinds = new Set<HomeKind>();
  const words: Array<{ needle: string; shown: string }> = [];
  for (const { value, text } of input.values) {
    const candidates = [foldText(String(value)), foldText(text)];
    const kind = FOLDED_KINDS.find((k) => candidates.some((c) => k.folded.some((word) => containsWords(c, word))));
    if (kind) kinds.add(kind.kind);
    else if (candidates[1]) words.push({ needle: padded(candidates[1]), shown: text });
  }
  if (kinds.size === 0 && words.length === 0) return null;
  const named = ({ unit, name }: PreparedProject) => words.find((w) => unit.includes(w.needle) || name.includes(w.needle));
  return {
    weight: 1,
    test: (item) => (kinds.has(item.kind) || named(item) ? 1 : 0),
    near: () => 0,
    reason: (item) => (kinds.has(item.kind) ? { kind: 'homeKind', home: item.kind } : { kind: 'words', text: named(item)!.shown }),
    miss: ({ kind }) => ({ kind: 'homeKind', home: kind, asked: [...kinds], askedWords: words.map((w) => w.shown) }),
  };
}

function bedroomsRule(input: MatchInput): Rule<PreparedProject> | null {
  const wanted = input.values
    .map(({ value, text }) => ({ n: answerNumber(value), plus: /\+/.test(String(value)) || /\d\s*\+/.test(text) }))
    .filter((w): w is { n: number; plus: boolean } => w.n !== null)
    .map(({ n, plus }) => ({ n, atLeast: plus || n >= 5 }));
  if (wanted.length === 0) return null;
  return {
    weight: 1,
    test: ({ beds }) => (beds !== null && wanted.some((w) => (w.atLeast ? beds >= w.n : beds === w.n)) ? 1 : 0),
    near: ({ beds }) => (beds !== null && Math.min(...wanted.map((w) => Math.abs(beds - w.n))) <= 1 ? 0.5 : 0),
    reason: ({ beds }) => ({ kind: 'bedrooms', n: beds! }),
    miss: ({ beds, listing }) => ({ kind: 'bedrooms', beds, size: beds === null ? listing.sizeofunit.trim() : '', asked: wanted }),
  };
}

function localityRule(input: MatchInput): Rule<PreparedProject> | null {
  const wanted = terms(input.values).map((t) => ({ ...t, needle: padded(t.folded), place: cityOfPlace(t.folded) }));
  if (wanted.length === 0) return null;
  const cities = new Set(wanted.flatMap((t) => (t.place ? [t.place.city] : [])));
  // "Indiranagar or Koramangala, Bengaluru": the places asked for, each city named once.
  const asked = (): PlacesAsked[] => [
    ...[...cities].map((city) => {
      const places = wanted.filter((t) => t.place?.city === city);
      return places.some((t) => t.place?.isCity) ? { places: [city] } : { places: places.map((t) => t.shown), city };
    }),
    ...wanted.filter((t) => !t.place).map((t) => ({ places: [t.shown] })),
  ];
  const hit = ({ area, city }: PreparedProject) => wanted.find((t) => area.includes(t.needle) || (t.place?.isCity && t.place.city === city));
  const sameCity = ({ city }: PreparedProject) => city !== null && cities.has(city);
  return {
    weight: 2,
    test: (item) => (hit(item) ? 1 : 0),
    near: (item) => (sameCity(item) ? 1 : 0),
    reason: (item) => ({ kind: 'locality', name: hit(item)!.shown }),
    miss: (item) => {
      if (sameCity(item))
        return {
          kind: 'locality',
          place: item.listing.area.trim(),
          asked: [{ places: wanted.filter((t) => t.place?.city === item.city).map((t) => t.shown) }],
        };
      return { kind: 'locality', place: item.city ?? item.listing.area.trim(), asked: asked() };
    },
  };
}

/** Each answer becomes a rule on one listing, its values read once per response, not per listing. */
function projectRule(input: MatchInput, now: Date): Rule<PreparedProject> | null {
  switch (input.match) {
    case 'project.type':
      return typeRule(input);
    case 'project.bedrooms':
      return bedroomsRule(input);
    case 'project.locality':
      return localityRule(input);
    case 'project.minSqft': {
      const min = answerNumber(input.values[0]?.value);
      if (min === null) return null;
      return {
        weight: 1,
        test: ({ listing }) => (listing.squareft >= min ? 1 : 0),
        near: ({ listing }) => (listing.squareft >= min * 0.8 ? 0.5 : 0),
        reason: ({ listing }) => ({ kind: 'area', sqft: listing.squareft }),
        miss: ({ listing }) => ({ kind: 'area', sqft: listing.squareft, min }),
      };
    }
    case 'project.maxPrice':
      // A home without a price is neither a fit nor a miss on budget.
      return priceRule<PreparedProject>(input, ({ listing }) => listing.price);
    case 'project.readyBy': {
      const by = readyByDate(input.values[0]?.value, now);
      if (!by || Number.isNaN(by.getTime())) return null;
      const time = by.getTime();
      return {
        weight: 1,
        test: ({ done }) => (!done ? -1 : done.getTime() <= time ? 1 : 0),
        near: ({ done }) => ((done!.getTime() - time) / (24 * 3600 * 1000) <= 183 ? 0.5 : 0),
        reason: ({ done }) => ({ kind: 'readyBy', date: calendarDay(done!) }),
        miss: ({ done }) => ({ kind: 'readyBy', date: calendarDay(done!), by: calendarDay(by) }),
      };
    }
    default:
      return null;
  }
}

function productRule(input: MatchInput): Rule<PreparedProduct> | null {
  if (input.match === 'product.maxPrice') return priceRule<PreparedProduct>(input, ({ listing }) => listing.price, true);
  if (input.match === 'product.keywords') {
    const wanted = terms(input.values).map((t) => ({ ...t, needle: padded(t.folded) }));
    if (wanted.length === 0) return null;
    const hit = ({ text }: PreparedProduct) => wanted.find((t) => text.includes(t.needle));
    return {
      weight: 1,
      test: (item) => (hit(item) ? 1 : 0),
      near: () => 0,
      reason: (item) => ({ kind: 'words', text: hit(item)!.shown }),
      miss: () => ({ kind: 'words', asked: [...new Set(input.values.map((v) => v.text))] }),
    };
  }
  return null;
}

interface Scored<T> {
  item: T;
  /** Weights of the rules that hold, plus part for near misses: how near the listing comes. */
  nearness: number;
  missed: number;
  name: string;
}

const better = <T>(a: Scored<T>, b: Scored<T>) => b.nearness - a.nearness || a.missed - b.missed || a.name.localeCompare(b.name);

/** The best MAX_MATCHES of many, without sorting them all. */
function best<T>(scored: Scored<T>[]): Scored<T>[] {
  const top: Scored<T>[] = [];
  for (const s of scored) {
    if (top.length === MAX_MATCHES && better(s, top[MAX_MATCHES - 1]!) >= 0) continue;
    const at = top.findIndex((t) => better(s, t) < 0);
    top.splice(at === -1 ? top.length : at, 0, s);
    if (top.length > MAX_MATCHES) top.pop();
  }
  return top;
}

/** What a matched listing says: its reasons and misses as values, and in English. */
type Told = Pick<MatchedListing, 'reasons' | 'misses' | 'reasonValues' | 'missValues'>;

/** The listings that fit (every rule holds, at least one with data for it), best first; else the nearest. */
function score<T>(items: readonly T[], rules: Rule<T>[], nameOf: (item: T) => string, toListing: (item: T, told: Told) => MatchedListing): MatchedListing[] {
  if (rules.length === 0) return [];
  const fitting: Scored<T>[] = [];
  const near: Scored<T>[] = [];
  for (const item of items) {
    let nearness = 0;
    let missed = 0;
    let held = 0;
    for (const rule of rules) {
      const outcome = rule.test(item);
      if (outcome === 1) {
        held++;
        nearness += rule.weight;
      } else if (outcome === 0) {
        missed++;
        nearness += rule.near(item);
      }
    }
    if (missed === 0) {
      if (held > 0) fitting.push({ item, nearness, missed, name: nameOf(item) });
    } else if (fitting.length === 0 && nearness > 0) near.push({ item, nearness, missed, name: nameOf(item) });
  }
  return best(fitting.length > 0 ? fitting : near).map(({ item }) => {
    const reasonValues: MatchReason[] = [];
    const missValues: MatchMiss[] = [];
    for (const rule of rules) {
      const outcome = rule.test(item);
      if (outcome === 1) reasonValues.push(rule.reason(item));
      else if (outcome === 0) missValues.push(rule.miss(item));
    }
    const t = sayInEnglish();
    const reasons = reasonValues.map((reason) => sayReason(t, 'en', reason));
    return toListing(item, { reasons, misses: missValues.map((miss) => sayMiss(t, 'en', miss)), reasonValues, missValues });
  });
}

const hindiName = (name: string | null | undefined): { nameHi?: string } => (typeof name === 'string' && name.trim() !== '' ? { nameHi: name } : {});

/** A match's name in a language: its Hindi name on Hindi pages and mail when it has one, else the name (docs/decisions/0026-languages.md). */
export function matchName(item: Pick<MatchedListing, 'name' | 'nameHi'>, language: string): string {
  return language === 'hi' && item.nameHi ? item.nameHi : item.name;
}

/**
 * At most three homes and three decor items that fit, best first, each with its reasons; for a kind
 * where none fits, at most three nearest, each with what fits and why it is not a fit.
 */
export function matchListings(
  inputs: MatchInput[],
  listings: PreparedListings | { projects: readonly MatchableProject[]; products: readonly MatchableProduct[] },
  now = new Date(),
): ListingMatches {
  const prepared = isPrepared(listings) ? listings : prepareListings(listings);
  const projectRules = inputs.map((i) => projectRule(i, now)).filter((r): r is Rule<PreparedProject> => r !== null);
  const productRules = inputs.map((i) => productRule(i)).filter((r): r is Rule<PreparedProduct> => r !== null);
  return {
    projects: score(
      prepared.projects,
      projectRules,
      ({ listing }) => listing.name,
      ({ listing }, told) => ({ _id: listing._id, name: listing.name, ...hindiName(listing.nameHi), image: listing.image, ...told }),
    ),
    products: score(
      prepared.products,
      productRules,
      ({ listing }) => listing.productname,
      ({ listing }, told) => ({ _id: listing._id, name: listing.productname, ...hindiName(listing.productnameHi), image: listing.image, ...told }),
    ),
    asked: { projects: inputs.some((i) => i.match.startsWith('project.')), products: inputs.some((i) => i.match.startsWith('product.')) },
  };
}

function isPrepared(value: object): value is PreparedListings {
  const first = (value as PreparedListings).projects[0] ?? (value as PreparedListings).products[0];
  return first === undefined || 'listing' in first;
}

/** Whether a matched listing fits (no misses), rather than being one of the nearest. */
export const isFit = (listing: MatchedListing) => listing.misses.length === 0;

const isText = (value: unknown): value is string => typeof value === 'string';

/** The values of a stored match when they are whole and one for each of its words; else none (said in its words). */
function storedValues(item: Record<string, unknown>, reasons: string[], misses: string[]): Pick<MatchedListing, 'reasonValues' | 'missValues'> {
  const { reasonValues, missValues } = item;
  if (!Array.isArray(reasonValues) || !Array.isArray(missValues)) return {};
  if (reasonValues.length !== reasons.length || missValues.length !== misses.length) return {};
  if (!reasonValues.every(isMatchReason) || !missValues.every(isMatchMiss)) return {};
  return { reasonValues, missValues };
}

/**
 * Matches as stored with a response or handed on in the browser's navigation state: whole or not
 * at all. Those stored before the nearest were kept have no misses (they were all called fits) and no `asked`.
 */
export function readListingMatches(value: unknown): ListingMatches | undefined {
  if (!isObject(value) || !Array.isArray(value.projects) || !Array.isArray(value.products)) return undefined;
  const read = (items: unknown[]) =>
    items.flatMap((item): MatchedListing[] => {
      if (!isObject(item) || !isText(item._id) || !isText(item.name) || !isText(item.image) || !Array.isArray(item.reasons)) return [];
      const reasons = item.reasons.filter(isText);
      const misses = Array.isArray(item.misses) ? item.misses.filter(isText) : [];
      return [
        {
          _id: item._id,
          name: item.name,
          ...hindiName(isText(item.nameHi) ? item.nameHi : null),
          image: item.image,
          reasons,
          misses,
          ...storedValues(item, reasons, misses),
        },
      ];
    });
  const projects = read(value.projects);
  const products = read(value.products);
  const asked = isObject(value.asked) ? value.asked : {};
  return {
    projects,
    products,
    asked: {
      projects: typeof asked.projects === 'boolean' ? asked.projects : projects.length > 0,
      products: typeof asked.products === 'boolean' ? asked.products : products.length > 0,
    },
  };
}

/** Stored matches (JSON text), read as `readListingMatches` does; unreadable text is none. */
export function parseStoredMatches(json: string | null): ListingMatches | undefined {
  if (!json) return undefined;
  try {
    return readListingMatches(JSON.parse(json));
  } catch {
    return undefined;
  }
}
