import { hasNul, isWellFormedText } from '../text-rules';

/**
 * Filters of the public lists: `/viewProjects` and `/viewProducts` and the list calls
 * behind them take the same query parameters. Plain TypeScript, no zod: the public listing pages
 * parse their own URL with it (and ignore what it refuses, saying so), the API answers 400 with
 * the same messages. Empty parameters count as absent (a GET form sends every field).
 */

export const PROJECT_SORTS = ['newest', 'price', '-price', 'size'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const PRODUCT_SORTS = ['newest', 'price', '-price'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * When a home is ready, against today in the studio's time zone: completed (on or before today),
 * ready within 6 or within 12 months (completed homes included: they are ready by then), or later
 * than 12 months. The survey's "ready by" matching reads the same way.
 */
export const READY_BY = ['completed', '6m', '12m', 'later'] as const;
export type ReadyBy = (typeof READY_BY)[number];

export interface ProjectFilters {
  /** A listing's `area`, as the choices give it. */
  locality?: string;
  /** Bedrooms, from the unit size ("3 BHK", "4 BHK villa"). */
  bhk?: number;
  minSqft?: number;
  maxSqft?: number;
  readyBy?: ReadyBy;
  /** Whole rupees; homes without a price do not match a price range. */
  minPrice?: number;
  maxPrice?: number;
  sort?: ProjectSort;
}

export interface ProductFilters {
  minPrice?: number;
  maxPrice?: number;
  /** One style or room tag ("Boho"), any letter case. */
  tag?: string;
  /** Words that must all appear in the name, the description or the tags. */
  q?: string;
  sort?: ProductSort;
}

export interface ListingFilters {
  project: ProjectFilters;
  product: ProductFilters;
}
export type FilterableKind = keyof ListingFilters;

/** A parameter that could not be used: its name, why (for a person), and what was sent. */
export interface FilterProblem {
  field: string;
  message: string;
  value: string;
  /** Why, for a page to say it in its own words: a value it cannot read, given twice, or a low bound above the high one. */
  kind: 'invalid' | 'repeated' | 'order';
}

export interface ParsedFilters<F> {
  /** The parameters that could be read (all of them when `problems` is empty). */
  filters: F;
  problems: FilterProblem[];
}

export const LOCALITY_MAX = 100;
export const TAG_FILTER_MAX = 30;
export const KEYWORD_MAX = 100;
export const BHK_MAX = 20;
const SQFT_MAX = 10_000_000;
const PRICE_MAX = 1_000_000_000_000;

/** A parameter's rule: its value from the text sent, or the message saying why not. */
type Rule<T> = (raw: string) => { value: T } | { message: string };

const oneOf =
  <const V extends string>(values: readonly V[], message: string): Rule<V> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? { value: raw as V } : { message };

const text =
  (max: number, tooLong: string, label: string): Rule<string> =>
  (raw) => {
    const value = raw.trim().replace(/\s+/g, ' ');
    if (hasNul(value) || !isWellFormedText(value) || /[\p{Cc}]/u.test(value)) return { message: `${label} has a character that is not allowed.` };
    return value.length > max ? { message: tooLong } : { value };
  };

const wholeNumber =
  (min: number, max: number, message: string): Rule<number> =>
  (raw) => {
    if (!/^\d{1,13}$/.test(raw)) return { message };
    const value = Number(raw);
    return value >= min && value <= max ? { value } : { message };
  };

const decimal =
  (max: number, message: string): Rule<number> =>
  (raw) => {
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) return { message };
    const value = Number(raw);
    return value <= max ? { value } : { message };
  };

/** Each parameter with the name people know it by (in messages) and its rule. */
const PROJECT_RULES = {
  locality: { label: 'Locality (locality)', rule: text(LOCALITY_MAX, `Locality (locality) can be at most ${LOCALITY_MAX} characters.`, 'Locality (locality)') },
  bhk: { label: 'Bedrooms (bhk)', rule: wholeNumber(1, BHK_MAX, `Bedrooms (bhk) must be a whole number from 1 to ${BHK_MAX}, such as 3.`) },
  minSqft: { label: 'Smallest size (minSqft)', rule: decimal(SQFT_MAX, 'Smallest size (minSqft) must be a number of square feet, such as 1200.') },
  maxSqft: { label: 'Largest size (maxSqft)', rule: decimal(SQFT_MAX, 'Largest size (maxSqft) must be a number of square feet, such as 2000.') },
  readyBy: { label: 'Ready by (readyBy)', rule: oneOf(READY_BY, 'Ready by (readyBy) must be one of completed, 6m, 12m or later.') },
  minPrice: {
    label: 'Lowest price (minPrice)',
    rule: wholeNumber(0, PRICE_MAX, 'Lowest price (minPrice) must be a whole number of rupees, digits only, such as 5000000.'),
  },
  maxPrice: {
    label: 'Highest price (maxPrice)',
    rule: wholeNumber(0, PRICE_MAX, 'Highest price (maxPrice) must be a whole number of rupees, digits only, such as 10000000.'),
  },
  sort: { label: 'Sort (sort)', rule: oneOf(PROJECT_SORTS, 'Sort (sort) must be one of newest, price, -price or size.') },
} satisfies { [K in keyof Required<ProjectFilters>]: { label: string; rule: Rule<Required<ProjectFilters>[K]> } };

const PRODUCT_RULES = {
  minPrice: PROJECT_RULES.minPrice,
  maxPrice: PROJECT_RULES.maxPrice,
  tag: { label: 'Style (tag)', rule: text(TAG_FILTER_MAX, `Style (tag) can be at most ${TAG_FILTER_MAX} characters.`, 'Style (tag)') },
  q: { label: 'Keyword (q)', rule: text(KEYWORD_MAX, `Keyword (q) can be at most ${KEYWORD_MAX} characters.`, 'Keyword (q)') },
  sort: { label: 'Sort (sort)', rule: oneOf(PRODUCT_SORTS, 'Sort (sort) must be one of newest, price or -price.') },
} satisfies { [K in keyof Required<ProductFilters>]: { label: string; rule: Rule<Required<ProductFilters>[K]> } };

const RULES = { project: PROJECT_RULES, product: PRODUCT_RULES };

/** The query parameters each kind's list reads, in the order its form shows them. */
export const FILTER_PARAMS: { [K in FilterableKind]: ReadonlyArray<keyof ListingFilters[K] & string> } = {
  project: Object.keys(PROJECT_RULES) as Array<keyof ProjectFilters>,
  product: Object.keys(PRODUCT_RULES) as Array<keyof ProductFilters>,
};

/** What a query arrives as: the page's URL, or the server's parsed query (a repeated name is an array). */
export type QuerySource = URLSearchParams | Readonly<Record<string, unknown>>;

function valuesOf(source: QuerySource, name: string): string[] {
  if (source instanceof URLSearchParams) return source.getAll(name);
  const value = source[name];
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : String(v)));
}

/**
 * Reads a kind's filters from a query. Unknown parameters are not filters and are left alone (a
 * shared link may carry tracking parameters); an empty one is absent. Every parameter it cannot use
 * is a problem, and left out of `filters`: the API refuses the request with them, the page ignores
 * them and says so.
 */
export function parseFilters<K extends FilterableKind>(kind: K, source: QuerySource): ParsedFilters<ListingFilters[K]> {
  const rules: Record<string, { label: string; rule: Rule<unknown> }> = RULES[kind];
  const filters: Record<string, unknown> = {};
  const problems: FilterProblem[] = [];
  for (const [field, { label, rule }] of Object.entries(rules)) {
    const given = valuesOf(source, field).filter((v) => v.trim() !== '');
    if (given.length === 0) continue;
    const raw = given[0]!.trim();
    if (given.length > 1) {
      problems.push({ field, message: `${label} is given more than once: give it once.`, value: given.join(', '), kind: 'repeated' });
      continue;
    }
    const read = rule(raw);
    if ('message' in read) problems.push({ field, message: read.message, value: raw, kind: 'invalid' });
    else filters[field] = read.value;
  }
  for (const [min, max, message] of [
    ['minSqft', 'maxSqft', 'The smallest size (minSqft) is more than the largest size (maxSqft).'],
    ['minPrice', 'maxPrice', 'The lowest price (minPrice) is more than the highest price (maxPrice).'],
  ] as const) {
    const low = filters[min];
    const high = filters[max];
    if (typeof low === 'number' && typeof high === 'number' && low > high) {
      problems.push({ field: min, message, value: `${low} > ${high}`, kind: 'order' });
      delete filters[min];
      delete filters[max];
    }
  }
  return { filters: filters as ListingFilters[K], problems };
}

/** True when the filters change nothing: no filter given, and the default order (newest first). */
export function isUnfiltered(filters: ProjectFilters | ProductFilters): boolean {
  return Object.entries(filters).every(([name, value]) => value === undefined || (name === 'sort' && value === 'newest'));
}

/** The filters as a query string for the list call and the page's URL: set parameters only, in the form's order. */
export function filtersQuery<K extends FilterableKind>(kind: K, filters: ListingFilters[K]): URLSearchParams {
  const query = new URLSearchParams();
  const values = filters as Record<string, unknown>;
  for (const name of FILTER_PARAMS[kind]) {
    const value = values[name];
    if (value === undefined || (name === 'sort' && value === 'newest')) continue;
    query.set(name, String(value));
  }
  return query;
}

/**
 * Text as filters compare it: lower case, accents and punctuation folded to single spaces
 * ("Living-Room, Boho" → "living room boho"). Stored beside products (their search text, their tag
 * keys) when they are written, so a keyword or a tag is found however it is typed.
 */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Choices the filter forms offer, from the listings themselves. */
export interface ProjectChoices {
  /** Every `area` a home has, A to Z. */
  localities: string[];
  /** Every bedroom count a home's unit size names, smallest first. */
  bhk: number[];
  /** The smallest and largest home, sq. ft (null: no homes). */
  sqft: { min: number; max: number } | null;
  /** The cheapest and dearest priced home, rupees (null: no home has a price). */
  price: { min: number; max: number } | null;
}

export interface ProductChoices {
  /** Every tag a decor item has, A to Z (one spelling per tag). */
  tags: string[];
  price: { min: number; max: number } | null;
}

export interface ListingChoices {
  project: ProjectChoices;
  product: ProductChoices;
}
