import { describe, expect, it } from 'vitest';
import { brokenReferences, definedNames, findReferences, mentionsRenameCannotFollow, renameReferences } from '#shared/survey-json/references';

/** The reproductions: a ranking fed by `car`, a greeting that uses `{name}` in two locales. */
const carSurvey = () => ({
  locale: 'de',
  completedHtml: { default: '<p>Thanks, {name}!</p>', de: '<p>Danke, {name}!</p>' },
  calculatedValues: [{ name: 'carCount', expression: 'count({car})', includeIntoResult: true }],
  triggers: [
    { type: 'copyvalue', expression: '{car} notempty', fromName: 'car', setToName: 'favourite' },
    { type: 'skip', expression: '{name} empty', gotoName: 'name' },
  ],
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'name', title: 'Your name' },
        { type: 'checkbox', name: 'car', title: { default: '{name}, which cars?', de: '{name}, welche Autos?' }, choices: ['Ford', 'Fiat'] },
        { type: 'ranking', name: 'rank', isRequired: true, choicesFromQuestion: 'car', choicesFromQuestionMode: 'selected', visibleIf: '{car.length} > 1' },
        { type: 'text', name: 'favourite', valueName: 'car-alias' },
        { type: 'comment', name: 'why', visibleIf: '{CAR} notempty and {car-Comment} empty', description: 'About {car[0]}' },
        { type: 'html', name: 'style', html: '<style>.a{color:red}</style><b>{ name }</b>' },
      ],
    },
  ],
});

describe('survey references', () => {
  it('finds names in conditions, expressions, trigger and carry-forward properties, and text in every locale', () => {
    const refs = findReferences(carSurvey()).map((r) => `${r.kind} ${r.name} @ ${r.where}`);
    expect(refs).toEqual([
      'text name @ completedHtml (default)',
      'text name @ completedHtml (de)',
      'expression car @ calculated value "carCount" › expression',
      'expression car @ trigger 1 › expression',
      'property car @ trigger 1 › fromName',
      'property favourite @ trigger 1 › setToName',
      'expression name @ trigger 2 › expression',
      'property name @ trigger 2 › gotoName',
      'text name @ page "p1" › question "car" › title (default)',
      'text name @ page "p1" › question "car" › title (de)',
      'property car @ page "p1" › question "rank" › choicesFromQuestion',
      'expression car @ page "p1" › question "rank" › visibleIf',
      'property car-alias @ page "p1" › question "favourite" › valueName',
      'expression CAR @ page "p1" › question "why" › visibleIf',
      'expression car @ page "p1" › question "why" › visibleIf',
      'text car @ page "p1" › question "why" › description',
      'text name @ page "p1" › question "style" › html',
    ]);
  });

  it('renames every reference: conditions, expressions, triggers, choicesFromQuestion, valueName and {name} in every locale', () => {
    const before = carSurvey();
    before.pages[0]!.elements.push({ type: 'text', name: 'car2', valueName: 'car' });
    const { survey, updated } = renameReferences(before, 'car', 'cars');
    expect(survey.calculatedValues[0]!.expression).toBe('count({cars})');
    expect(survey.triggers[0]).toEqual({ type: 'copyvalue', expression: '{cars} notempty', fromName: 'cars', setToName: 'favourite' });
    const [, , rank, , why, , shared] = survey.pages[0]!.elements as Array<Record<string, unknown>>;
    expect(rank).toMatchObject({ choicesFromQuestion: 'cars', visibleIf: '{cars.length} > 1' });
    expect(why).toMatchObject({ visibleIf: '{cars} notempty and {cars-Comment} empty', description: 'About {cars[0]}' });
    expect(shared).toEqual({ type: 'text', name: 'car2', valueName: 'cars' });
    expect(updated).toHaveLength(9);
    // The element names themselves are the caller's to change; the input is not modified.
    expect(survey.pages[0]!.elements[1]!.name).toBe('car');
    expect(before.pages[0]!.elements[2]!.choicesFromQuestion).toBe('car');
  });

  it('renames {name} placeholders in titles, html and completedHtml in every locale, and leaves CSS alone', () => {
    const { survey } = renameReferences(carSurvey(), 'name', 'fullName');
    expect(survey.completedHtml).toEqual({ default: '<p>Thanks, {fullName}!</p>', de: '<p>Danke, {fullName}!</p>' });
    expect(survey.pages[0]!.elements[1]!.title).toEqual({ default: '{fullName}, which cars?', de: '{fullName}, welche Autos?' });
    expect(survey.pages[0]!.elements[5]!.html).toBe('<style>.a{color:red}</style><b>{ fullName }</b>');
    expect(survey.triggers[1]).toEqual({ type: 'skip', expression: '{fullName} empty', gotoName: 'fullName' });
  });

  it('does not touch longer names that start with the old one, nor SurveyJS variables', () => {
    const doc = {
      elements: [
        { type: 'text', name: 'a' },
        { type: 'text', name: 'ab', visibleIf: '{ab} = 1 and {a.x} = 2 and {row.a} = 3 and {panel.a} = 4', title: '{abc} {pageno}' },
      ],
    };
    const { survey } = renameReferences(doc, 'a', 'z');
    expect(survey.elements[1]).toEqual({
      type: 'text',
      name: 'ab',
      visibleIf: '{ab} = 1 and {z.x} = 2 and {row.a} = 3 and {panel.z} = 4',
      title: '{abc} {pageno}',
    });
  });

  it('follows the names a visible trigger lists, and reports one that is gone', () => {
    const doc = {
      triggers: [{ type: 'visible', expression: '{a} = 1', questions: ['b', 'c'] }],
      elements: [
        { type: 'text', name: 'a' },
        { type: 'text', name: 'b' },
      ],
    };
    expect(renameReferences(doc, 'b', 'bee').survey.triggers[0]!.questions).toEqual(['bee', 'c']);
    expect(brokenReferences(doc).map((r) => `${r.name} @ ${r.where}`)).toEqual(['c @ trigger 1 › questions']);
  });

  it('returns the same object when nothing refers to the name', () => {
    const doc = carSurvey();
    const { survey, updated } = renameReferences(doc, 'favourite2', 'x');
    expect(survey).toBe(doc);
    expect(updated).toEqual([]);
  });

  it('knows the names a survey defines: elements, panels, dynamic panel templates, shared values, calculated values, trigger variables', () => {
    const names = definedNames({
      calculatedValues: [{ name: 'Total', expression: '1' }],
      triggers: [{ type: 'setvalue', expression: '{a} = 1', setToName: 'flag' }],
      pages: [{ name: 'p', elements: [{ type: 'paneldynamic', name: 'kids', templateElements: [{ type: 'text', name: 'age', valueName: 'kidAge' }] }] }],
    });
    expect([...names].sort()).toEqual(['age', 'flag', 'kidage', 'kids', 'p', 'total']);
  });

  it('lists references that point at no question, and none in a sound survey', () => {
    expect(brokenReferences(carSurvey())).toEqual([]);
    const broken = carSurvey();
    broken.pages[0]!.elements[1]!.name = 'cars';
    broken.pages[0]!.elements[0]!.name = 'fullName';
    expect(brokenReferences(broken).map((r) => `${r.name} @ ${r.where}`)).toEqual([
      'name @ completedHtml (default)',
      'name @ completedHtml (de)',
      'car @ calculated value "carCount" › expression',
      'car @ trigger 1 › expression',
      'car @ trigger 1 › fromName',
      'name @ trigger 2 › expression',
      'name @ trigger 2 › gotoName',
      'name @ page "p1" › question "cars" › title (default)',
      'name @ page "p1" › question "cars" › title (de)',
      'car @ page "p1" › question "rank" › choicesFromQuestion',
      'car @ page "p1" › question "rank" › visibleIf',
      'CAR @ page "p1" › question "why" › visibleIf',
      'car @ page "p1" › question "why" › visibleIf',
      'car @ page "p1" › question "why" › description',
      'name @ page "p1" › question "style" › html',
    ]);
  });

  it('accepts SurveyJS variables, row and panel scopes, comments, calculated values and trigger variables', () => {
    const doc = {
      calculatedValues: [{ name: 'total', expression: '{m.length}' }],
      triggers: [{ type: 'setvalue', expression: '{q} = 1', setToName: 'flag' }],
      completedHtml: '{total} {flag} {pageno}/{pagecount} {locale} <style>p{margin:0}</style> {q-Comment}',
      pages: [
        {
          elements: [
            { type: 'text', name: 'q', showCommentArea: true },
            { type: 'matrixdynamic', name: 'm', columns: [{ name: 'c', visibleIf: '{row.c} > 1 and {rowIndex} > 1' }] },
            {
              type: 'paneldynamic',
              name: 'kids',
              templateTitle: 'Child {panelIndex}',
              templateElements: [{ type: 'text', name: 'age', visibleIf: '{panel.age} > 1 and {parentPanel.q} = 1' }],
            },
            { type: 'checkbox', name: 'pick', choicesVisibleIf: '{item} != {q}', choices: [{ value: 'a', visibleIf: '{flag} = 1' }] },
          ],
        },
      ],
    };
    expect(brokenReferences(doc)).toEqual([]);
  });

  it('names what a rename cannot follow: quoted names in expressions and unknown properties holding the name', () => {
    const doc = {
      pages: [
        {
          name: 'p',
          elements: [
            { type: 'text', name: 'car', title: 'car', crmField: 'car', choices: ['car'] },
            { type: 'expression', name: 'n', expression: "countInArray({m}, 'car')" },
          ],
        },
      ],
    };
    expect(mentionsRenameCannotFollow(doc, 'car').map((r) => r.where)).toEqual([
      'page "p" › question "car" › crmField',
      'page "p" › question "n" › expression',
    ]);
  });
});
