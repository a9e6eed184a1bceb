// Catalogue texts with their values put in (docs/decisions/0026-languages.md), through
// FormatJS's intl-messageformat (ICU MessageFormat; numbers, dates and plurals through Intl). One
// function for the server's pages and e-mails and for the browser, so a hydrated page renders the
// server's text exactly. In the browser the catalogues arrive parsed (FormatJS's AST, made at build
// time) and the parser is left out of the bundle; on the server they are the catalogue's strings.
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A catalogue's message as written (a string) or as FormatJS's parsed form. */
export type CatalogueMessage = string | MessageFormatElement[];

export type MessageValues = Record<string, string | number>;

/** No ICU syntax in it (no argument, plural, quote or tag): the text is its own result. */
export function isPlainMessage(message: string): boolean {
  return /^[^{}'<]*$/.test(message);
}

/** Tags are not ICU syntax in these catalogues: `<` is a character like any other. */
export const MESSAGE_PARSE_OPTIONS = { ignoreTag: true } as const;

export interface MessageFormatter {
  /** The message with its values put in, as text. */
  text(key: string, values?: MessageValues): string;
  /** The message with values that may be rich (React elements): its parts, in order. */
  parts<T>(key: string, values: Record<string, string | number | T>): Array<string | T>;
}

/**
 * A parsed message made of text alone (the browser's catalogues arrive parsed, plain texts included):
 * its text, without an IntlMessageFormat (whose construction resolves the locale through Intl, a
 * cost the landing page's hydration paid once per text on a slow phone, docs/decisions/0031).
 */
function literalText(message: CatalogueMessage): string | undefined {
  if (typeof message === 'string' || !message.every((element) => element.type === TYPE.literal)) return undefined;
  return message.map((element) => (element as { value: string }).value).join('');
}

/** What `text` and `parts` need of a message's formatter: IntlMessageFormat's `format`. */
type Format = Pick<IntlMessageFormat, 'format'>;

/**
 * A parsed message of text and plain values alone (`{studio} home`, `Page {page} of {pages}`): put
 * together as IntlMessageFormat's `format` does, without one, so without Intl: the first
 * IntlMessageFormat resolves its locale, which loads Intl's data (50–130 ms on a 4×-slowed phone,
 * paid while the landing page's header hydrated, as the visitor typed; docs/decisions/0067). A value
 * is its text (a number without grouping, as IntlMessageFormat prints a plain argument), or itself
 * when it is an element; a missing value is left to IntlMessageFormat, which says so.
 */
function plainValues(message: CatalogueMessage, full: () => IntlMessageFormat): Format | undefined {
  if (typeof message === 'string' || !message.every((element) => element.type === TYPE.literal || element.type === TYPE.argument)) return undefined;
  const elements = message as Array<{ type: TYPE; value: string }>;
  const format = <T>(values?: Record<string, unknown>): string | T | Array<string | T> => {
    if (elements.some((element) => element.type === TYPE.argument && !(values && element.value in values))) return full().format(values as never) as T;
    const parts: Array<string | T> = [];
    for (const element of elements) {
      let part: unknown = element.value;
      if (element.type === TYPE.argument) {
        const value = values![element.value];
        part = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : value || '';
      }
      const last = parts.length - 1;
      if (typeof part === 'string' && typeof parts[last] === 'string') parts[last] += part;
      else parts.push(part as string | T);
    }
    return parts.length === 1 ? parts[0]! : parts.length === 0 ? '' : parts;
  };
  return { format: format as Format['format'] };
}

/** The Intl formatters every message of a catalogue shares (memoized by their arguments). */
function sharedFormatters() {
  const memo = <A extends unknown[], R>(make: (...args: A) => R) => {
    const cache = new Map<string, R>();
    return (...args: A): R => {
      const key = JSON.stringify(args);
      let made = cache.get(key);
      if (made === undefined) {
        made = make(...args);
        cache.set(key, made);
      }
      return made;
    };
  };
  return {
    getNumberFormat: memo((...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
    getDateTimeFormat: memo((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
    getPluralRules: memo((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  };
}

/** Each IntlMessageFormat resolves its locale through Intl (supportedLocalesOf): once per locale here. */
const resolveLocale = IntlMessageFormat.resolveLocale;
const resolved = new Map<string, Intl.Locale | undefined>();
IntlMessageFormat.resolveLocale = (locales) => {
  const key = String(locales);
  if (!resolved.has(key)) resolved.set(key, resolveLocale(locales));
  return resolved.get(key);
};

/**
 * Resolves a locale now (its first resolution loads Intl's data: ~70 ms on a 4×-slowed phone), so
 * that the first message with a value does not pay for it later, at a click (docs/decisions/0031).
 */
export function resolveLocaleAhead(locale: string): void {
  IntlMessageFormat.resolveLocale(locale);
}

/**
 * Formats the messages of one catalogue in one locale. A key the catalogue lacks answers the key
 * itself (the catalogues' types make that a compile error; this is the last resort at run time).
 */
export function messageFormatter(locale: string, messages: Readonly<Record<string, CatalogueMessage | undefined>>): MessageFormatter {
  const made = new Map<string, Format | string>();
  // One set of Intl formatters for the catalogue, not one per message (each is costly to make).
  const formatters = sharedFormatters();
  const formatOf = (key: string): Format | string => {
    const message = messages[key];
    if (message === undefined) return key;
    if (typeof message === 'string' && isPlainMessage(message)) return message;
    let format = made.get(key);
    if (format === undefined) {
      const full = () => new IntlMessageFormat(message, locale, undefined, { ...MESSAGE_PARSE_OPTIONS, formatters });
      format = literalText(message) ?? plainValues(message, full) ?? full();
      made.set(key, format);
    }
    return format;
  };
  return {
    text(key, values) {
      const format = formatOf(key);
      if (typeof format === 'string') return format;
      const out = format.format(values);
      return Array.isArray(out) ? out.join('') : String(out);
    },
    parts<T>(key: string, values: Record<string, string | number | T>) {
      const format = formatOf(key);
      if (typeof format === 'string') return [format];
      const out = format.format<T>(values as Record<string, T>);
      return Array.isArray(out) ? out : [out];
    },
  };
}
