// The page's language in React (issue 27, docs/decisions/0026-languages.md): FormatJS react-intl
// with the catalogue of the page's language (src/shared/i18n), and helpers for plain links and
// forms, which React Router's basename (`/hi`) does not reach.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Catalogue, MessageKey } from '#shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, LOCALES, localizedPath, type Language } from '#shared/i18n/languages';

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
