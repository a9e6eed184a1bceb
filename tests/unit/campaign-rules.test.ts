import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, checkSurveyJson } from '#shared/surveys/campaigns.contract';
import { emailAddSchema } from '#shared/responses/responses.contract';
import { exportFileName } from '#shared/results/results.contract';
import { normaliseEmail } from '#shared/email';
import { questionNames, readSurvey } from '#shared/survey-json/survey-questions';
import { attachmentHeader } from '#server/lib/download';
import { DEMO_SURVEY } from '#server/features/surveys/campaigns.seed';
import { HOME_SURVEY } from '../factories/campaigns';

describe('question columns (survey-core)', () => {
  it('lists nested panel questions in order and treats dynamic panels and matrices as one answer', () => {
    const survey = {
      pages: [
        {
          elements: [
            { type: 'text', name: 'q1' },
            {
              type: 'panel',
              name: 'outer',
              elements: [
                { type: 'radiogroup', name: 'q2', choices: ['a'] },
                { type: 'panel', name: 'inner', elements: [{ type: 'boolean', name: 'q3' }] },
              ],
            },
            { type: 'paneldynamic', name: 'family', templateElements: [{ type: 'text', name: 'member' }] },
            { type: 'matrixdropdown', name: 'rooms', rows: ['a'], columns: [{ name: 'size' }] },
            { type: 'html', name: 'note', html: '<b>hi</b>' },
            { type: 'image', name: 'photo' },
            { type: 'expression', name: 'score', expression: '1 + 1' },
          ],
        },
        { elements: [{ type: 'comment', name: 'q4', visibleIf: '{q1} = 1' }] },
      ],
    };
    expect(questionNames(survey)).toEqual(['q1', 'q2', 'q3', 'family', 'rooms', 'score', 'q4']);
  });

  it('agrees with the formatter on which questions a survey has', () => {
    for (const survey of [HOME_SURVEY, DEMO_SURVEY]) {
      expect(readSurvey(survey).questions.map((q) => q.name)).toEqual(questionNames(survey));
    }
  });

  it('drops element types SurveyJS does not know', () => {
    expect(
      questionNames({
        elements: [
          { type: 'not-a-type', name: 'x' },
          { type: 'text', name: 'y' },
        ],
      }),
    ).toEqual(['y']);
  });
});

describe('survey definition check', () => {
  it.each([
    ['{"elements":[{"type":"text","name":"a"}]}', true],
    ['{"pages":[{"elements":[{"type":"panel","elements":[{"type":"text","name":"a"}]}]}]}', true],
    ['{"pages":[{"questions":[{"type":"text","name":"a"}]}]}', true],
    ['{"pages":[{"elements":[{"type":"panel","elements":[{"type":"panel","elements":[]}]}]}]}', false],
    ['{"pages":[{"elements":[]},{"elements":[{"type":"text","name":"a"}]}]}', false],
    ['{"pages":[{"elements":[{"name":"no type"}]}]}', false],
    ['{"pages":["not a page"]}', false],
    // As the survey-JSON module reads a survey: html and image hold no answer; types in any case.
    [
      '{"pages":[{"elements":[{"type":"html","name":"h","html":"<p>Welcome</p>"},{"type":"image","name":"i"}]},{"elements":[{"type":"text","name":"a"}]}]}',
      false,
    ],
    ['{"elements":[{"type":"Panel","elements":[{"type":"HTML","name":"h"}]}]}', false],
    ['{"elements":[{"type":"Panel","elements":[{"type":"Text","name":"a"}]}]}', true],
  ])('%s → %s', (text, ok) => {
    expect(checkSurveyJson(text).ok).toBe(ok);
  });

  it('tells invalid JSON and non-objects apart from an empty first page', () => {
    expect(checkSurveyJson('{')).toEqual({ ok: false, message: CAMPAIGN_MESSAGES.questionsNotJson });
    expect(checkSurveyJson('"text"')).toEqual({ ok: false, message: CAMPAIGN_MESSAGES.questionsNotObject });
    expect(checkSurveyJson('  ')).toEqual({ ok: false, message: CAMPAIGN_MESSAGES.questionsRequired });
  });
});

describe('e-mail input', () => {
  it('trims and lower-cases the domain only', () => {
    expect(normaliseEmail('  Asha.Rao@Example.COM ')).toBe('Asha.Rao@example.com');
    expect(emailAddSchema.parse({ email: ' A@B.CO ' })).toEqual({ email: 'A@b.co', campaignid: null });
    expect(emailAddSchema.parse({ email: 'a@b.co', campaignid: ' ' })).toEqual({ email: 'a@b.co', campaignid: null });
  });
});

describe('export file', () => {
  it('names the file <campaign>-YYYYMMDD-HHmmss.xlsx without characters a file system refuses', () => {
    // 03:35:07 UTC is 09:05:07 on the studio's clock (Asia/Kolkata), whatever zone runs the code.
    const at = new Date(Date.UTC(2026, 10, 22, 3, 35, 7));
    expect(exportFileName('Find your dream home', at, 'Asia/Kolkata')).toBe('Find your dream home-20261122-090507.xlsx');
    expect(exportFileName('a/b\\c:d*e?"f"<g>|h', at, 'Asia/Kolkata')).toBe('a b c d e f g h-20261122-090507.xlsx');
    expect(exportFileName('...', at, 'Asia/Kolkata')).toBe('campaign-20261122-090507.xlsx');
    // 20:09 UTC on 28 Nov is already 29 Nov in India.
    expect(exportFileName('Late', new Date('2026-11-28T20:09:00Z'), 'Asia/Kolkata')).toBe('Late-20261129-013900.xlsx');
  });

  it('sends an ASCII filename and the exact one as filename*', () => {
    expect(attachmentHeader('Décor ₹ "quiz".xlsx')).toBe(
      `attachment; filename="Decor  _quiz_.xlsx"; filename*=UTF-8''D%C3%A9cor%20%E2%82%B9%20%22quiz%22.xlsx`,
    );
  });
});
