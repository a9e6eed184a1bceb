// Catalogue texts outside React (issue 27): the visitor's e-mails, rendered on the server in the
// language the survey was answered in. Both catalogues are imported: server code only (the pages
// load one catalogue through catalogues.ts).
import { createIntl, createIntlCache } from 'react-intl';
import { en, type MessageKey } from './messages/en';
import { hi } from './messages/hi';
import { LOCALES, type Language } from './languages';

export type TextOf = (key: MessageKey, values?: Record<string, string | number>) => string;

const cache = createIntlCache();
const made = new Map<Language, TextOf>();

/** The catalogue of this language (a key missing in it falls back to English), as a function. */
export function textsIn(language: Language): TextOf {
  let texts = made.get(language);
  if (!texts) {
    const messages: Record<string, string> = language === 'hi' ? { ...en, ...hi } : { ...en };
    const intl = createIntl({ locale: LOCALES[language], defaultLocale: LOCALES.en, messages }, cache);
    texts = (key, values) => intl.formatMessage({ id: key }, values);
    made.set(language, texts);
  }
  return texts;
}
