// The survey's first page shown before SurveyJS (light-survey.tsx) says what SurveyJS's model of the
// same survey says: the same questions, titles, required marks, choices and page count, in English and
// in Hindi; a first page it cannot show as SurveyJS would is left to SurveyJS (null).
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import '#shared/survey/custom-properties';
import { readLightPage } from '#web/features/responses/light-survey';
import { applySurveyLanguage } from '#web/lib/survey-language';
import type { Language } from '#shared/i18n/languages';

const hi = (en: string, hindi: string) => ({ default: en, hi: hindi });

const SURVEY = {
  title: hi('Your next home', 'आपका अगला घर'),
  pages: [
    {
      name: 'first',
      elements: [
        { type: 'radiogroup', name: 'kind', title: hi('What kind of home?', 'कैसा घर?'), isRequired: true, choices: [{ value: 'flat', text: hi('Flat', 'फ़्लैट') }, 'Villa', 3] },
        { type: 'checkbox', name: 'rooms', title: 'Rooms you need', description: hi('Pick any', 'कोई भी चुनें'), choices: ['Study', { value: 'guest', text: 'Guest room' }] },
        { type: 'text', name: 'city', title: hi('City', 'शहर'), isRequired: true, placeholder: 'Pune', leadField: 'name' },
        { type: 'comment', name: 'notes' },
      ],
    },
    { name: 'second', elements: [{ type: 'dropdown', name: 'budget', choices: ['low', 'high'] }] },
  ],
};

/** What SurveyJS itself shows of the first page, in `language` as the runner picks it. */
function surveyJsFirstPage(json: object, language: Language) {
  const model = new Model(json);
  applySurveyLanguage(model, language);
  return {
    title: model.title || undefined,
    pages: model.visiblePageCount,
    questions: model.pages[0]!.questions.map((q) => ({
      name: q.name,
      title: q.title,
      required: q.isRequired,
      description: q.description || undefined,
      choices: 'choices' in q ? (q.choices as Array<{ value: unknown; text: string }>).map((c) => ({ value: c.value, text: c.text })) : [],
    })),
  };
}

function lightFirstPage(json: object, language: Language) {
  const page = readLightPage(JSON.stringify(json), language);
  if (!page) return null;
  return {
    title: page.title,
    pages: page.pages,
    questions: page.questions.map((q) => ({ name: q.name, title: q.title, required: q.required, description: q.description, choices: q.choices })),
  };
}

describe('the first page shown before SurveyJS', () => {
  it.each(['en', 'hi'] as const)('reads the first page as SurveyJS does (%s)', (language) => {
    expect(lightFirstPage(SURVEY, language)).toEqual(surveyJsFirstPage(SURVEY, language));
  });

  it('shows a survey without Hindi in its own language on a Hindi page, as the runner does', () => {
    const english = { pages: [{ name: 'p', elements: [{ type: 'text', name: 'city', title: 'City' }] }] };
    expect(lightFirstPage(english, 'hi')).toEqual(surveyJsFirstPage(english, 'hi'));
    expect(lightFirstPage(english, 'hi')!.questions[0]!.title).toBe('City');
  });

  it('keeps the texts of the buttons the survey names', () => {
    const json = { completeText: hi('Send', 'भेजें'), pageNextText: 'Onwards', pages: [{ name: 'p', elements: [{ type: 'text', name: 'a' }] }] };
    expect(readLightPage(JSON.stringify(json), 'hi')).toMatchObject({ complete: 'भेजें', next: 'Onwards', pages: 1 });
  });

  const withFirst = (element: object, survey: object = {}) => ({ ...survey, pages: [{ name: 'p', elements: [element] }, { name: 'q', elements: [{ type: 'text', name: 'z' }] }] });
  it.each([
    ['a dropdown', withFirst({ type: 'dropdown', name: 'a', choices: ['x'] })],
    ['a boolean', withFirst({ type: 'boolean', name: 'a' })],
    ['a file', withFirst({ type: 'file', name: 'a' })],
    ['a panel', withFirst({ type: 'panel', name: 'a', elements: [{ type: 'text', name: 'b' }] })],
    ['a condition on a question', withFirst({ type: 'text', name: 'a', visibleIf: '{z} = 1' })],
    ['a condition on a later page', { pages: [{ name: 'p', elements: [{ type: 'text', name: 'a' }] }, { name: 'q', visibleIf: '{a} = 1', elements: [{ type: 'text', name: 'z' }] }] }],
    ['a validator', withFirst({ type: 'text', name: 'a', validators: [{ type: 'numeric' }] })],
    ['an input type', withFirst({ type: 'text', name: 'a', inputType: 'email' })],
    ['an "other" choice', withFirst({ type: 'radiogroup', name: 'a', choices: ['x'], showOtherItem: true })],
    ['choices from a web service', withFirst({ type: 'checkbox', name: 'a', choicesByUrl: { url: 'https://example.com' } })],
    ['a choice with a condition', withFirst({ type: 'radiogroup', name: 'a', choices: [{ value: 'x', visibleIf: '{z} = 1' }] })],
    ['triggers', withFirst({ type: 'text', name: 'a' }, { triggers: [{ type: 'complete', expression: '{a} = 1' }] })],
    ['a start page', withFirst({ type: 'text', name: 'a' }, { firstPageIsStartPage: true })],
    ['question numbers', withFirst({ type: 'text', name: 'a' }, { showQuestionNumbers: 'on' })],
    ['answers taken when a field loses focus', withFirst({ type: 'text', name: 'a' }, { textUpdateMode: 'onBlur' })],
    ['a page title', { pages: [{ name: 'p', title: 'Hello', elements: [{ type: 'text', name: 'a' }] }] }],
    ['two questions of one name', { pages: [{ name: 'p', elements: [{ type: 'text', name: 'a' }, { type: 'comment', name: 'a' }] }] }],
    ['no question', { pages: [{ name: 'p', elements: [] }] }],
  ])('leaves a first page with %s to SurveyJS', (_, json) => {
    expect(readLightPage(JSON.stringify(json), 'en')).toBeNull();
  });

  it('leaves what is not a survey to SurveyJS', () => {
    expect(readLightPage('not json', 'en')).toBeNull();
    expect(readLightPage('[]', 'en')).toBeNull();
    expect(readLightPage('{}', 'en')).toBeNull();
  });
});
