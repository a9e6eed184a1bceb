/**
 * Which SurveyJS element types hold no answer: content shown to the visitor (`html`, `image`).
 * Kept apart from survey-questions.ts, which loads survey-core, so the designer's main chunk can
 * count questions by the same rule without it. SurveyJS accepts any case in `type`.
 */
export const CONTENT_TYPES: ReadonlySet<string> = new Set(['html', 'image']);

export function isContentType(type: unknown): boolean {
  return typeof type === 'string' && CONTENT_TYPES.has(type.toLowerCase());
}
