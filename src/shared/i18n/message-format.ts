// Catalogue texts with their values put in (issue 27, docs/decisions/0026-languages.md), through
// FormatJS's intl-messageformat (ICU MessageFormat; numbers, dates and plurals through Intl). One
// function for the server's pages and e-mails and for the browser, so a hydrated page renders the
// server's text exactly. In the browser the catalogues arrive parsed (FormatJS's AST, made at build
// time) and the parser is left out of the bundle; on the server they are the catalogue's strings.
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

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
 * Formats the messages of one catalogue in one locale. A key the catalogue lacks answers the key
 * itself (the catalogues' types make that a compile error; this is the last resort at run time).
 */
export function messageFormatter(locale: string, messages: Readonly<Record<string, CatalogueMessage | undefined>>): MessageFormatter {
  const made = new Map<string, IntlMessageFormat>();
  const formatOf = (key: string): IntlMessageFormat | string => {
    const message = messages[key];
    if (message === undefined) return key;
    if (typeof message === 'string' && isPlainMessage(message)) return message;
    let format = made.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, locale, undefined, MESSAGE_PARSE_OPTIONS);
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
