import { describe, expect, it } from 'vitest';
import {
  localizedTextPaths,
  readLocalizedText,
  removeLocale,
  setLocalizedText,
  surveyLocales,
  untranslatedCount,
  untranslatedPaths,
} from '#shared/survey-json/localized-text';

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

describe('localized survey strings, edited in the JSON text', () => {
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

  it('translates a choice written as a plain string, keeping its value and default text, and counts it', () => {
    const json = '{"pages":[{"elements":[ {"type":"checkbox","name":"city", "choices":[ "Pune" ,  {"value":"mum"} ] , "x-crm":7} ]}]}';
    const path = ['pages', 0, 'elements', 0, 'choices', 0, 'text'];
    expect(readLocalizedText(json, path)).toBe('Pune');
    expect(readLocalizedText(json, path, 'hi')).toBeUndefined();
    expect(untranslatedPaths(json, 'hi')).toEqual([path]);
    const edited = setLocalizedText(json, path, 'hi', 'पुणे');
    expect(edited).toBe(json.replace('"Pune"', '{"value": "Pune", "text": {"default": "Pune", "hi": "पुणे"}}'));
    expect(untranslatedCount(edited, 'hi')).toBe(0);
    // Nothing typed, or the default text it already shows: no change.
    expect(setLocalizedText(json, path, 'hi', '')).toBe(json);
    expect(setLocalizedText(json, path, 'default', 'Pune')).toBe(json);
    // A list on its own (the designer edits the list that holds the choice).
    expect(setLocalizedText('[ "Pune" ]', [0, 'text'], 'hi', 'पुणे')).toBe('[ {"value": "Pune", "text": {"default": "Pune", "hi": "पुणे"}} ]');
    // Only lists of choices, rows and columns hold texts: a checkbox's default answers are not texts.
    expect(localizedTextPaths({ defaultValue: ['Pune'], rows: ['r1'] })).toEqual([['rows', 0, 'text']]);
  });

  it('counts the placeholders, yes/no labels and messages the designer edits', () => {
    const json = JSON.stringify({
      elements: [
        { type: 'boolean', name: 'b', labelTrue: 'Sure', labelFalse: { default: 'No way', hi: 'बिल्कुल नहीं' } },
        { type: 'dropdown', name: 'd', optionsCaption: 'Pick', requiredErrorText: 'Please pick' },
      ],
    });
    expect(untranslatedPaths(json, 'hi')).toEqual([
      ['elements', 0, 'labelTrue'],
      ['elements', 1, 'optionsCaption'],
      ['elements', 1, 'requiredErrorText'],
    ]);
  });

  it('leaves out texts without a letter: a phone number has nothing to translate', () => {
    const json = JSON.stringify({
      elements: [
        { type: 'text', name: 'phone', placeholder: '+91 98765 43210', title: 'Phone' },
        {
          type: 'rating',
          name: 'r',
          rateValues: [
            { value: 5, text: '5+' },
            { value: 1, text: '1 BHK' },
          ],
        },
      ],
    });
    expect(untranslatedPaths(json, 'hi')).toEqual([
      ['elements', 0, 'title'],
      ['elements', 1, 'rateValues', 1, 'text'],
    ]);
  });

  it('lists the languages a survey carries', () => {
    expect(surveyLocales(SURVEY)).toEqual(['de']);
    expect(surveyLocales(setLocalizedText(SURVEY, BHK_TITLE, 'hi', 'शयनकक्ष'))).toEqual(['de', 'hi']);
    expect(surveyLocales('{"pages": []}')).toEqual([]);
  });

  it('removes a language from every text and leaves every other byte as it was', () => {
    const choice = ['pages', 0, 'elements', 1, 'choices', 0, 'text'];
    const validator = ['pages', 0, 'elements', 0, 'validators', 0, 'text'];
    let hindi = setLocalizedText(SURVEY, BUDGET_TITLE, 'hi', 'बजट');
    hindi = setLocalizedText(hindi, BHK_TITLE, 'hi', 'शयनकक्ष');
    hindi = setLocalizedText(hindi, choice, 'hi', '2 बीएचके');
    hindi = setLocalizedText(hindi, validator, 'hi', 'कृपया एक संख्या');
    hindi = setLocalizedText(hindi, ['pages', 0, 'elements', 0, 'description'], 'hi', 'रुपयों में');
    hindi = setLocalizedText(hindi, ['pages', 0, 'elements', 1, 'choices', 1, 'text'], 'hi', '3 बीएचके');
    expect(untranslatedCount(hindi, 'hi')).toBe(2);
    // Texts that were plain strings, or {"default"} only, are plain again; the German stays; the
    // description that only had Hindi is gone. Every other byte, spacing included, is the original's.
    expect(removeLocale(hindi, 'hi')).toBe(SURVEY.replace('{"default": "3 BHK"}', '"3 BHK"'));
    expect(removeLocale(SURVEY, 'hi')).toBe(SURVEY);
    expect(removeLocale(SURVEY, 'de')).toBe(SURVEY.replace('{"default": "Budget \\u20b9", "de": "Budget (EUR)"}', '"Budget \\u20b9"'));
    expect(() => removeLocale(SURVEY, 'default')).toThrow();
    // A text with three languages keeps the other two (the entry goes with the comma before it).
    expect(removeLocale('{"title" :{ "default":"a" ,"hi":"b","de":"c"}}', 'hi')).toBe('{"title" :{ "default":"a","de":"c"}}');
  });
});

describe('the demo survey: every visitor-facing text has Hindi', () => {
  it('has nothing left to translate into Hindi, its rating scale included', async () => {
    const { DEMO_SURVEY } = await import('#server/features/surveys/campaigns.seed');
    const json = JSON.stringify(DEMO_SURVEY);
    expect(untranslatedPaths(json, 'hi')).toEqual([]);
    expect(localizedTextPaths(DEMO_SURVEY).length).toBeGreaterThan(40);
  });
});
