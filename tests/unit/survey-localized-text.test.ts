import { describe, expect, it } from 'vitest';
import { readLocalizedText, setLocalizedText, untranslatedCount } from '#shared/survey/localized-text';

// A survey as another tool might write it: odd spacing, escapes, key order, properties Abode does not know.
const SURVEY = `{
  "title": "Find your home",
  "x-custom": {"keep": [1, 2.50, true, null]},
  "pages": [
    {
      "name": "p1",
      "elements": [
        {"type": "text", "name": "budget",   "title": {"default": "Budget \\u20b9", "de": "Budget (EUR)"}, "isRequired": true,
         "validators": [{"type": "numeric", "text": "A number, please", "minValue": 0}]},
        {"type": "radiogroup", "name": "bhk", "title": "Bedrooms", "description": "How many?",
         "choices": [{"value": 2, "text": "2 BHK"}, {"value": 3, "text": {"default": "3 BHK"}}]}
      ]
    }
  ]
}`;

const BUDGET_TITLE = ['pages', 0, 'elements', 0, 'title'];
const BHK_TITLE = ['pages', 0, 'elements', 1, 'title'];

/** The JSON text outside [start, end): what must not change. */
function outside(before: string, after: string): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < before.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { prefix, suffix };
}

describe('localized survey strings, edited in the JSON text (issue 27)', () => {
  it('reads the default and each language, with no fallback', () => {
    expect(readLocalizedText(SURVEY, BUDGET_TITLE)).toBe('Budget ₹');
    expect(readLocalizedText(SURVEY, BUDGET_TITLE, 'de')).toBe('Budget (EUR)');
    expect(readLocalizedText(SURVEY, BUDGET_TITLE, 'hi')).toBeUndefined();
    expect(readLocalizedText(SURVEY, BHK_TITLE)).toBe('Bedrooms');
    expect(readLocalizedText(SURVEY, BHK_TITLE, 'hi')).toBeUndefined();
    expect(readLocalizedText(SURVEY, ['pages', 9, 'title'])).toBeUndefined();
  });

  it('keeps an untouched survey byte for byte (setting a text to what it is changes nothing)', () => {
    expect(setLocalizedText(SURVEY, BUDGET_TITLE, 'de', 'Budget (EUR)')).toBe(SURVEY);
    expect(setLocalizedText(SURVEY, BHK_TITLE, 'default', 'Bedrooms')).toBe(SURVEY);
    expect(setLocalizedText(SURVEY, BHK_TITLE, 'hi', '')).toBe(SURVEY);
  });

  it('editing one Hindi title changes only that string', () => {
    const edited = setLocalizedText(SURVEY, BUDGET_TITLE, 'hi', 'बजट');
    expect(edited).toBe(SURVEY.replace('"de": "Budget (EUR)"}', '"de": "Budget (EUR)", "hi": "बजट"}'));
    expect(readLocalizedText(edited, BUDGET_TITLE, 'hi')).toBe('बजट');
    // Editing it again rewrites only the Hindi value's bytes.
    const again = setLocalizedText(edited, BUDGET_TITLE, 'hi', 'आपका बजट');
    expect(again).toBe(edited.replace('"hi": "बजट"', '"hi": "आपका बजट"'));
    const other = setLocalizedText(edited, BUDGET_TITLE, 'hi', 'राशि');
    const { prefix, suffix } = outside(edited, other);
    expect([edited.slice(prefix, edited.length - suffix), other.slice(prefix, other.length - suffix)]).toEqual(['बजट', 'राशि']);
    // Everything else parses to what it was.
    const parsed = JSON.parse(again) as { pages: Array<{ elements: Array<Record<string, unknown>> }> };
    expect(parsed.pages[0]!.elements[0]!.title).toEqual({ default: 'Budget ₹', de: 'Budget (EUR)', hi: 'आपका बजट' });
  });

  it('turns a plain string into SurveyJS’s localized form, keeping the default’s own bytes, and back', () => {
    const edited = setLocalizedText(SURVEY, BHK_TITLE, 'hi', 'शयनकक्ष');
    expect(edited).toBe(SURVEY.replace('"title": "Bedrooms"', '"title": {"default": "Bedrooms", "hi": "शयनकक्ष"}'));
    const removed = setLocalizedText(edited, BHK_TITLE, 'hi', '');
    expect(JSON.parse(removed)).toEqual(JSON.parse(SURVEY.replace('"title": "Bedrooms"', '"title": {"default": "Bedrooms"}')));
    // Removing the first of two entries, and the only one.
    const deFirst = setLocalizedText(SURVEY, BUDGET_TITLE, 'default', '');
    expect(readLocalizedText(deFirst, BUDGET_TITLE)).toBe('');
    expect(setLocalizedText('{"t": {"hi": "x", "de": "y"}}', ['t'], 'hi', '')).toBe('{"t": {"de": "y"}}');
    expect(setLocalizedText('{"t": {"hi": "x"}}', ['t'], 'hi', '')).toBe('{"t": {}}');
  });

  it('edits choices and validators’ messages, and adds a missing description', () => {
    const choice = setLocalizedText(SURVEY, ['pages', 0, 'elements', 1, 'choices', 0, 'text'], 'hi', '2 बीएचके');
    expect(choice).toBe(SURVEY.replace('"text": "2 BHK"', '"text": {"default": "2 BHK", "hi": "2 बीएचके"}'));
    const validator = setLocalizedText(SURVEY, ['pages', 0, 'elements', 0, 'validators', 0, 'text'], 'hi', 'कृपया एक संख्या');
    expect(readLocalizedText(validator, ['pages', 0, 'elements', 0, 'validators', 0, 'text'], 'hi')).toBe('कृपया एक संख्या');
    const description = setLocalizedText(SURVEY, ['pages', 0, 'elements', 0, 'description'], 'hi', 'रुपयों में');
    expect(description).toBe(SURVEY.replace('"minValue": 0}]}', '"minValue": 0}], "description": {"hi": "रुपयों में"}}'));
    expect(() => setLocalizedText(SURVEY, ['pages', 0, 'elements', 0, 'isRequired'], 'hi', 'x')).toThrow();
  });

  it('counts the texts without a Hindi version', () => {
    // Survey title, two question titles, a description, a validator's message and two choices.
    expect(untranslatedCount(SURVEY, 'hi')).toBe(7);
    expect(untranslatedCount(setLocalizedText(SURVEY, BUDGET_TITLE, 'hi', 'बजट'), 'hi')).toBe(6);
    expect(untranslatedCount(SURVEY, 'de')).toBe(6);
  });
});
