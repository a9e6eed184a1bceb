/**
 * The SurveyJS definition as plain JSON. The designer edits this document directly (immutable
 * updates) and never lets survey-core rewrite it: survey-core's toJSON() drops unknown properties
 * and normalises others, and staff must get back exactly what they loaded.
 */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A whole survey definition, a page, a panel or a question: all are JSON objects. */
export type SurveyJson = JsonObject;

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
 * Localizable strings are either plain text or `{ "default": …, "hi": … }`. The designer edits the
 * default text and leaves every translation alone.
 */
function localeKey(value: JsonObject): string {
  if ('default' in value) return 'default';
  if ('en' in value) return 'en';
  return Object.keys(value).find((key) => typeof value[key] === 'string') ?? 'default';
}

export function readText(value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isJsonObject(value)) {
    const text = value[localeKey(value)];
    return typeof text === 'string' ? text : '';
  }
  return '';
}

/** The new value of a localizable property after editing its default text ('' removes it). */
export function writeText(value: JsonValue | undefined, text: string): JsonValue | undefined {
  if (isJsonObject(value)) {
    const updated = withProperty(value, localeKey(value), text === '' ? undefined : text);
    return Object.keys(updated).length === 0 ? undefined : updated;
  }
  return text === '' ? undefined : text;
}

/** The other locales a localizable value carries (shown so staff know translations exist). */
export function translationLocales(value: JsonValue | undefined): string[] {
  if (!isJsonObject(value)) return [];
  const main = localeKey(value);
  return Object.keys(value).filter((key) => key !== main);
}
