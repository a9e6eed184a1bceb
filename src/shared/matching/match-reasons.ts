// Why a listing fits and why it does not, as values (docs/decisions/0047-match-reasons-as-values.md):
// the matcher (listing-match.ts) says what it found ({ kind: 'bedrooms', n: 3 }), and each language
// says it from its catalogue (`matches.reason.*`, `matches.miss.*`) with the values written by
// #shared/i18n/format. The English sentences stored with a response and sent by the API are these
// values said in English; /result and the visitor's e-mail say the values in the visitor's language.
import { formatMonthYear, formatNumber, formatRupeesInWords, formatRupeesRange } from '../i18n/format';
import type { Language } from '../i18n/languages';
import type { MessageKey } from '../i18n/messages/en';
import { isHomeKind, type HomeKind } from './match-places';

/** A budget's range of rupees: from `min` up to `max` (null: no top). */
export interface RupeeRange {
  min: number;
  max: number | null;
}

/** Bedrooms asked for: exactly `n`, or `n` or more. */
export interface BedroomsAsked {
  n: number;
  atLeast: boolean;
}

/** Places asked for: localities of one city (`city` said after them), or places on their own. */
export interface PlacesAsked {
  places: string[];
  city?: string;
}

/** What holds for a listing. Dates are calendar days, YYYY-MM-DD. */
export type MatchReason =
  | { kind: 'budget' }
  | { kind: 'homeKind'; home: HomeKind }
  | { kind: 'bedrooms'; n: number }
  | { kind: 'locality'; name: string }
  | { kind: 'area'; sqft: number }
  | { kind: 'readyBy'; date: string }
  /** Words the visitor or the studio wrote that the listing names (a style, a kind of home not in the list). */
  | { kind: 'words'; text: string };

/** Where a listing falls short of an answer. */
export type MatchMiss =
  | { kind: 'budget'; price: number; direction: 'below' | 'above'; range: RupeeRange }
  | { kind: 'homeKind'; home: HomeKind; asked: HomeKind[]; askedWords: string[] }
  /** `beds` null: the listing's size names no bedrooms; `size` is that size as written ('' when none). */
  | { kind: 'bedrooms'; beds: number | null; size: string; asked: BedroomsAsked[] }
  | { kind: 'locality'; place: string; asked: PlacesAsked[] }
  | { kind: 'area'; sqft: number; min: number }
  | { kind: 'readyBy'; date: string; by: string }
  | { kind: 'words'; asked: string[] };

export type Say = (key: MessageKey, values?: Record<string, string | number>) => string;

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const list = (t: Say, items: readonly string[]) => items.join(t('matches.or'));
const bedrooms = (t: Say, n: number | string) => t('matches.reason.bhk', { n: String(n) });

/** One "why it fits" in a language. */
export function sayReason(t: Say, language: Language, reason: MatchReason): string {
  switch (reason.kind) {
    case 'budget':
      return t('matches.reason.budget');
    case 'homeKind':
      return t(`matches.kind.${reason.home}`);
    case 'bedrooms':
      return bedrooms(t, reason.n);
    case 'locality':
      return t('matches.reason.in', { place: reason.name });
    case 'area':
      return t('matches.reason.sqft', { size: formatNumber(language, reason.sqft) });
    case 'readyBy':
      return t('matches.reason.readyBy', { date: formatMonthYear(language, day(reason.date)) });
    case 'words':
      return reason.text;
  }
}

/** One "why it is not a fit" in a language. */
export function sayMiss(t: Say, language: Language, miss: MatchMiss): string {
  switch (miss.kind) {
    case 'budget':
      return t('matches.miss.price', {
        price: formatRupeesInWords(language, miss.price),
        direction: miss.direction,
        band: formatRupeesRange(language, miss.range),
      });
    case 'homeKind':
      return t('matches.miss.asked', {
        what: t(`matches.aKind.${miss.home}`),
        asked: list(t, [...miss.asked.map((home) => t(`matches.aKind.${home}`)), ...miss.askedWords]),
      });
    case 'bedrooms': {
      const asked = list(
        t,
        miss.asked.map(({ n, atLeast }) => (atLeast ? `${n}+` : String(n))),
      );
      if (miss.beds === null) return t('matches.miss.asked', { what: miss.size || t('matches.sizeNotGiven'), asked: bedrooms(t, asked) });
      return t('matches.miss.asked', { what: bedrooms(t, miss.beds), asked });
    }
    case 'locality':
      return t('matches.miss.asked', {
        what: t('matches.reason.in', { place: miss.place }),
        asked: list(
          t,
          miss.asked.map(({ places, city }) => list(t, places) + (city ? `${t('matches.comma')}${city}` : '')),
        ),
      });
    case 'area':
      return t('matches.miss.atLeast', { size: formatNumber(language, miss.sqft), min: formatNumber(language, miss.min) });
    case 'readyBy':
      return t('matches.miss.ready', { date: formatMonthYear(language, day(miss.date)), by: formatMonthYear(language, day(miss.by)) });
    case 'words':
      return t('matches.miss.not', { what: list(t, miss.asked) });
  }
}

// Values read back from a stored result or the browser's navigation state: whole or not at all.
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isDay = (value: unknown): value is string => isText(value) && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);
const isRange = (value: unknown): value is RupeeRange => isObject(value) && isNumber(value.min) && (value.max === null || isNumber(value.max));

export function isMatchReason(value: unknown): value is MatchReason {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case 'budget':
      return true;
    case 'homeKind':
      return isHomeKind(value.home);
    case 'bedrooms':
      return isNumber(value.n);
    case 'locality':
      return isText(value.name);
    case 'area':
      return isNumber(value.sqft);
    case 'readyBy':
      return isDay(value.date);
    case 'words':
      return isText(value.text);
    default:
      return false;
  }
}

export function isMatchMiss(value: unknown): value is MatchMiss {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case 'budget':
      return isNumber(value.price) && (value.direction === 'below' || value.direction === 'above') && isRange(value.range);
    case 'homeKind':
      return isHomeKind(value.home) && Array.isArray(value.asked) && value.asked.every(isHomeKind) && isTexts(value.askedWords);
    case 'bedrooms':
      return (
        (value.beds === null || isNumber(value.beds)) &&
        isText(value.size) &&
        Array.isArray(value.asked) &&
        value.asked.every((a) => isObject(a) && isNumber(a.n) && typeof a.atLeast === 'boolean')
      );
    case 'locality':
      return (
        isText(value.place) &&
        Array.isArray(value.asked) &&
        value.asked.every((a) => isObject(a) && isTexts(a.places) && (a.city === undefined || isText(a.city)))
      );
    case 'area':
      return isNumber(value.sqft) && isNumber(value.min);
    case 'readyBy':
      return isDay(value.date) && isDay(value.by);
    case 'words':
      return isTexts(value.asked);
    default:
      return false;
  }
}
