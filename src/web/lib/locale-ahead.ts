// Intl's data for the page's locale, loaded ahead of the runner that needs it (docs/decisions/0031):
// one task of 50–180 ms on a 4×-slowed phone, so it is loaded when the visitor pauses (decision 0079).
import { LOCALES, type Language } from '#shared/i18n/languages';
import { resolveLocaleAhead } from '#shared/i18n/message-format';

/** Set each time a locale's data has been loaded ahead (its detail: the language); the browser tests read it. */
export const LOCALE_READY_MARK = 'abode:locale-ready';

export function loadLocaleAhead(language: Language): void {
  resolveLocaleAhead(LOCALES[language]);
  performance.mark(LOCALE_READY_MARK, { detail: language });
}
