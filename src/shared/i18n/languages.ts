/**
 * The visitor's languages (docs/decisions/0026-languages.md). English is the default and
 * lives at the specification's routes; every other language lives under its own prefix (`/hi/…`).
 * Adding a language: its code here, its catalogue in messages/, its locale below.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The Intl locale each language formats numbers, dates and currency in. */
export const LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN' };

/** The cookie that remembers a visitor's explicit choice of language. */
export const LANGUAGE_COOKIE = 'abode_lang';

/** The route that records a choice of language and sends the visitor to the same page in it: `/language/hi?next=/viewProjects`. */
export const LANGUAGE_SWITCH_PATH = '/language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The path prefix of a language other than the default: `/hi`; '' for English. */
export function languagePrefix(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '' : `/${language}`;
}

/**
 * A page's language and its path as the specification names it: `/hi/viewProjects` → hi and
 * `/viewProjects`; `/hi` and `/hi/` → hi and `/`; any other path is English as it is.
 */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  for (const language of LANGUAGES) {
    if (language === DEFAULT_LANGUAGE) continue;
    const prefix = languagePrefix(language);
    if (pathname === prefix) return { language, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { language, path: pathname.slice(prefix.length) };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** The address of a page (a path as the specification names it, maybe with its query) in a language: `/viewProjects` → `/hi/viewProjects`, `/` → `/hi/`. */
export function localizedPath(language: Language, path: string): string {
  return `${languagePrefix(language)}${path}`;
}

/** An absolute link of this site moved to `language`'s pages (`…/hi/unsubscribe?…` for Hindi), its query kept. */
export function localizedUrl(language: Language, url: string): string {
  if (language === DEFAULT_LANGUAGE) return url;
  const moved = new URL(url);
  moved.pathname = localizedPath(language, moved.pathname);
  return moved.toString();
}

/** The link that switches to `language` and keeps the visitor on `path` (the page's own path and query, without prefix). */
export function languageSwitchHref(language: Language, path: string): string {
  return `${LANGUAGE_SWITCH_PATH}/${language}?${new URLSearchParams({ next: path }).toString()}`;
}
