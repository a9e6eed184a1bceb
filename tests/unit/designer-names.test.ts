import { describe, expect, it } from 'vitest';
import { describeUpdated, elementNameProblem, nextName, questionNames, renameElement } from '#web/features/surveys/designer/element-names';
import type { JsonObject, SurveyJson } from '#web/features/surveys/designer/survey-json';

const survey = (): SurveyJson => ({
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'age' },
        {
          type: 'panel',
          name: 'box',
          elements: [
            { type: 'text', name: 'Question4' },
            { type: 'panel', name: 'inner', questions: [{ type: 'text', name: 'city' }] },
          ],
        },
      ],
    },
    {
      name: 'p2',
      visibleIf: '{age} > 18',
      elements: [{ type: 'text', name: 'note', visibleIf: "{age} >= 21 and {city} = 'Pune' or {agent} notempty", title: 'Hello {age}' }],
    },
  ],
  triggers: [{ type: 'copyvalue', expression: '{ age } > 1', setToName: 'note', fromName: 'age' }],
  calculatedValues: [{ name: 'ageNext', expression: '{age} + 1' }],
});

describe('element names', () => {
  it('generates the next number after the highest in use, case-insensitively', () => {
    expect(nextName('question', new Set())).toBe('question1');
    expect(nextName('question', new Set(['question1', 'question7', 'other']))).toBe('question8');
    expect(nextName('page', new Set(['page2']))).toBe('page3');
  });

  it('checks uniqueness across the whole survey, inside panels and nested panels too', () => {
    const own = { page: 0, indices: [0] };
    expect(elementNameProblem(survey(), own, 'age')).toBeNull(); // its own name
    expect(elementNameProblem(survey(), own, 'CITY')).toMatch(/already named "CITY"/);
    expect(elementNameProblem(survey(), own, 'question4')).toMatch(/already named/);
    expect(elementNameProblem(survey(), own, 'inner')).toMatch(/already named/);
    expect(elementNameProblem(survey(), own, 'note')).toMatch(/already named/);
    expect(elementNameProblem(survey(), own, 'p1')).toBeNull();
  });

  it('refuses empty, padded and expression-breaking names', () => {
    const own = { page: 0, indices: [0] };
    expect(elementNameProblem(survey(), own, '')).toMatch(/required/);
    expect(elementNameProblem(survey(), own, '   ')).toMatch(/required/);
    expect(elementNameProblem(survey(), own, 'age ')).toMatch(/space/);
    expect(elementNameProblem(survey(), own, 'a{b}')).toMatch(/cannot contain/);
    expect(elementNameProblem(survey(), own, 'rooms[0]')).toMatch(/cannot contain/);
  });

  it('lists question names in order, nested panels included, panels themselves left out', () => {
    expect(questionNames(survey())).toEqual(['age', 'Question4', 'city', 'note']);
  });
});

describe('renaming', () => {
  it('rewrites conditions, expressions, trigger targets and {name} in titles that refer to the old name', () => {
    const { doc, updated } = renameElement(survey(), { page: 0, indices: [0] }, 'years');
    expect(doc).toEqual({
      pages: [
        {
          name: 'p1',
          elements: [
            { type: 'text', name: 'years' },
            {
              type: 'panel',
              name: 'box',
              elements: [
                { type: 'text', name: 'Question4' },
                { type: 'panel', name: 'inner', questions: [{ type: 'text', name: 'city' }] },
              ],
            },
          ],
        },
        {
          name: 'p2',
          visibleIf: '{years} > 18',
          elements: [{ type: 'text', name: 'note', visibleIf: "{years} >= 21 and {city} = 'Pune' or {agent} notempty", title: 'Hello {years}' }],
        },
      ],
      triggers: [{ type: 'copyvalue', expression: '{ years } > 1', setToName: 'note', fromName: 'years' }],
      calculatedValues: [{ name: 'ageNext', expression: '{years} + 1' }],
    });
    expect(updated).toHaveLength(6);
    expect(describeUpdated(updated)).toBe('4 conditions or expressions, 1 question reference and 1 text');
  });

  it('does not touch longer names that merely start with the old one', () => {
    const doc: SurveyJson = {
      elements: [
        { type: 'text', name: 'a' },
        { type: 'text', name: 'ab', visibleIf: '{ab} = 1 and {a.x} = 2 and {a[0]} = 3' },
      ],
    };
    expect(renameElement(doc, { page: 0, indices: [0] }, 'z').doc.elements).toEqual([
      { type: 'text', name: 'z' },
      { type: 'text', name: 'ab', visibleIf: '{ab} = 1 and {z.x} = 2 and {z[0]} = 3' },
    ]);
  });

  it('returns the same references count of 0 when nothing refers to the element', () => {
    const { updated, doc } = renameElement(survey(), { page: 0, indices: [1, 0] }, 'question9');
    expect(updated).toEqual([]);
    expect(questionNames(doc)).toEqual(['age', 'question9', 'city', 'note']);
  });

  it('follows the question into choicesFromQuestion, valueName, {name} placeholders in every locale and completedHtml', () => {
    const doc: SurveyJson = {
      completedHtml: { default: '{name}, thank you', de: '{name}, danke' },
      pages: [
        {
          name: 'p1',
          elements: [
            { type: 'text', name: 'name' },
            { type: 'checkbox', name: 'car', title: { default: '{name}, which cars?', de: '{name}, welche Autos?' }, choices: ['a', 'b'] },
            { type: 'ranking', name: 'rank', isRequired: true, choicesFromQuestion: 'car', visibleIf: '{car} notempty' },
            { type: 'text', name: 'carCopy', valueName: 'car' },
          ],
        },
      ],
    };
    const cars = renameElement(doc, { page: 0, indices: [1] }, 'cars').doc;
    expect(cars.pages).toEqual([
      {
        name: 'p1',
        elements: [
          { type: 'text', name: 'name' },
          { type: 'checkbox', name: 'cars', title: { default: '{name}, which cars?', de: '{name}, welche Autos?' }, choices: ['a', 'b'] },
          { type: 'ranking', name: 'rank', isRequired: true, choicesFromQuestion: 'cars', visibleIf: '{cars} notempty' },
          { type: 'text', name: 'carCopy', valueName: 'cars' },
        ],
      },
    ]);
    const renamed = renameElement(cars, { page: 0, indices: [0] }, 'fullName').doc;
    expect(renamed.completedHtml).toEqual({ default: '{fullName}, thank you', de: '{fullName}, danke' });
    expect(((renamed.pages as JsonObject[])[0]!.elements as JsonObject[]).slice(0, 2)).toMatchObject([
      { name: 'fullName' },
      { title: { default: '{fullName}, which cars?', de: '{fullName}, welche Autos?' } },
    ]);
  });
});
