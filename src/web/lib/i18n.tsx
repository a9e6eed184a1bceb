// The page's language in React (docs/decisions/0026-languages.md): the catalogue of the
// page's language, formatted by FormatJS's intl-messageformat (#shared/i18n/message-format), and
// helpers for plain links and forms, which React Router's basename (`/hi`) does not reach.
import { createContext, Fragment, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Catalogue, MessageKey } from '#shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, LOCALES, localizedPath, type Language } from '#shared/i18n/languages';
import { messageFormatter, type MessageFormatter } from '#shared/i18n/message-format';
import type { Said } from '#shared/api-error';

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
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

/** The page's address in its language, for plain `<a href>` and `<form action>` (React Router's links add the prefix themselves). */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(language, path), [language]);
}

/**
 * A message of the API or of a shared rule (English, as the specification has it) in the page's
 * language: by the catalogue key it came with (docs/decisions/0059), or as it is without one. On
 * English pages the catalogue's text is the message itself.
 */
export function useSaid(): (said: Said) => string {
  const formatter = useFormatter();
  return useCallback(
    (said: Said) => {
      if (said.key === undefined) return said.message;
      // A key this catalogue lacks answers the key itself (message-format.ts): the message then.
      const text = formatter.text(said.key, said.values);
      return text === said.key ? said.message : text;
    },
    [formatter],
  );
}
