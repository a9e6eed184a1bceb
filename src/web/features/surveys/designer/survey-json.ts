/**
 * The SurveyJS definition as plain JSON. The designer edits this document directly (immutable
 * updates) and never lets survey-core rewrite it: survey-core's toJSON() drops unknown properties
 * and normalises others, and staff must get back exactly what they loaded.
 */
import { DEFAULT_LANGUAGE, LANGUAGES } from '#shared/i18n/languages';
import { isPlainObject } from '#shared/json-object';

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A whole survey definition, a page, a panel or a question: all are JSON objects. */
export type SurveyJson = JsonObject;

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return isPlainObject(value);
}

/** A copy of `object` with `key` set (kept in place when present, appended otherwise), or removed when `value` is undefined. */
export function withProperty(object: JsonObject, key: string, value: JsonValue | undefined): JsonObject {
  if (value === undefined) {
    if (!(key in object)) return object;
    const { [key]: _removed, ...rest } = object;
    return rest;
  }
  return { ...object, [key]: value };
}

/** A copy of `items` with the item at `index` replaced. */
export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

export function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy.splice(index, 0, item);
  return copy;
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  const copy = items.slice();
  copy.splice(index, 1);
  return copy;
}

/** Moves the item at `from` so that it ends up at index `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = items.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

export function stringProperty(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}

export function numberProperty(object: JsonObject, key: string): number | undefined {
  const value = object[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Localizable strings are either plain text or `{ "default": …, "de": … }`. The designer edits the
 * texts of the survey's own locale (`"locale": "de"`: what visitors see), reading the default text
 * where that locale has none, and leaves every other translation alone.
 */

/** The locale the designer edits: the survey's `locale`, or '' for the default texts ('en' is SurveyJS's default). */
export function editLocale(doc: SurveyJson): string {
  const locale = doc.locale;
  return typeof locale === 'string' && locale.trim() !== '' && locale.trim().toLowerCase() !== 'en' ? locale.trim() : '';
}

/** The site's languages other than English are translations, never a survey's default text. */
const TRANSLATIONS: readonly string[] = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/** The key of the default text in a localizable object. */
function defaultKey(value: JsonObject): string {
  if ('default' in value) return 'default';
  if ('en' in value) return 'en';
  return Object.keys(value).find((key) => typeof value[key] === 'string' && !TRANSLATIONS.includes(key)) ?? 'default';
}

/** The key edits go to: the locale's, or the default one. */
function localeKey(value: JsonObject, locale: string): string {
  return locale ? locale : defaultKey(value);
}

/** The text visitors of `locale` read ('' = default): the locale's text, else the default text. */
export function readText(value: JsonValue | undefined, locale = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isJsonObject(value)) {
    const own = locale ? value[locale] : undefined;
    if (typeof own === 'string' && own !== '') return own;
    const text = value[defaultKey(value)];
    return typeof text === 'string' ? text : '';
  }
  return '';
}

/**
 * The new value of a localizable property after editing its text in `locale` ('' removes it).
 * Plain text is what every locale reads, so it is replaced as it is.
 */
export function writeText(value: JsonValue | undefined, text: string, locale = ''): JsonValue | undefined {
  if (isJsonObject(value)) {
    const updated = withProperty(value, localeKey(value, locale), text === '' ? undefined : text);
    return Object.keys(updated).length === 0 ? undefined : updated;
  }
  return text === '' ? undefined : text;
}

/** The other locales a localizable value carries (shown so staff know translations exist). */
export function translationLocales(value: JsonValue | undefined, locale = ''): string[] {
  if (!isJsonObject(value)) return [];
  const main = localeKey(value, locale);
  return Object.keys(value).filter((key) => key !== main && !(locale && key === defaultKey(value)));
}

/** "German (de)", for saying which texts the designer edits. */
export function localeLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale);
    return name && name !== locale ? `${name} (${locale})` : locale;
  } catch {
    return locale;
  }
}
