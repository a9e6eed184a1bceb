// The survey's first page shown before SurveyJS (light-survey.tsx) says what SurveyJS's model of the
// same survey says: the same questions, titles, required marks, choices and page count, in English and
// in Hindi; a first page it cannot show as SurveyJS would is left to SurveyJS (null).
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import '#shared/survey-json/custom-properties';
import { readLightPage } from '#web/features/responses/light-survey';
import { applySurveyLanguage } from '#web/lib/survey-language';
import type { Language } from '#shared/i18n/languages';
import { DEMO_SURVEY } from '#server/features/surveys/campaigns.seed';

const hi = (en: string, hindi: string) => ({ default: en, hi: hindi });

const SURVEY = {
  title: hi('Your next home', 'आपका अगला घर'),
  pages: [
    {
      name: 'first',
      elements: [
        {
          type: 'radiogroup',
          name: 'kind',
          title: hi('What kind of home?', 'कैसा घर?'),
          isRequired: true,
          choices: [{ value: 'flat', text: hi('Flat', 'फ़्लैट') }, 'Villa', 3],
        },
        {
          type: 'checkbox',
          name: 'rooms',
          title: 'Rooms you need',
          description: hi('Pick any', 'कोई भी चुनें'),
          choices: ['Study', { value: 'guest', text: 'Guest room' }],
        },
        { type: 'text', name: 'city', title: hi('City', 'शहर'), isRequired: true, placeholder: 'Pune', leadField: 'name' },
        { type: 'comment', name: 'notes' },
      ],
    },
    { name: 'second', elements: [{ type: 'dropdown', name: 'budget', choices: ['low', 'high'] }] },
  ],
};

type AnyQuestion = ReturnType<Model['getAllQuestions']>[number] & Record<string, unknown>;

/** A question's choices as SurveyJS has them: a list's choices, a rating's values, a boolean's two (its own words only). */
function choicesOf(q: AnyQuestion): Array<{ value: unknown; text: string }> {
  const list = (items: unknown) => (items as Array<{ value: unknown; text: string }>).map((c) => ({ value: c.value, text: c.text }));
  if (q.getType() === 'rating') return list(q.visibleRateValues);
  if (q.getType() === 'boolean') {
    const own = (key: string) => (q.toJSON() as Record<string, unknown>)[key] !== undefined;
    return [
      { value: true, text: own('labelTrue') ? String(q.labelTrue) : '' },
      { value: false, text: own('labelFalse') ? String(q.labelFalse) : '' },
    ];
  }
  return 'choices' in q ? list(q.choices) : [];
}

/** What SurveyJS itself shows of the first page, in `language` as the runner picks it. */
function surveyJsFirstPage(json: object, language: Language) {
  const model = new Model(json);
  applySurveyLanguage(model, language);
  return {
    title: model.title || undefined,
    pageTitle: model.pages[0]!.title || undefined,
    pages: model.visiblePageCount,
    questions: model.pages[0]!.questions.map((q) => ({
      name: q.name,
      title: q.title,
      required: q.isRequired,
      description: q.description || undefined,
      choices: choicesOf(q),
    })),
  };
}

function lightFirstPage(json: object, language: Language) {
  const page = readLightPage(JSON.stringify(json), language);
  if (!page) return null;
  return {
    title: page.title,
    pageTitle: page.pageTitle,
    pages: page.pages,
    questions: page.questions.map((q) => ({ name: q.name, title: q.title, required: q.required, description: q.description, choices: q.choices })),
  };
}

describe('the first page shown before SurveyJS', () => {
  it.each(['en', 'hi'] as const)('reads the first page as SurveyJS does (%s)', (language) => {
    expect(lightFirstPage(SURVEY, language)).toEqual(surveyJsFirstPage(SURVEY, language));
  });

  const FIRST_PAGE_TYPES = {
    pages: [
      {
        name: 'first',
        title: hi('Your next home', 'आपका अगला घर'),
        elements: [
          {
            type: 'dropdown',
            name: 'budget',
            title: hi('Budget', 'बजट'),
            isRequired: true,
            placeholder: hi('Choose', 'चुनें'),
            choices: [{ value: 5000000, text: hi('Under ₹50 lakh', '₹50 लाख से कम') }, 'More'],
          },
          { type: 'rating', name: 'bedrooms', title: 'Bedrooms', rateValues: [{ value: 1, text: hi('1 BHK', '1 बीएचके') }, 2] },
          { type: 'rating', name: 'stars', title: 'How sure are you?' },
          { type: 'boolean', name: 'loan', title: hi('A home loan?', 'होम लोन?') },
          { type: 'boolean', name: 'pets', title: 'Pets?', labelTrue: hi('Sure', 'ज़रूर'), labelFalse: 'Never' },
          { type: 'radiogroup', name: 'kind', title: 'Kind', colCount: 2, choices: ['Flat', 'Villa'] },
        ],
      },
      {
        name: 'second',
        elements: [
          { type: 'text', name: 'z' },
          { type: 'text', name: 'y', visibleIf: '{loan} = true' },
        ],
      },
    ],
  };

  it.each(['en', 'hi'] as const)('reads a page title, dropdown, rating and boolean questions as SurveyJS does (%s)', (language) => {
    expect(lightFirstPage(FIRST_PAGE_TYPES, language)).toEqual(surveyJsFirstPage(FIRST_PAGE_TYPES, language));
    expect(readLightPage(JSON.stringify(FIRST_PAGE_TYPES), language)!.questions.map((q) => q.type)).toEqual([
      'dropdown',
      'rating',
      'rating',
      'boolean',
      'boolean',
      'radiogroup',
    ]);
  });

  it.each(['en', 'hi'] as const)("shows the demo survey's first page itself (%s)", (language) => {
    expect(lightFirstPage(DEMO_SURVEY, language)).toEqual(surveyJsFirstPage(DEMO_SURVEY, language));
    expect(lightFirstPage(DEMO_SURVEY, language)!.pages).toBe(4);
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

  const withFirst = (element: object, survey: object = {}) => ({
    ...survey,
    pages: [
      { name: 'p', elements: [element] },
      { name: 'q', elements: [{ type: 'text', name: 'z' }] },
    ],
  });
  it.each([
    ['a tagbox', withFirst({ type: 'tagbox', name: 'a', choices: ['x'] })],
    ['a dropdown with a "none" choice', withFirst({ type: 'dropdown', name: 'a', choices: ['x'], showNoneItem: true })],
    ['a rating from a range', withFirst({ type: 'rating', name: 'a', rateMax: 10 })],
    ['a boolean shown as a checkbox', withFirst({ type: 'boolean', name: 'a', renderAs: 'checkbox' })],
    ['two choices of one value', withFirst({ type: 'dropdown', name: 'a', choices: ['x', { value: 'x', text: 'X' }] })],
    ['a file', withFirst({ type: 'file', name: 'a' })],
    ['a panel', withFirst({ type: 'panel', name: 'a', elements: [{ type: 'text', name: 'b' }] })],
    ['a condition on a question', withFirst({ type: 'text', name: 'a', visibleIf: '{z} = 1' })],
    [
      'a condition on a later page',
      {
        pages: [
          { name: 'p', elements: [{ type: 'text', name: 'a' }] },
          { name: 'q', visibleIf: '{a} = 1', elements: [{ type: 'text', name: 'z' }] },
        ],
      },
    ],
    [
      'a later page whose every question has a condition',
      {
        pages: [
          { name: 'p', elements: [{ type: 'text', name: 'a' }] },
          { name: 'q', elements: [{ type: 'text', name: 'z', visibleIf: '{a} = 1' }] },
        ],
      },
    ],
    ['a validator', withFirst({ type: 'text', name: 'a', validators: [{ type: 'numeric' }] })],
    ['an input type', withFirst({ type: 'text', name: 'a', inputType: 'email' })],
    ['an "other" choice', withFirst({ type: 'radiogroup', name: 'a', choices: ['x'], showOtherItem: true })],
    ['choices from a web service', withFirst({ type: 'checkbox', name: 'a', choicesByUrl: { url: 'https://example.com' } })],
    ['a choice with a condition', withFirst({ type: 'radiogroup', name: 'a', choices: [{ value: 'x', visibleIf: '{z} = 1' }] })],
    ['triggers', withFirst({ type: 'text', name: 'a' }, { triggers: [{ type: 'complete', expression: '{a} = 1' }] })],
    ['a start page', withFirst({ type: 'text', name: 'a' }, { firstPageIsStartPage: true })],
    ['question numbers', withFirst({ type: 'text', name: 'a' }, { showQuestionNumbers: 'on' })],
    ['answers taken when a field loses focus', withFirst({ type: 'text', name: 'a' }, { textUpdateMode: 'onBlur' })],
    ['a page with a condition on its title', { pages: [{ name: 'p', title: 'Hello', visibleIf: '{z} = 1', elements: [{ type: 'text', name: 'a' }] }] }],
    [
      'two questions of one name',
      {
        pages: [
          {
            name: 'p',
            elements: [
              { type: 'text', name: 'a' },
              { type: 'comment', name: 'a' },
            ],
          },
        ],
      },
    ],
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
