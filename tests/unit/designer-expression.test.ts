import { describe, expect, it } from 'vitest';
import { checkExpression } from '#web/features/surveys/designer/expression-check';
import type { SurveyJson } from '#web/features/surveys/designer/survey-json';

const doc: SurveyJson = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'age', inputType: 'number' },
        { type: 'panel', name: 'box', elements: [{ type: 'radiogroup', name: 'city', choices: ['Pune', 'Goa'] }] },
      ],
    },
    { name: 'p2', elements: [{ type: 'comment', name: 'why' }] },
  ],
  calculatedValues: [{ name: 'adult', expression: '{age} >= 18' }],
};

const severities = (expression: string) => checkExpression(doc, expression, { kind: 'element', name: 'why' }).map((p) => p.severity);

describe('visibleIf checks (survey-core parser)', () => {
  it('accepts valid conditions on questions, nested questions and calculated values', () => {
    for (const expression of [
      "{age} > 18 and {city} = 'Pune'",
      '{city} notempty',
      '{adult} = true',
      "{city} anyof ['Pune', 'Goa']",
      'age({age}) > 1',
      '',
      '   ',
    ]) {
      expect(checkExpression(doc, expression, { kind: 'element', name: 'why' }), expression).toEqual([]);
    }
  });

  it('rejects syntax errors and says where', () => {
    expect(checkExpression(doc, '{age} > ')).toEqual([{ severity: 'error', message: 'This condition is not valid: check the syntax at the end.' }]);
    expect(checkExpression(doc, "{age} > 1 and and {city} = 'Goa'")[0]).toMatchObject({
      severity: 'error',
      message: expect.stringMatching(/at character \d+/),
    });
    expect(severities("{city} = 'Goa")).toEqual(['error']);
  });

  it('warns about unknown names and functions and conditions that never change', () => {
    expect(checkExpression(doc, '{agee} > 18', { kind: 'element', name: 'why' })).toEqual([
      { severity: 'warning', message: 'Nothing in this survey is named "agee".' },
    ]);
    expect(checkExpression(doc, 'nosuchfn({age})', { kind: 'element', name: 'why' })).toEqual([
      { severity: 'warning', message: '"nosuchfn" is not a known function.' },
    ]);
    expect(severities('1 = 1')).toEqual(['warning']);
  });

  it('checks a page condition in the context of that page', () => {
    expect(checkExpression(doc, '{why} empty', { kind: 'page', name: 'p2' })).toEqual([]);
    expect(checkExpression(doc, '{city} = ', { kind: 'page', name: 'p2' })[0]?.severity).toBe('error');
  });

  it('never changes the document it checks', () => {
    const before = JSON.stringify(doc);
    checkExpression(doc, '{age} > 1', { kind: 'element', name: 'age' });
    expect(JSON.stringify(doc)).toBe(before);
  });
});
