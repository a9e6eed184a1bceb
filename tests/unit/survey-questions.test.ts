import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellText, parseAnswers, plainCell, questionNames, readSurvey } from '#shared/survey-json/survey-questions';

function format(question: object, answers: Record<string, unknown>) {
  const [column] = readSurvey({ elements: [question] }).columns;
  return column!.format(answers);
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/surveys/${name}.json`, import.meta.url), 'utf8');

describe('answer formatting', () => {
  it('turns choice values into their texts, in every way SurveyJS writes choices', () => {
    const q = {
      type: 'radiogroup',
      name: 'kind',
      choices: [{ value: 'apt', text: 'Apartment' }, 'villa|Villa', 3, { value: 'loc', text: { default: 'Plot', fr: 'Terrain' } }, 'plain'],
    };
    expect(format(q, { kind: 'apt' })).toBe('Apartment');
    expect(format(q, { kind: 'villa' })).toBe('Villa');
    expect(format(q, { kind: 3 })).toBe('3');
    expect(format(q, { kind: 'loc' })).toBe('Plot');
    expect(format(q, { kind: 'plain' })).toBe('plain');
    expect(format(q, { kind: 'unknown' })).toBe('unknown');
    expect(format(q, {})).toBeNull();
  });

  it('shows the visitor\'s own text for "other", and the none item', () => {
    const q = { type: 'checkbox', name: 'areas', choices: ['Indiranagar'], showOtherItem: true, otherText: 'Somewhere else', showNoneItem: true };
    expect(format(q, { areas: ['Indiranagar', 'other'], 'areas-Comment': ' Near the lake ' })).toBe('Indiranagar, Somewhere else: Near the lake');
    expect(format(q, { areas: ['other'] })).toBe('Somewhere else');
    expect(format(q, { areas: ['none'] })).toBe('None');
    expect(format(q, { areas: [] })).toBeNull();
  });

  it('joins arrays (checkbox, tagbox, ranking) with ", " in the visitor\'s order', () => {
    const choices = [
      { value: 'a', text: 'Gym' },
      { value: 'b', text: 'Pool' },
    ];
    expect(format({ type: 'tagbox', name: 't', choices }, { t: ['b', 'a'] })).toBe('Pool, Gym');
    expect(format({ type: 'ranking', name: 'r', choices }, { r: ['a', 'b'] })).toBe('Gym, Pool');
  });

  it('writes booleans as Yes/No, custom true and false values included', () => {
    expect(format({ type: 'boolean', name: 'b' }, { b: true })).toBe('Yes');
    expect(format({ type: 'boolean', name: 'b' }, { b: false })).toBe('No');
    expect(format({ type: 'boolean', name: 'b', valueTrue: 'agree', valueFalse: 'disagree' }, { b: 'disagree' })).toBe('No');
    expect(format({ type: 'boolean', name: 'b' }, {})).toBeNull();
  });

  it('writes a matrix as "row: column; …" in the definition\'s row order', () => {
    const q = {
      type: 'matrix',
      name: 'm',
      rows: [{ value: 'k', text: 'Kitchen' }, 'bath'],
      columns: [
        { value: 1, text: 'Must have' },
        { value: 2, text: 'Nice' },
      ],
    };
    expect(format(q, { m: { bath: 2, k: 1 } })).toBe('Kitchen: Must have; bath: Nice');
    expect(format(q, { m: { extra: 1 } })).toBe('extra: Must have');
  });

  it('writes dropdown and dynamic matrices with column titles and cell choice texts', () => {
    const columns = [
      { name: 'size', title: 'Size', cellType: 'dropdown', choices: [{ value: 's', text: 'Small' }] },
      { name: 'ok', title: 'OK?', cellType: 'boolean' },
    ];
    expect(format({ type: 'matrixdropdown', name: 'md', rows: [{ value: 'r1', text: 'Bedroom' }], columns }, { md: { r1: { size: 's', ok: true } } })).toBe(
      'Bedroom: Size = Small, OK? = Yes',
    );
    expect(format({ type: 'matrixdynamic', name: 'mx', columns }, { mx: [{ size: 's' }, {}, { ok: false }] })).toBe('Row 1: Size = Small; Row 3: OK? = No');
  });

  it('writes dynamic panels with their template questions, multiple text and files', () => {
    const panel = {
      type: 'paneldynamic',
      name: 'family',
      templateElements: [
        { type: 'text', name: 'who', title: 'Who' },
        { type: 'boolean', name: 'kid' },
      ],
    };
    expect(format(panel, { family: [{ who: 'Asha', kid: false }, { who: 'Ravi' }] })).toBe('Panel 1: Who: Asha, kid: No; Panel 2: Who: Ravi');
    expect(format({ type: 'multipletext', name: 'mt', items: [{ name: 'w', title: 'Width' }, { name: 'h' }] }, { mt: { h: 3, w: 4 } })).toBe('Width: 4; h: 3');
    expect(format({ type: 'file', name: 'f' }, { f: [{ name: 'plan.pdf', content: 'data:…' }] })).toBe('plan.pdf');
    expect(format({ type: 'signaturepad', name: 's' }, { s: 'data:image/png;base64,AAAA' })).toBe('signed');
  });

  it('keeps dates as dates and numbers as numbers', () => {
    expect(format({ type: 'text', name: 'd', inputType: 'date' }, { d: '2027-03-15' })).toEqual(new Date(Date.UTC(2027, 2, 15)));
    expect(format({ type: 'text', name: 'd', inputType: 'datetime-local' }, { d: '2027-03-15T10:30' })).toEqual(new Date(Date.UTC(2027, 2, 15, 10, 30)));
    expect(format({ type: 'text', name: 'd', inputType: 'date' }, { d: 'soon' })).toBe('soon');
    expect(format({ type: 'text', name: 'n', inputType: 'number' }, { n: '42' })).toBe(42);
    expect(format({ type: 'rating', name: 'r' }, { r: 4 })).toBe(4);
    expect(format({ type: 'rating', name: 'r', rateValues: [{ value: 1, text: '1 BHK' }] }, { r: 1 })).toBe('1 BHK');
  });

  it('reads the answer under valueName when the question has one', () => {
    expect(format({ type: 'text', name: 'q', valueName: 'shared' }, { shared: 'x', q: 'ignored' })).toBe('x');
  });

  it('makes any other value readable', () => {
    expect(plainCell({ a: 1, b: [true, 'x'], c: null })).toBe('a: 1; b: Yes, x');
    expect(plainCell('')).toBeNull();
    expect(cellText(new Date(Date.UTC(2027, 0, 2)))).toBe('2027-01-02');
    expect(cellText(new Date(Date.UTC(2027, 0, 2, 9, 5)))).toBe('2027-01-02 09:05');
    expect(cellText(null)).toBe('');
  });
});

describe('survey questions and answer columns', () => {
  it('lists questions in order with titles, looking into panels and skipping content elements', () => {
    const survey = {
      pages: [
        {
          elements: [
            { type: 'html', name: 'h' },
            {
              type: 'panel',
              name: 'p',
              elements: [
                { type: 'text', name: 'a', title: 'First' },
                { type: 'panel', name: 'p2', elements: [{ type: 'text', name: 'b' }] },
              ],
            },
          ],
        },
        { questions: [{ type: 'comment', name: 'c', title: { default: 'Third', de: 'Dritte' } }] },
      ],
    };
    expect(readSurvey(JSON.stringify(survey)).questions.map((q) => [q.name, q.title, q.type])).toEqual([
      ['a', 'First', 'text'],
      ['b', 'b', 'text'],
      ['c', 'Third', 'comment'],
    ]);
    expect(readSurvey('not json').questions).toEqual([]);
    expect(questionNames(JSON.stringify(survey))).toEqual(['a', 'b', 'c']);
  });

  it('keeps a question named "price, INR" as one column with its answer', () => {
    const { columns } = readSurvey(fixture('price-comma'));
    expect(columns.map((c) => c.title)).toEqual(['price, INR', 'Phone', 'Anything else?']);
    expect(columns[0]!.format({ 'price, INR': 4500000 })).toBe(4500000);
  });

  it('gives comment boxes and calculated values marked for the result their own readable columns', () => {
    const { columns } = readSurvey(fixture('comments-calculated'));
    expect(columns.map((c) => [c.title, c.kind])).toEqual([
      ['Bedrooms', 'question'],
      ['Bedrooms — comment', 'comment'],
      ['Bathrooms', 'question'],
      ['Bathrooms — comment', 'comment'],
      ['Garden', 'question'],
      ['Signature', 'question'],
      ['totale', 'calculated'],
    ]);
    const answers = {
      bedrooms: 3,
      'bedrooms-Comment': 'One for guests',
      bathrooms: 2,
      'bathrooms-Comment': 'Ensuite',
      garden: false,
      signature: 'data:image/png;base64,AAAA',
      totale: 5,
    };
    expect(columns.map((c) => c.format(answers))).toEqual(['3', 'One for guests', 2, 'Ensuite', 'No garden', 'signed', 5]);
    expect(columns[4]!.format({ garden: true })).toBe('With garden');
  });

  it('reads a survey with "locale": "de" in German, the default text as fallback, and in the visitor\'s locale when given', () => {
    const german = readSurvey(fixture('german'));
    expect(german.locale).toBe('de');
    expect(german.columns.map((c) => c.title)).toEqual(['Welche Art von Zuhause?', 'City']);
    expect(german.columns[0]!.format({ kind: 'flat' })).toBe('Wohnung');
    expect(german.columns[0]!.format({ kind: 'villa' })).toBe('Villa');
    const english = readSurvey(fixture('german'), { locale: 'en' });
    expect(english.columns[0]!.title).toBe('What kind of home?');
    expect(english.columns[0]!.format({ kind: 'flat' })).toBe('Apartment');
  });

  it('recognises "Paneldynamic" in any case and nests a matrix inside it so each row is clearly its panel\'s', () => {
    const { questions, columns } = readSurvey(fixture('family-history'));
    expect(questions.map((q) => [q.name, q.type, q.title])).toEqual([['relatives', 'paneldynamic', 'Family history']]);
    const answers = {
      relatives: [
        { relative: 'Mother', illnesses: [{ illness: 'Diabetes', since: '2010' }, { illness: 'Asthma' }] },
        { relative: 'Father', illnesses: [{ illness: 'Illness X' }] },
      ],
    };
    expect(columns[0]!.format(answers)).toBe(
      'Panel 1: Relative: Mother, Illnesses: [Row 1: Illness = Diabetes, Since = 2010; Row 2: Illness = Asthma]; Panel 2: Relative: Father, Illnesses: [Row 1: Illness = Illness X]',
    );
  });

  it('parses stored answers, and anything that is not an object is no answers', () => {
    expect(parseAnswers('{"a":1}')).toEqual({ a: 1 });
    expect(parseAnswers('[1]')).toEqual({});
    expect(parseAnswers('nope')).toEqual({});
  });
});

describe('file answers', () => {
  it('give the uploaded files they refer to, and leave out files kept inside the answer', async () => {
    const { fileRefs, readSurvey } = await import('#shared/survey-json/survey-questions');
    const { surveyFileIdOf } = await import('#shared/responses/survey-files.contract');
    expect(surveyFileIdOf('/api/campaign/file/abc%20d')).toBe('abc d');
    expect(surveyFileIdOf('data:image/png;base64,AAAA')).toBeNull();
    expect(surveyFileIdOf('/api/campaign/file/a/link')).toBeNull();
    expect(surveyFileIdOf(42)).toBeNull();
    const value = [
      { name: 'plan.pdf', type: 'application/pdf', content: '/api/campaign/file/f1' },
      { name: 'old.png', type: 'image/png', content: 'data:image/png;base64,AAAA' },
      { content: '/api/campaign/file/f2' },
      'not a file',
    ];
    expect(fileRefs(value)).toEqual([
      { fileId: 'f1', name: 'plan.pdf', type: 'application/pdf' },
      { fileId: 'f2', name: 'file', type: '' },
    ]);
    expect(fileRefs(undefined)).toEqual([]);
    expect(fileRefs({ name: 'one.png', type: 'image/png', content: '/api/campaign/file/f3' })).toEqual([{ fileId: 'f3', name: 'one.png', type: 'image/png' }]);

    const reading = readSurvey({
      elements: [
        { type: 'file', name: 'plans' },
        { type: 'text', name: 'city' },
      ],
    });
    const [plans, city] = reading.columns;
    expect(plans!.files!({ plans: value })).toHaveLength(2);
    expect(plans!.format({ plans: value })).toBe('plan.pdf, old.png, content: /api/campaign/file/f2, not a file');
    expect(city!.files).toBeUndefined();
  });
});
