import { describe, expect, it } from 'vitest';
import { CAMPAIGN_QUESTIONS_REQUIRED, CAMPAIGN_TITLE_REQUIRED, countQuestions, firstPageHasQuestion, validateCampaign } from '../../src/web/features/campaigns/designer/validate-campaign';

const withQuestion = JSON.stringify({ pages: [{ name: 'p', elements: [{ type: 'text', name: 'q' }] }] });

describe('campaign checks before saving', () => {
  it('uses the specification messages', () => {
    expect(CAMPAIGN_TITLE_REQUIRED).toBe('Please provide campaign title');
    expect(CAMPAIGN_QUESTIONS_REQUIRED).toBe('Please add questions to the campaign');
  });

  it('requires a title that is not just spaces', () => {
    expect(validateCampaign({ name: '  ', questions: withQuestion })).toEqual([{ field: 'name', message: CAMPAIGN_TITLE_REQUIRED }]);
    expect(validateCampaign({ name: 'Spring homes', questions: withQuestion })).toEqual([]);
  });

  it('requires a question on the first page (inside a panel counts, an empty panel does not)', () => {
    const empty = JSON.stringify({ pages: [{ name: 'p', elements: [] }, { name: 'p2', elements: [{ type: 'text', name: 'q' }] }] });
    expect(validateCampaign({ name: 'x', questions: empty })).toEqual([{ field: 'questions', message: CAMPAIGN_QUESTIONS_REQUIRED }]);
    expect(firstPageHasQuestion(JSON.stringify({ pages: [{ elements: [{ type: 'panel', name: 'b', elements: [] }] }] }))).toBe(false);
    expect(firstPageHasQuestion(JSON.stringify({ pages: [{ elements: [{ type: 'panel', name: 'b', elements: [{ type: 'boolean', name: 'q' }] }] }] }))).toBe(true);
    expect(firstPageHasQuestion(JSON.stringify({ elements: [{ type: 'text', name: 'q' }] }))).toBe(true);
    expect(firstPageHasQuestion(JSON.stringify({ pages: [] }))).toBe(false);
    expect(firstPageHasQuestion('not json')).toBe(false);
    expect(firstPageHasQuestion('[1]')).toBe(false);
  });

  it('reports both problems at once', () => {
    expect(validateCampaign({ name: '', questions: '{}' }).map((e) => e.field)).toEqual(['name', 'questions']);
  });

  it('counts questions, not panels', () => {
    expect(countQuestions({ pages: [{ elements: [{ type: 'panel', name: 'b', elements: [{ type: 'text', name: 'q' }] }, { type: 'text', name: 'r' }] }] })).toBe(2);
  });
});
