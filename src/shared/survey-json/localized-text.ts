import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';

/**
 * A survey's localized strings, edited in the survey's JSON text itself. SurveyJS keeps
 * a text in several languages as `{"default": "Budget", "hi": "बजट"}` (or a plain string: the
 * default only). Setting one language's text here rewrites only that string's bytes in the JSON:
 * every other property, its order, spacing and escapes stay exactly as they were, so a survey
 * written elsewhere keeps working and its stored text only changes where staff changed it.
 */

/** Where a text lives in the survey: keys and array indexes from the root (`['pages', 0, 'elements', 1, 'title']`). */
export type JsonPath = ReadonlyArray<string | number>;

/** SurveyJS's name for the survey's own language in a localized string. */
export const DEFAULT_LOCALE = 'default';

interface Span {
  start: number;
  end: number;
  /** The parsed value there (jsonc-parser's node: its offset and length are the span). */
  node?: Node;
}

interface Member {
  key: string;
  /** From the key's opening quote to the end of its value. */
  member: Span;
  value: Span;
}

const spanOf = (node: Node): Span => ({ start: node.offset, end: node.offset + node.length, node });

/** The span of the value at `path`, or null when a step is missing (jsonc-parser keeps every offset). */
function find(json: string, path: JsonPath): Span | null {
  const errors: ParseError[] = [];
  const root = parseTree(json, errors, { disallowComments: true, allowTrailingComma: false });
  if (!root || errors.length > 0) throw new SyntaxError(`Invalid JSON at position ${errors[0]?.offset ?? 0}`);
  const node = findNodeAtLocation(root, [...path]);
  return node ? spanOf(node) : null;
}

/** The members of the object at `span` (found by `find`), with their spans. */
function membersOf(span: Span): Member[] {
  return (span.node?.children ?? []).map((property) => {
    const [key, value] = property.children!;
    return { key: key!.value as string, member: { start: property.offset, end: property.offset + property.length }, value: spanOf(value!) };
  });
}

/**
 * The text of `locale` at `path`: a plain string is the default text; an object gives its `locale`
 * entry. Undefined when there is none (no fallback: the designer shows what is missing).
 */
export function readLocalizedText(json: string, path: JsonPath, locale: string = DEFAULT_LOCALE): string | undefined {
  const span = find(json, path);
  if (!span) {
    // A choice written as a plain string ("Flat") shows that string: its default text.
    const item = plainItem(json, path);
    return item && locale === DEFAULT_LOCALE ? item.text : undefined;
  }
  const value: unknown = JSON.parse(json.slice(span.start, span.end));
  if (typeof value === 'string') return locale === DEFAULT_LOCALE ? value : undefined;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const text = (value as Record<string, unknown>)[locale];
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

/**
 * A plain choice, row or column (`"Flat"` in a list of items) when `path` asks for its `text`: SurveyJS
 * shows the string itself. Null for anything else.
 */
function plainItem(json: string, path: JsonPath): { span: Span; text: string } | null {
  if (path.length < 2 || path[path.length - 1] !== 'text' || typeof path[path.length - 2] !== 'number') return null;
  const list = find(json, path.slice(0, -2));
  const span = find(json, path.slice(0, -1));
  if (!list || !span || json[list.start] !== '[' || json[span.start] !== '"') return null;
  return { span, text: JSON.parse(json.slice(span.start, span.end)) as string };
}

/** The text with `span` replaced. */
function splice(json: string, span: Span, replacement: string): string {
  return json.slice(0, span.start) + replacement + json.slice(span.end);
}

/**
 * Sets the text of `locale` at `path` and returns the new JSON text; only that string's bytes
 * change (a plain string becomes `{"default": <its bytes>, "<locale>": "…"}` when another language
 * is added). An empty text removes that language's entry (not the default's). The object or array
 * holding the text must exist; a missing text property is added at the end of its object.
 */
export function setLocalizedText(json: string, path: JsonPath, locale: string, text: string): string {
  if (path.length === 0) throw new Error('A localized text has a path.');
  const encoded = JSON.stringify(text);
  const span = find(json, path);
  if (!span) {
    const item = plainItem(json, path);
    if (item) {
      // A plain choice becomes `{"value": "Flat", "text": {"default": "Flat", "hi": "…"}}`: its value
      // and what the default language shows stay the same.
      if (text === '' || (locale === DEFAULT_LOCALE && text === item.text)) return json;
      const own = json.slice(item.span.start, item.span.end);
      const value = locale === DEFAULT_LOCALE ? encoded : `{"default": ${own}, ${JSON.stringify(locale)}: ${encoded}}`;
      return splice(json, item.span, `{"value": ${own}, "text": ${value}}`);
    }
    const parent = find(json, path.slice(0, -1));
    const key = path[path.length - 1];
    if (!parent || json[parent.start] !== '{' || typeof key !== 'string') throw new Error(`No object at ${JSON.stringify(path.slice(0, -1))}.`);
    if (text === '') return json;
    const value = locale === DEFAULT_LOCALE ? encoded : `{${JSON.stringify(locale)}: ${encoded}}`;
    const members = membersOf(parent);
    const member = `${JSON.stringify(key)}: ${value}`;
    if (members.length === 0) return splice(json, { start: parent.start, end: parent.end }, `{${member}}`);
    const last = members[members.length - 1]!;
    return splice(json, { start: last.member.end, end: last.member.end }, `, ${member}`);
  }
  const c = json[span.start];
  if (c === '"') {
    if (locale === DEFAULT_LOCALE) return splice(json, span, encoded);
    if (text === '') return json;
    return splice(json, span, `{"default": ${json.slice(span.start, span.end)}, ${JSON.stringify(locale)}: ${encoded}}`);
  }
  if (c !== '{') throw new Error(`The value at ${JSON.stringify(path)} is not a text.`);
  const members = membersOf(span);
  const index = members.findIndex((m) => m.key === locale);
  if (index >= 0) {
    const member = members[index]!;
    if (text !== '' || locale === DEFAULT_LOCALE) return splice(json, member.value, encoded);
    // Remove the entry with the comma that joins it to its neighbour.
    if (members.length === 1) return splice(json, { start: span.start + 1, end: span.end - 1 }, '');
    if (index > 0) return splice(json, { start: members[index - 1]!.member.end, end: member.member.end }, '');
    return splice(json, { start: member.member.start, end: members[1]!.member.start }, '');
  }
  if (text === '') return json;
  const addition = `${JSON.stringify(locale)}: ${encoded}`;
  if (members.length === 0) return splice(json, span, `{${addition}}`);
  const last = members[members.length - 1]!;
  return splice(json, { start: last.member.end, end: last.member.end }, `, ${addition}`);
}

/** Properties of a survey element that SurveyJS localizes and the designer edits side by side. */
export const LOCALIZED_PROPERTIES = [
  'title',
  'description',
  'text',
  'placeholder',
  'placeHolder',
  'optionsCaption',
  'requiredErrorText',
  'otherText',
  'labelTrue',
  'labelFalse',
  'minRateDescription',
  'maxRateDescription',
  'completedHtml',
] as const;

/** Lists of SurveyJS item values: a plain string in them is a text shown to visitors. */
const ITEM_LISTS = ['choices', 'rows', 'columns'];

const isLocalizedKey = (key: string) => (LOCALIZED_PROPERTIES as readonly string[]).includes(key);

/** A localized string's object form: `{"default": "…", "hi": "…"}` (every value a string, at least one). */
function isLocalizedObject(value: unknown): value is Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const values = Object.values(value as Record<string, unknown>);
  return values.length > 0 && values.every((v) => typeof v === 'string');
}

/**
 * Walks the survey and calls `visit` with each localized value (a string or `{"default": …}` object
 * at a localized property; `plain` is set for a plain string item of a choices, rows or columns list,
 * whose path is the `text` it would have).
 */
function walkTexts(survey: unknown, visit: (path: JsonPath, value: unknown, plain: boolean) => void): void {
  const walk = (node: unknown, path: Array<string | number>) => {
    if (Array.isArray(node)) {
      const items = ITEM_LISTS.includes(String(path[path.length - 1]));
      node.forEach((child, i) => {
        if (items && typeof child === 'string') visit([...path, i, 'text'], child, true);
        else walk(child, [...path, i]);
      });
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (isLocalizedKey(key) && (typeof value === 'string' || isLocalizedObject(value))) visit([...path, key], value, false);
      else walk(value, [...path, key]);
    }
  };
  walk(survey, []);
}

/** Every localizable text in a survey (titles, descriptions, choices, validators' messages), by path. */
export function localizedTextPaths(survey: unknown): JsonPath[] {
  const paths: JsonPath[] = [];
  walkTexts(survey, (path, value) => {
    if (typeof value === 'string' || typeof (value as Record<string, string>)[DEFAULT_LOCALE] === 'string') paths.push(path);
  });
  return paths;
}

/** The languages a survey's texts carry besides the default (`["de", "hi"]`), sorted. */
export function surveyLocales(json: string): string[] {
  const locales = new Set<string>();
  walkTexts(JSON.parse(json) as unknown, (_path, value) => {
    if (typeof value === 'object') for (const key of Object.keys(value as object)) if (key !== DEFAULT_LOCALE) locales.add(key);
  });
  return [...locales].sort();
}

/**
 * The texts of a parsed survey that have a default but no `locale` version, in the survey's order.
 * A text without a letter ("+91 98765 43210", "5+") has nothing to translate and is left out.
 */
export function untranslatedIn(survey: unknown, locale: string): JsonPath[] {
  const paths: JsonPath[] = [];
  walkTexts(survey, (path, value) => {
    const texts = typeof value === 'string' ? { [DEFAULT_LOCALE]: value } : (value as Record<string, string>);
    const text = texts[DEFAULT_LOCALE];
    if (text && /\p{L}/u.test(text) && !texts[locale]) paths.push(path);
  });
  return paths;
}

/** The texts that have a default but no `locale` version, in the survey's order. */
export function untranslatedPaths(json: string, locale: string): JsonPath[] {
  return untranslatedIn(JSON.parse(json) as unknown, locale);
}

/** How many of a survey's texts have a default but no `locale` version (the designer's count of untranslated strings). */
export function untranslatedCount(json: string, locale: string): number {
  return untranslatedPaths(json, locale).length;
}

/**
 * Removes a language from every text of the survey; only those texts' bytes change. A text left
 * with its default alone goes back to a plain string (the default's own bytes), as it was before
 * the language was added; one left with nothing is removed.
 */
export function removeLocale(json: string, locale: string): string {
  if (locale === DEFAULT_LOCALE) throw new Error('The default texts cannot be removed.');
  const paths: JsonPath[] = [];
  walkTexts(JSON.parse(json) as unknown, (path, value) => {
    if (typeof value === 'object' && locale in (value as object)) paths.push(path);
  });
  let text = json;
  for (const path of paths) {
    const span = find(text, path)!;
    const members = membersOf(span);
    const rest = members.filter((m) => m.key !== locale);
    if (rest.length === 1 && rest[0]!.key === DEFAULT_LOCALE) text = splice(text, span, text.slice(rest[0]!.value.start, rest[0]!.value.end));
    else if (rest.length === 0) text = removeMember(text, path);
    else text = setLocalizedText(text, path, locale, '');
  }
  return text;
}

/** The JSON text without the object member at `path` (and the comma joining it to a neighbour). */
function removeMember(json: string, path: JsonPath): string {
  const parent = find(json, path.slice(0, -1))!;
  const members = membersOf(parent);
  const index = members.findIndex((m) => m.key === path[path.length - 1]);
  const member = members[index]!;
  if (members.length === 1) return splice(json, { start: parent.start + 1, end: parent.end - 1 }, '');
  if (index > 0) return splice(json, { start: members[index - 1]!.member.end, end: member.member.end }, '');
  return splice(json, { start: member.member.start, end: members[1]!.member.start }, '');
}
