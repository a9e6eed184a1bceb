import DOMPurify from 'dompurify';
import type { SurveyModel } from 'survey-core';

/**
 * Staff-written HTML (html questions, completedHtml, any text SurveyJS renders as HTML) made
 * safe before it reaches the page: no scripts, event handlers or javascript: links. Without a DOM
 * (server rendering) nothing is shown rather than something unchecked.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return '';
  return DOMPurify.sanitize(html);
}

/** True when `url` opens a page of the site the visitor is on. */
function isThisSite(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Applies the site's rules to a SurveyJS model: its HTML is sanitised after SurveyJS has filled
 * in placeholders (so an answer quoted in completedHtml cannot inject either), and it navigates
 * only within this site, or not at all (`navigate: false`, the designer's preview).
 */
export function guardSurvey(survey: SurveyModel, options: { navigate: boolean }): void {
  // Every HTML string SurveyJS renders goes through processHtml (html questions call the
  // survey's): wrapping it covers them all, and runs after the placeholders are filled in.
  const processHtml = survey.processHtml.bind(survey);
  survey.processHtml = (html: string, reason?: string) => sanitizeHtml(processHtml(html, reason));
  survey.onNavigateToUrl.add((_, event) => {
    if (!options.navigate || !isThisSite(event.url)) event.allow = false;
  });
}
