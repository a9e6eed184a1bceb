// Catalogue texts outside React: the visitor's e-mails, rendered on the server in the
// language the survey was answered in. Both catalogues are imported: server code only (the pages
// load one catalogue through catalogues.ts).
import { en, type MessageKey } from './messages/en';
import { hi } from './messages/hi';
import { LOCALES, type Language } from './languages';
import { messageFormatter, type MessageValues } from './message-format';

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

let englishKeys: Map<string, MessageKey> | null = null;

/**
 * A message the API or a shared rule gives in English (the specification's texts), in `language`
 * when the catalogue has it under some key; anything else as it is. Server-rendered pages use it
 * for the refusals they show (the browser's twin is useMessageText in src/web/lib/i18n.tsx).
 */
export function knownMessageIn(language: Language, message: string): string {
  if (language === 'en') return message;
  if (!englishKeys) {
    englishKeys = new Map();
    for (const [key, text] of Object.entries(en) as Array<[MessageKey, string]>) if (!englishKeys.has(text)) englishKeys.set(text, key);
  }
  const key = englishKeys.get(message);
  return key ? textsIn(language)(key) : message;
}
