/**
 * A survey's localized strings, edited in the survey's JSON text itself (issue 27). SurveyJS keeps
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
}

interface Member {
  key: string;
  /** From the key's opening quote to the end of its value. */
  member: Span;
  value: Span;
}

/** A small JSON scanner that records where each value starts and ends in the text. */
class Scanner {
  private i = 0;
  constructor(private readonly text: string) {}

  private ws(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i]!)) this.i++;
  }

  private fail(): never {
    throw new SyntaxError(`Invalid JSON at position ${this.i}`);
  }

  /** Skips one value; returns its span. */
  value(): Span {
    this.ws();
    const start = this.i;
    const c = this.text[this.i];
    if (c === '{') {
      this.i++;
      this.ws();
      if (this.text[this.i] === '}') this.i++;
      else {
        for (;;) {
          this.ws();
          this.string();
          this.ws();
          if (this.text[this.i++] !== ':') this.fail();
          this.value();
          this.ws();
          const next = this.text[this.i++];
          if (next === '}') break;
          if (next !== ',') this.fail();
        }
      }
    } else if (c === '[') {
      this.i++;
      this.ws();
      if (this.text[this.i] === ']') this.i++;
      else {
        for (;;) {
          this.value();
          this.ws();
          const next = this.text[this.i++];
          if (next === ']') break;
          if (next !== ',') this.fail();
        }
      }
    } else if (c === '"') this.string();
    else {
      const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.i, this.i + 400));
      if (!match) this.fail();
      this.i += match[0].length;
    }
    return { start, end: this.i };
  }

  private string(): void {
    if (this.text[this.i] !== '"') this.fail();
    this.i++;
    while (this.i < this.text.length && this.text[this.i] !== '"') this.i += this.text[this.i] === '\\' ? 2 : 1;
    if (this.text[this.i] !== '"') this.fail();
    this.i++;
  }

  /** The members of the object at `span`, with their spans. */
  static members(text: string, span: Span): Member[] {
    const scanner = new Scanner(text);
    scanner.i = span.start + 1;
    const members: Member[] = [];
    scanner.ws();
    if (text[scanner.i] === '}') return members;
    for (;;) {
      scanner.ws();
      const keyStart = scanner.i;
      scanner.string();
      const key = JSON.parse(text.slice(keyStart, scanner.i)) as string;
      scanner.ws();
      scanner.i++;
      const value = scanner.value();
      members.push({ key, member: { start: keyStart, end: value.end }, value });
      scanner.ws();
      if (text[scanner.i++] === '}') return members;
    }
  }

  /** The elements of the array at `span`. */
  static elements(text: string, span: Span): Span[] {
    const scanner = new Scanner(text);
    scanner.i = span.start + 1;
    const elements: Span[] = [];
    scanner.ws();
    if (text[scanner.i] === ']') return elements;
    for (;;) {
      elements.push(scanner.value());
      scanner.ws();
      if (text[scanner.i++] === ']') return elements;
    }
  }
}

function rootSpan(json: string): Span {
  const scanner = new Scanner(json);
  return scanner.value();
}

/** The span of the value at `path`, or null when a step is missing. */
function find(json: string, path: JsonPath): Span | null {
  let span: Span | null = rootSpan(json);
  for (const step of path) {
    if (!span) return null;
    const c = json[span.start];
    if (typeof step === 'number' && c === '[') span = Scanner.elements(json, span)[step] ?? null;
    else if (typeof step === 'string' && c === '{') span = Scanner.members(json, span).find((m) => m.key === step)?.value ?? null;
    else return null;
  }
  return span;
}

/**
 * The text of `locale` at `path`: a plain string is the default text; an object gives its `locale`
 * entry. Undefined when there is none (no fallback: the designer shows what is missing).
 */
export function readLocalizedText(json: string, path: JsonPath, locale: string = DEFAULT_LOCALE): string | undefined {
  const span = find(json, path);
  if (!span) return undefined;
  const value: unknown = JSON.parse(json.slice(span.start, span.end));
  if (typeof value === 'string') return locale === DEFAULT_LOCALE ? value : undefined;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const text = (value as Record<string, unknown>)[locale];
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
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
    const parent = find(json, path.slice(0, -1));
    const key = path[path.length - 1];
    if (!parent || json[parent.start] !== '{' || typeof key !== 'string') throw new Error(`No object at ${JSON.stringify(path.slice(0, -1))}.`);
    if (text === '') return json;
    const value = locale === DEFAULT_LOCALE ? encoded : `{${JSON.stringify(locale)}: ${encoded}}`;
    const members = Scanner.members(json, parent);
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
  const members = Scanner.members(json, span);
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
export const LOCALIZED_PROPERTIES = ['title', 'description', 'text', 'placeholder', 'requiredErrorText', 'otherText', 'minRateDescription', 'maxRateDescription', 'completedHtml'] as const;

/** Every localizable text in a survey (titles, descriptions, choices, validators' messages), by path. */
export function localizedTextPaths(survey: unknown): JsonPath[] {
  const paths: JsonPath[] = [];
  const walk = (node: unknown, path: Array<string | number>) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, [...path, i]));
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const isText = typeof value === 'string' || (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as Record<string, unknown>).default === 'string');
      if ((LOCALIZED_PROPERTIES as readonly string[]).includes(key) && isText) paths.push([...path, key]);
      else walk(value, [...path, key]);
    }
  };
  walk(survey, []);
  return paths;
}

/** How many of a survey's texts have a default but no `locale` version (the designer's count of untranslated strings). */
export function untranslatedCount(json: string, locale: string): number {
  const survey: unknown = JSON.parse(json);
  return localizedTextPaths(survey).filter((path) => readLocalizedText(json, path, DEFAULT_LOCALE) !== undefined && !readLocalizedText(json, path, locale)).length;
}
