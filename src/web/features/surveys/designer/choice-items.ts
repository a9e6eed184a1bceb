import { insertAt, isJsonObject, moveItem, readText, removeAt, replaceAt, withProperty, writeText, type JsonValue } from './survey-json';

/**
 * Choices, matrix rows and matrix columns are SurveyJS "item values": a bare value ("Item 1", 3)
 * or an object `{ value, text, …more }`. Edits keep the short form where they can and never drop
 * an item's other properties (visibleIf, imageLink, translations…).
 */

export function itemValue(item: JsonValue): string {
  if (isJsonObject(item)) return item.value === undefined || item.value === null ? '' : String(item.value);
  return item === null || Array.isArray(item) ? '' : String(item);
}

/** The text staff typed for the item, '' when the item shows its value. */
export function itemText(item: JsonValue, locale = ''): string {
  return isJsonObject(item) ? readText(item.text, locale) : '';
}

function rawValue(item: JsonValue): JsonValue | undefined {
  return isJsonObject(item) ? item.value : item;
}

/** Numbers stay numbers when staff type a number over a numeric value. */
function parseValue(previous: JsonValue | undefined, typed: string): JsonValue {
  if (typeof previous === 'number' && typed.trim() !== '' && Number.isFinite(Number(typed))) return Number(typed);
  return typed;
}

function compact(item: JsonValue): JsonValue {
  if (isJsonObject(item) && Object.keys(item).length === 1 && 'value' in item && item.value !== undefined) return item.value;
  return item;
}

export function setItemValue(item: JsonValue, typed: string): JsonValue {
  const value = parseValue(rawValue(item), typed);
  return isJsonObject(item) ? { ...item, value } : value;
}

export function setItemText(item: JsonValue, text: string, locale = ''): JsonValue {
  const object = isJsonObject(item) ? item : { value: item };
  return compact(withProperty(object, 'text', writeText(object.text, text, locale)));
}

function itemValues(items: readonly JsonValue[]): string[] {
  return items.map(itemValue);
}

/** Values used by more than one item (answers could not tell them apart). */
export function duplicateItemValues(items: readonly JsonValue[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const value of itemValues(items)) {
    if (seen.has(value)) duplicates.add(value);
    seen.add(value);
  }
  return [...duplicates];
}

/** Appends an item named like its neighbours (Item 4, Row 3…) with a value not yet used. */
export function addItem(items: readonly JsonValue[], prefix = 'Item'): JsonValue[] {
  const used = new Set(itemValues(items));
  let n = items.length + 1;
  while (used.has(`${prefix} ${n}`)) n += 1;
  return insertAt(items, items.length, `${prefix} ${n}`);
}

export function removeItem(items: readonly JsonValue[], index: number): JsonValue[] {
  if (index < 0 || index >= items.length) throw new RangeError('No such item');
  return removeAt(items, index);
}

export function moveItemTo(items: readonly JsonValue[], from: number, to: number): JsonValue[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) throw new RangeError('No such item');
  return moveItem(items, from, to);
}

export function updateItem(items: readonly JsonValue[], index: number, update: (item: JsonValue) => JsonValue): JsonValue[] {
  const item = items[index];
  if (item === undefined) throw new RangeError('No such item');
  return replaceAt(items, index, update(item));
}

/** One item per line, "value|text" or just the value: for pasting long lists. */
export function itemsToLines(items: readonly JsonValue[], locale = ''): string {
  return items.map((item) => (itemText(item, locale) ? `${itemValue(item)}|${itemText(item, locale)}` : itemValue(item))).join('\n');
}

/** Reads lines back, reusing the existing items (and their extra properties) whose value matches. */
export function itemsFromLines(text: string, previous: readonly JsonValue[], locale = ''): JsonValue[] {
  const byValue = new Map(previous.map((item) => [itemValue(item), item] as const));
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const bar = line.indexOf('|');
      const value = bar === -1 ? line : line.slice(0, bar).trim();
      const text = bar === -1 ? '' : line.slice(bar + 1).trim();
      const existing = byValue.get(value);
      const base = existing === undefined ? value : existing;
      return setItemText(base, text, locale);
    });
}
