// The page's language in React (issue 27, docs/decisions/0026-languages.md): FormatJS react-intl
// with the catalogue of the page's language (src/shared/i18n), and helpers for plain links and
// forms, which React Router's basename (`/hi`) does not reach.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Catalogue, MessageKey } from '#shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, LOCALES, localizedPath, type Language } from '#shared/i18n/languages';
import { en } from '#shared/i18n/messages/en';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

export function I18nProvider({ language, messages, children }: { language: Language; messages: Catalogue; children: ReactNode }) {
  return (
    <LanguageContext value={language}>
      <IntlProvider locale={LOCALES[language]} defaultLocale={LOCALES[DEFAULT_LANGUAGE]} messages={messages}>
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}

/** The page's language: `hi` under /hi/…, else `en`. */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A catalogue text by its key (checked by TypeScript), with its values put in. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback<Translate>((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}

/** The page's address in its language, for plain `<a href>` and `<form action>` (React Router's links add the prefix themselves). */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(language, path), [language]);
}

/**
 * A catalogue value's plain text. In the browser build the catalogues arrive parsed (vite.config.ts,
 * precompiledCatalogues): a text without values is one literal element, `[{ type: 0, value }]`.
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
