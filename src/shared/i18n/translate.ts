// Catalogue texts outside React: the visitor's e-mails, rendered on the server in the
// language the survey was answered in. Both catalogues are imported: server code only (the pages
// load one catalogue through catalogues.ts).
import { en, type MessageKey } from './messages/en';
import { hi } from './messages/hi';
import { LOCALES, type Language } from './languages';
import { messageFormatter, type MessageValues } from './message-format';
import type { Said } from '../api-error';

export type TextOf = (key: MessageKey, values?: MessageValues) => string;

const made = new Map<Language, TextOf>();

/** The catalogue of this language (a key missing in it falls back to English), as a function. */
export function textsIn(language: Language): TextOf {
  let texts = made.get(language);
  if (!texts) {
    const formatter = messageFormatter(LOCALES[language], language === 'hi' ? { ...en, ...hi } : en);
    texts = (key, values) => formatter.text(key, values);
    made.set(language, texts);
  }
  return texts;
}

/**
 * A message the API or a shared rule gave (English, the specification's), in `language`: by its
 * catalogue key when it came with one (docs/decisions/0059), else as it is. Server-rendered pages use
 * it for the refusals they show (the browser's twin is useSaid in src/web/lib/i18n.tsx).
 */
export function saidIn(language: Language, said: Said): string {
  return said.key !== undefined && Object.hasOwn(en, said.key) ? textsIn(language)(said.key as MessageKey, said.values) : said.message;
}
