import { describe, expect, it } from 'vitest';
import { itemText, itemsFromLines, setItemText } from '#web/features/surveys/designer/choice-items';
import { setElementProperty } from '#web/features/surveys/designer/element-operations';
import { editLocale, localeLabel, readText, translationLocales, writeText, type SurveyJson } from '#web/features/surveys/designer/survey-json';

describe('the designer edits the survey in its own locale', () => {
  it('edits the locale the survey names, and the default texts otherwise (en is SurveyJS default)', () => {
    expect(editLocale({ locale: 'de' })).toBe('de');
    expect(editLocale({})).toBe('');
    expect(editLocale({ locale: '' })).toBe('');
    expect(editLocale({ locale: 'en' })).toBe('');
    expect(localeLabel('de')).toBe('German (de)');
  });

  it('reads the locale text, falling back to the default text', () => {
    expect(readText({ default: 'Budget', de: 'Budget (EUR)' }, 'de')).toBe('Budget (EUR)');
    expect(readText({ default: 'Budget' }, 'de')).toBe('Budget');
    expect(readText('Plain', 'de')).toBe('Plain');
    expect(readText({ default: 'Budget', de: 'Budget (EUR)' })).toBe('Budget');
  });

  it('writes the locale text and leaves the default and other translations as they are', () => {
    expect(writeText({ default: 'Budget', de: 'Budget', fr: 'Budget' }, 'Ihr Budget', 'de')).toEqual({ default: 'Budget', de: 'Ihr Budget', fr: 'Budget' });
    expect(writeText({ default: 'Budget' }, 'Ihr Budget', 'de')).toEqual({ default: 'Budget', de: 'Ihr Budget' });
    // Plain text is what every locale shows.
    expect(writeText('Budget', 'Ihr Budget', 'de')).toBe('Ihr Budget');
    expect(writeText({ default: 'Budget', de: 'Ihr Budget' }, '', 'de')).toEqual({ default: 'Budget' });
    expect(translationLocales({ default: 'Budget', de: 'Ihr Budget', fr: 'Budget' }, 'de')).toEqual(['fr']);
    expect(translationLocales({ default: 'Budget', de: 'Ihr Budget' })).toEqual(['de']);
  });

  it('retitles a question of a German survey in German: what its visitors see', () => {
    const doc: SurveyJson = { locale: 'de', pages: [{ name: 'p', elements: [{ type: 'text', name: 'budget', title: { default: 'Budget', de: 'Budget' } }] }] };
    const element = ((doc.pages as SurveyJson[])[0]!.elements as SurveyJson[])[0]!;
    const edited = setElementProperty(doc, { page: 0, indices: [0] }, 'title', writeText(element.title, 'Ihr Budget', editLocale(doc)));
    expect(((edited.pages as SurveyJson[])[0]!.elements as SurveyJson[])[0]!.title).toEqual({ default: 'Budget', de: 'Ihr Budget' });
  });

  it('edits choice texts in the locale too', () => {
    const item = { value: 'a', text: { default: 'Flat', de: 'Wohnung' } };
    expect(itemText(item, 'de')).toBe('Wohnung');
    expect(setItemText(item, 'Apartment', 'de')).toEqual({ value: 'a', text: { default: 'Flat', de: 'Apartment' } });
    expect(itemsFromLines('a|Eigentumswohnung\nb', [item], 'de')).toEqual([{ value: 'a', text: { default: 'Flat', de: 'Eigentumswohnung' } }, 'b']);
  });
});
