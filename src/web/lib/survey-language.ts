// The survey in the page's language (docs/decisions/0026-languages.md): SurveyJS's own
// texts (buttons, errors, "Page 1 of 4") from survey-core's Hindi, loaded on Hindi pages only, with
// the few it gets wrong corrected; the survey's questions and choices from its localized strings
// (`{"default": "…", "hi": "…"}`). A survey that has no Hindi runs in its default language.
import type { Model } from 'survey-core';
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages';

/** survey-core's Hindi as shipped has a broken "Page {0} of {1}" and a few machine translations. */
const HINDI_FIXES: Record<string, string> = {
  progressText: '{1} में से पृष्ठ {0}',
  commentText: 'कृपया टिप्पणी लिखें',
  placeholder: 'चुनें…',
  ratingOptionsCaption: 'चुनें…',
  buttongroupOptionsCaption: 'चुनें…',
  clearCaption: 'साफ़ करें',
  loadingSurvey: 'सर्वेक्षण खुल रहा है…',
  completeText: 'भेजें',
  exceedMaxSize: 'फ़ाइल का आकार {0} से अधिक नहीं होना चाहिए।',
};

let hindi: Promise<void> | null = null;

/** SurveyJS's own texts in this language (English is built in). */
export function loadSurveyStrings(language: Language): Promise<void> {
  if (language !== 'hi') return Promise.resolve();
  hindi ??= Promise.all([import('survey-core'), import('survey-core/i18n/hindi')]).then(([core]) => {
    const strings = core.surveyLocalization.locales.hi as Record<string, string> | undefined;
    if (strings) Object.assign(strings, HINDI_FIXES);
  });
  return hindi;
}

/** The page's language as the server set it on <html lang> (the runner is built before React renders). */
export function documentLanguage(): Language {
  return typeof document !== 'undefined' && document.documentElement.lang === 'hi' ? 'hi' : DEFAULT_LANGUAGE;
}

/** Whether this survey's questions have texts in this language (the default language always has). */
export function surveyHasLanguage(survey: Model, language: Language): boolean {
  return language === DEFAULT_LANGUAGE || survey.getUsedLocales().includes(language);
}

/**
 * Runs the survey in the page's language when it has that language, else in its default one.
 * Returns whether it runs in the page's language.
 */
export function applySurveyLanguage(survey: Model, language: Language): boolean {
  if (language === DEFAULT_LANGUAGE || !surveyHasLanguage(survey, language)) return language === DEFAULT_LANGUAGE;
  survey.locale = language;
  return true;
}
