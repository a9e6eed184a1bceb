// The page's language in React (docs/decisions/0026-languages.md): the catalogue of the
// page's language, formatted by FormatJS's intl-messageformat (#shared/i18n/message-format), and
// helpers for plain links and forms, which React Router's basename (`/hi`) does not reach.
import { createContext, Fragment, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Catalogue, MessageKey } from '#shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, LOCALES, localizedPath, type Language } from '#shared/i18n/languages';
import { messageFormatter, type MessageFormatter } from '#shared/i18n/message-format';
import { en } from '#shared/i18n/messages/en';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
const FormatterContext = createContext<MessageFormatter | null>(null);

export function I18nProvider({ language, messages, children }: { language: Language; messages: Catalogue; children: ReactNode }) {
  const formatter = useMemo(() => messageFormatter(LOCALES[language], messages), [language, messages]);
  return (
    <LanguageContext value={language}>
      <FormatterContext value={formatter}>{children}</FormatterContext>
    </LanguageContext>
  );
}

/** The page's language: `hi` under /hi/…, else `en`. */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}

function useFormatter(): MessageFormatter {
  const formatter = useContext(FormatterContext);
  if (!formatter) throw new Error('useT() outside <I18nProvider>');
  return formatter;
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A catalogue text by its key (checked by TypeScript), with its values put in. */
export function useT(): Translate {
  const formatter = useFormatter();
  return useCallback<Translate>((key, values) => formatter.text(key, values), [formatter]);
}

/** A catalogue text whose values may be elements (a name in <strong>), as React children. */
export function Message({ id, values }: { id: MessageKey; values: Record<string, ReactNode> }) {
  const formatter = useFormatter();
  const parts = formatter.parts<ReactNode>(id, values as Record<string, string | number | ReactNode>);
  // The parts' order is the message's, fixed for a key: the index is a stable key.
  return <>{parts.map((part, index) => <Fragment key={index}>{part}</Fragment>)}</>;
}

/** The page's address in its language, for plain `<a href>` and `<form action>` (React Router's links add the prefix themselves). */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(language, path), [language]);
}

/**
 * A catalogue value's plain text: a string (the server's catalogues, and the browser's plain texts),
 * or a message the browser build parsed (vite.config.ts, precompiledCatalogues) into one literal
 * element, `[{ type: 0, value }]` (a text with a quote in it).
 */
function plainText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length === 1) {
    const [element] = value as Array<{ type?: unknown; value?: unknown }>;
    if (element?.type === 0 && typeof element.value === 'string') return element.value;
  }
  return undefined;
}

/** The catalogue keys of the shared rules' and the API's messages, by their English text. */
let messageKeys: Map<string, MessageKey> | null = null;
function messageKeyOf(message: string): MessageKey | undefined {
  if (!messageKeys) {
    messageKeys = new Map();
    for (const key of Object.keys(en) as MessageKey[]) {
      const text = key.startsWith('msg.') || key.startsWith('email.') ? plainText(en[key]) : undefined;
      if (text !== undefined) messageKeys.set(text, key);
    }
  }
  return messageKeys.get(message);
}

/**
 * A message of a shared rule (zod contract, e-mail rule) or of the API, which are English as the
 * specification has them, in the page's language: a known text by its catalogue key, anything else
 * as it is. On English pages the message itself, untouched; the API's answers never change.
 */
export function useMessageText(): (message: string) => string {
  const language = useLanguage();
  const t = useT();
  return useCallback(
    (message: string) => {
      if (language === DEFAULT_LANGUAGE) return message;
      const key = messageKeyOf(message);
      return key ? t(key) : message;
    },
    [language, t],
  );
}
