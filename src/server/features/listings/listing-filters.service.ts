import type { Kysely } from 'kysely';
import {
  foldForSearch,
  type ProductChoices,
  type ProductFilters,
  type ProjectChoices,
  type ProjectFilters,
  type ReadyBy,
} from '#shared/listings/listing-filters';
import type { Database } from '#server/db/schema';
import type { ContentCache } from '#server/lib/content-cache';
import type { ListingKindSpec } from './listing-kinds';
import { productChoices, projectChoices, queryProductIds, queryProjectIds, type ProjectQuery } from './listing-filters.repository';
import { itemsJson } from './listings.service';

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `day` plus `months` calendar months; a day the month lacks becomes its last (31 Aug + 6 months = 28 or 29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDay));
  return first.toISOString().slice(0, 10);
}

/** "Ready by" as bounds on the completion date, from today (listing-filters.ts `READY_BY`). */
function readyBounds(readyBy: ReadyBy | undefined, today: string): Pick<ProjectQuery, 'readyOnOrBefore' | 'readyAfter'> {
  switch (readyBy) {
    case 'completed':
      return { readyOnOrBefore: today };
    case '6m':
      return { readyOnOrBefore: addMonths(today, 6) };
    case '12m':
      return { readyOnOrBefore: addMonths(today, 12) };
    case 'later':
      return { readyAfter: addMonths(today, 12) };
    default:
      return {};
  }
}

/** The homes that pass the filters, in their order, as the list's JSON; `today` is the studio's day (YYYY-MM-DD). */
export async function filterProjects(
  cache: ContentCache,
  db: Kysely<Database>,
  spec: ListingKindSpec<'project'>,
  filters: ProjectFilters,
  today: string,
): Promise<string> {
  const { readyBy, sort = 'newest', ...rest } = filters;
  const ids = await queryProjectIds(db, { ...rest, ...readyBounds(readyBy, today), sort });
  return itemsJson(cache, db, spec, ids);
}

/** The decor items that pass the filters, in their order, as the list's JSON. */
export async function filterProducts(cache: ContentCache, db: Kysely<Database>, spec: ListingKindSpec<'product'>, filters: ProductFilters): Promise<string> {
  const { tag, q, sort = 'newest', minPrice, maxPrice } = filters;
  const tagKey = tag === undefined ? undefined : foldForSearch(tag);
  const words = [
    ...new Set(
      foldForSearch(q ?? '')
        .split(' ')
        .filter(Boolean),
    ),
  ];
  // A tag of punctuation alone folds to nothing: no product has it.
  if (tagKey === '') return '[]';
  const ids = await queryProductIds(db, { minPrice, maxPrice, tagKey, words, sort });
  return itemsJson(cache, db, spec, ids);
}

/** What the homes filter form offers, from the content cache (a staff write makes it stale on every instance). */
export function cachedProjectChoices(cache: ContentCache, db: Kysely<Database>): Promise<ProjectChoices> {
  return cache.get('choices:project', () => projectChoices(db));
}

/** What the decor filter form offers, from the content cache. */
export function cachedProductChoices(cache: ContentCache, db: Kysely<Database>): Promise<ProductChoices> {
  return cache.get('choices:product', () => productChoices(db));
}
