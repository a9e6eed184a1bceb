import type { JsonObject } from './survey-json';

/** The element types the visual designer creates; any other SurveyJS type still loads, shows and saves. */
export const QUESTION_TYPES = ['text', 'comment', 'radiogroup', 'checkbox', 'dropdown', 'tagbox', 'boolean', 'rating', 'ranking', 'matrix', 'panel'] as const;

export type QuestionType = (typeof QUESTION_TYPES)[number];

export const TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Single-line text',
  comment: 'Long text',
  radiogroup: 'Single choice',
  checkbox: 'Multiple choice',
  dropdown: 'Dropdown',
  tagbox: 'Multi-select dropdown',
  boolean: 'Yes / No',
  rating: 'Rating',
  ranking: 'Ranking',
  matrix: 'Matrix (grid)',
  panel: 'Panel (group)',
};

export function isKnownType(type: unknown): type is QuestionType {
  return typeof type === 'string' && (QUESTION_TYPES as readonly string[]).includes(type);
}

export function typeLabel(type: unknown): string {
  if (isKnownType(type)) return TYPE_LABELS[type];
  return typeof type === 'string' && type ? type : 'Unknown element';
}

/** Types whose answers are picked from `choices`. */
export const CHOICE_TYPES: readonly string[] = ['radiogroup', 'checkbox', 'dropdown', 'tagbox', 'ranking'];
/** Choice types that can offer an "Other (describe)" option. */
export const OTHER_OPTION_TYPES: readonly string[] = ['radiogroup', 'checkbox', 'dropdown', 'tagbox'];

/** Types an element can switch to without losing its settings. */
export function convertibleTypes(type: unknown): QuestionType[] {
  if (typeof type !== 'string') return [];
  if (CHOICE_TYPES.includes(type)) return ['radiogroup', 'checkbox', 'dropdown', 'tagbox', 'ranking'];
  if (type === 'text' || type === 'comment') return ['text', 'comment'];
  return [];
}

export const TEXT_INPUT_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'email', label: 'E-mail' },
  { value: 'number', label: 'Number' },
  { value: 'tel', label: 'Phone number' },
  { value: 'date', label: 'Date' },
] as const;

/** A new element of `type` with sensible starting content. */
export function newElement(type: QuestionType, name: string): JsonObject {
  switch (type) {
    case 'radiogroup':
    case 'checkbox':
    case 'dropdown':
    case 'tagbox':
    case 'ranking':
      return { type, name, choices: ['Item 1', 'Item 2', 'Item 3'] };
    case 'matrix':
      return { type, name, columns: ['Column 1', 'Column 2', 'Column 3'], rows: ['Row 1', 'Row 2'] };
    case 'panel':
      return { type, name, elements: [] };
    default:
      return { type, name };
  }
}
