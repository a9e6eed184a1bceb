import { describe, expect, it } from 'vitest';
import { untranslatedIn } from '#shared/survey-json/localized-text';
import { itemText, setItemText } from '#web/features/surveys/designer/choice-items';
import { setElementProperty } from '#web/features/surveys/designer/element-operations';
import { parseSurveyJson } from '#web/features/surveys/designer/json-text';
import { readText, writeText, type SurveyJson } from '#web/features/surveys/designer/survey-json';
import { languageName, locateText, setTranslation, surveyLanguages, translationOf, withoutLanguage } from '#web/features/surveys/designer/survey-languages';
import { jsonPathOf } from '#web/features/surveys/designer/survey-structure';

/**
 * The designer's side-by-side editing (decision 0026): a survey written elsewhere, with odd spacing,
 * escapes and properties Abode does not know. The designer saves `JSON.stringify` of what it loaded;
 * editing one Hindi text must change that saved text in that string only.
 */
const STORED = `{ "title":"Find a home" , "x-vendor": {"id": 12, "tags": ["a", "b"]},
  "pages": [ { "name": "p1", "title": {"default":"About you","de":"Über Sie"},
    "elements": [
      { "type": "text", "name": "budget", "title": "Budget \\u20b9", "crmField": {"n": 1.50},
        "isRequired": true, "requiredErrorText": "Please answer",
        "validators": [ {"type": "numeric", "text": "A number, please", "minValue": 0, "x": null} ] },
      { "type": "panel", "name": "more", "elements": [
        { "type": "radiogroup", "name": "bhk", "title": "Bedrooms", "choices": [ "1 BHK", {"value": 2, "text": "2 BHK", "visibleIf": "{budget} > 5"} ] }
      ] }
    ] } ],
  "completedHtml": "<p>Thanks</p>"
}`;

function load(text: string): SurveyJson {
  const parsed = parseSurveyJson(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.doc;
}

/** What the designer sends to the server. */
const saved = (doc: SurveyJson) => JSON.stringify(doc);
const BEFORE = saved(load(STORED));
const BUDGET = { page: 0, indices: [0] };
const BHK = { page: 0, indices: [1, 0] };

describe('the designer edits a survey in several languages', () => {
  it('finds where questions lie in the JSON, through panels', () => {
    const doc = load(STORED);
    expect(jsonPathOf(doc, BHK)).toEqual(['pages', 0, 'elements', 1, 'elements', 0]);
    expect(jsonPathOf({ elements: [{ type: 'text', name: 'a' }] }, { page: 0, indices: [0] })).toEqual(['elements', 0]);
  });

  it('side-by-side edit of one Hindi title changes that string only, byte for byte', () => {
    const doc = load(STORED);
    const edited = setTranslation(doc, [...jsonPathOf(doc, BUDGET), 'title'], 'hi', 'बजट ₹');
    expect(saved(edited)).toBe(BEFORE.replace('"title":"Budget ₹"', '"title":{"default":"Budget ₹","hi":"बजट ₹"}'));
    // The other questions are the same objects (nothing else is rebuilt while staff type).
    const elements = (d: SurveyJson) => (d.pages as SurveyJson[])[0]!.elements as SurveyJson[];
    expect(elements(edited)[1]).toBe(elements(doc)[1]);
    expect(edited['x-vendor']).toBe(doc['x-vendor']);
    // Typing on: only the Hindi value changes.
    const again = setTranslation(edited, [...jsonPathOf(edited, BUDGET), 'title'], 'hi', 'आपका बजट');
    expect(saved(again)).toBe(saved(edited).replace('"hi":"बजट ₹"', '"hi":"आपका बजट"'));
    // The default field still edits the default text (SurveyJS's "default"), keeping the Hindi.
    const element = (again.pages as SurveyJson[])[0]!.elements as SurveyJson[];
    const retitled = setElementProperty(again, BUDGET, 'title', writeText(element[0]!.title, 'Your budget'));
    expect(saved(retitled)).toBe(saved(again).replace('"default":"Budget ₹"', '"default":"Your budget"'));
    // Clearing the Hindi field removes the Hindi entry.
    const cleared = setTranslation(again, [...jsonPathOf(again, BUDGET), 'title'], 'hi', '');
    expect(saved(cleared)).toBe(BEFORE.replace('"title":"Budget ₹"', '"title":{"default":"Budget ₹"}'));
    // Setting the same text again returns the same document (no undo step).
    expect(setTranslation(again, [...jsonPathOf(again, BUDGET), 'title'], 'hi', 'आपका बजट')).toBe(again);
  });

  it('translates choices (a plain one too), validators’ messages, the required message and page titles in place', () => {
    let doc = load(STORED);
    doc = setTranslation(doc, [...jsonPathOf(doc, BHK), 'choices', 0, 'text'], 'hi', '1 बीएचके');
    doc = setTranslation(doc, [...jsonPathOf(doc, BHK), 'choices', 1, 'text'], 'hi', '2 बीएचके');
    doc = setTranslation(doc, [...jsonPathOf(doc, BUDGET), 'validators', 0, 'text'], 'hi', 'कृपया एक संख्या लिखें');
    doc = setTranslation(doc, [...jsonPathOf(doc, BUDGET), 'requiredErrorText'], 'hi', 'कृपया उत्तर दें');
    doc = setTranslation(doc, ['pages', 0, 'title'], 'hi', 'आपके बारे में');
    expect(saved(doc)).toBe(
      BEFORE.replace('"choices":["1 BHK",', '"choices":[{"value":"1 BHK","text":{"default":"1 BHK","hi":"1 बीएचके"}},')
        .replace('"text":"2 BHK"', '"text":{"default":"2 BHK","hi":"2 बीएचके"}')
        .replace('"text":"A number, please"', '"text":{"default":"A number, please","hi":"कृपया एक संख्या लिखें"}')
        .replace('"requiredErrorText":"Please answer"', '"requiredErrorText":{"default":"Please answer","hi":"कृपया उत्तर दें"}')
        .replace('"de":"Über Sie"}', '"de":"Über Sie","hi":"आपके बारे में"}'),
    );
    // The default column still shows the default texts, the Hindi column the Hindi ones.
    const bhk = (((doc.pages as SurveyJson[])[0]!.elements as SurveyJson[])[1]!.elements as SurveyJson[])[0]!.choices as SurveyJson[];
    expect(bhk.map((item) => itemText(item))).toEqual(['1 BHK', '2 BHK']);
    expect(bhk.map((item) => translationOf(item.text, 'hi'))).toEqual(['1 बीएचके', '2 बीएचके']);
  });

  it('a text with Hindi only reads as empty in the default field, and typing there adds the default', () => {
    const value = { hi: 'रुपयों में' };
    expect(readText(value)).toBe('');
    expect(writeText(value, 'In rupees')).toEqual({ hi: 'रुपयों में', default: 'In rupees' });
    expect(setItemText({ value: 'a', text: { hi: 'ए' } }, 'A')).toEqual({ value: 'a', text: { hi: 'ए', default: 'A' } });
  });

  it('adding Hindi writes nothing; the count falls as texts are translated; removing it restores every byte', () => {
    let doc = load(STORED);
    expect(surveyLanguages(saved(doc), [], '')).toEqual(['de']);
    expect(surveyLanguages(saved(doc), ['hi'], '')).toEqual(['de', 'hi']);
    expect(surveyLanguages(saved(doc), [], 'de')).toEqual([]);
    // Survey title, page title, two question titles, required message, validator message, two choices, completedHtml.
    expect(untranslatedIn(doc, 'hi')).toHaveLength(9);
    expect(untranslatedIn(doc, 'de')).toHaveLength(8);
    doc = setTranslation(doc, [...jsonPathOf(doc, BUDGET), 'title'], 'hi', 'बजट');
    doc = setTranslation(doc, [...jsonPathOf(doc, BHK), 'choices', 0, 'text'], 'hi', '1 बीएचके');
    doc = setTranslation(doc, ['pages', 0, 'title'], 'hi', 'आपके बारे में');
    expect(untranslatedIn(doc, 'hi')).toHaveLength(6);
    expect(surveyLanguages(saved(doc), [], '')).toEqual(['de', 'hi']);

    const removed = withoutLanguage(doc, 'hi');
    // The plain choice stays an object (its value and text are the same string as before).
    expect(saved(removed)).toBe(BEFORE.replace('"choices":["1 BHK",', '"choices":[{"value":"1 BHK","text":"1 BHK"},'));
    expect(withoutLanguage(load(STORED), 'hi')).toEqual(load(STORED));
    expect(saved(withoutLanguage(load(STORED), 'de'))).toBe(BEFORE.replace('{"default":"About you","de":"Über Sie"}', '"About you"'));
  });

  it('finds the field of the next untranslated text', () => {
    const doc = load(STORED);
    const places = untranslatedIn(doc, 'hi').map((path) => locateText(doc, path, 'hi'));
    expect(places).toEqual([
      { selection: { kind: 'survey', page: 0 }, focus: '#survey-prop-title-hi' },
      { selection: { kind: 'page', page: 0 }, focus: '#page-prop-title-hi' },
      { selection: { kind: 'element', path: BUDGET }, focus: '#prop-title-hi' },
      { selection: { kind: 'element', path: BUDGET }, focus: '#prop-requiredErrorText-hi' },
      { selection: { kind: 'element', path: BUDGET }, focus: '#prop-validators-0-hi' },
      { selection: { kind: 'element', path: BHK }, focus: '#prop-title-hi' },
      { selection: { kind: 'element', path: BHK }, focus: '[data-focus="prop-choices-0-text-hi"]' },
      { selection: { kind: 'element', path: BHK }, focus: '[data-focus="prop-choices-1-text-hi"]' },
      null, // completedHtml
    ]);
    expect(languageName('hi')).toBe('Hindi');
  });
});
