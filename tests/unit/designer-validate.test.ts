import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, CAMPAIGN_NAME_MAX } from '#shared/surveys/campaigns.contract';
import { countQuestions, validateCampaign } from '#web/features/surveys/designer/validate-campaign';

const withQuestion = JSON.stringify({ pages: [{ name: 'p', elements: [{ type: 'text', name: 'q' }] }] });
const questions = (elements: unknown[]) => JSON.stringify({ pages: [{ name: 'p', elements }] });

describe('campaign checks before saving', () => {
  it('requires a title that is not just spaces, with the specification message', () => {
    expect(validateCampaign({ name: '  ', questions: withQuestion })).toEqual([{ field: 'name', message: 'Please provide campaign title' }]);
    expect(validateCampaign({ name: 'Spring homes', questions: withQuestion })).toEqual([]);
  });

  it('allows the title length the server allows, not more', () => {
    expect(validateCampaign({ name: 'x'.repeat(CAMPAIGN_NAME_MAX), questions: withQuestion })).toEqual([]);
    expect(validateCampaign({ name: 'x'.repeat(CAMPAIGN_NAME_MAX + 1), questions: withQuestion })).toEqual([
      { field: 'name', message: CAMPAIGN_MESSAGES.titleTooLong },
    ]);
  });

  it('requires a question on the first page (inside a panel counts, an empty panel does not)', () => {
    const empty = JSON.stringify({
      pages: [
        { name: 'p', elements: [] },
        { name: 'p2', elements: [{ type: 'text', name: 'q' }] },
      ],
    });
    const required = [{ field: 'questions', message: 'Please add questions to the campaign' }];
    expect(validateCampaign({ name: 'x', questions: empty })).toEqual(required);
    expect(validateCampaign({ name: 'x', questions: questions([{ type: 'panel', name: 'b', elements: [] }]) })).toEqual(required);
    expect(validateCampaign({ name: 'x', questions: questions([{ type: 'panel', name: 'b', elements: [{ type: 'boolean', name: 'q' }] }]) })).toEqual([]);
    expect(validateCampaign({ name: 'x', questions: JSON.stringify({ elements: [{ type: 'text', name: 'q' }] }) })).toEqual([]);
    expect(validateCampaign({ name: 'x', questions: JSON.stringify({ pages: [] }) })).toEqual(required);
    expect(validateCampaign({ name: 'x', questions: 'not json' }).map((e) => e.field)).toEqual(['questions']);
    expect(validateCampaign({ name: 'x', questions: '[1]' }).map((e) => e.field)).toEqual(['questions']);
  });

  it('reports both problems at once', () => {
    expect(validateCampaign({ name: '', questions: '{}' }).map((e) => e.field)).toEqual(['name', 'questions']);
  });

  it('counts questions, not panels, html or image elements', () => {
    expect(
      countQuestions({
        pages: [
          {
            elements: [
              {
                type: 'panel',
                name: 'b',
                elements: [
                  { type: 'text', name: 'q' },
                  { type: 'image', name: 'pic' },
                ],
              },
              { type: 'text', name: 'r' },
              { type: 'html', name: 'intro' },
              { type: 'HTML', name: 'intro2' },
            ],
          },
        ],
      }),
    ).toBe(2);
  });
});
