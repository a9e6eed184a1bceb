import { Model } from 'survey-core';

// Content elements hold no answer, so they get no column.
const NO_VALUE_TYPES = new Set(['html', 'image']);

/**
 * The names of a survey's questions in order, as SurveyJS itself builds the survey: questions in
 * nested panels are included; a dynamic panel or a matrix is one question (its answer is one
 * value), so its template questions and columns are not listed separately.
 */
export function deriveQuestionColumns(survey: object): string[] {
  const model = new Model(survey);
  const names = model
    .getAllQuestions(false, false, false)
    .filter((q) => !NO_VALUE_TYPES.has(q.getType()))
    .map((q) => q.name)
    .filter((name) => name !== '');
  return [...new Set(names)];
}
