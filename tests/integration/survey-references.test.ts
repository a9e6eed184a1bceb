import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';
import { campaignName } from '../factories/campaigns';

/** The reproduction: `car` renamed to `cars` while the ranking and the greeting still name the old ones. */
const survey = (carName: string, nameName: string) =>
  JSON.stringify({
    completedHtml: { default: 'Thanks, {name}!', de: 'Danke, {name}!' },
    pages: [
      {
        name: 'p1',
        elements: [
          { type: 'text', name: nameName },
          { type: 'checkbox', name: carName, choices: ['Ford', 'Fiat'] },
          { type: 'ranking', name: 'rank', isRequired: true, choicesFromQuestion: 'car', choicesFromQuestionMode: 'selected', visibleIf: '{car} notempty' },
        ],
      },
    ],
  });

const BROKEN = [
  { field: 'questions', message: 'completedHtml (default) names "name", which is not in the survey.' },
  { field: 'questions', message: 'completedHtml (de) names "name", which is not in the survey.' },
  { field: 'questions', message: 'page "p1" › question "rank" › choicesFromQuestion names "car", which is not in the survey.' },
  { field: 'questions', message: 'page "p1" › question "rank" › visibleIf names "car", which is not in the survey.' },
];

describeEachDatabase('survey references on save', (ctx) => {
  describe('POST /api/campaign/add and /api/campaign/update/:id', () => {
    it('refuses a survey whose references point at no question (400 VALIDATION, each broken reference listed)', async () => {
      const res = await ctx.asStaff({
        method: 'POST',
        url: '/api/campaign/add',
        payload: { name: campaignName('Cars'), questions: survey('cars', 'fullName') },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The survey names questions it does not have. Fix each reference listed, then save again.',
        code: 'VALIDATION',
        errors: BROKEN,
      });
      const list = await ctx.asStaff({ method: 'GET', url: '/api/campagin/all' });
      expect(list.json<Array<{ name: string }>>().some((c) => c.name.includes('Cars'))).toBe(false);
    });

    it('saves the same survey when every reference names a question, and refuses an update that breaks one', async () => {
      const name = campaignName('Cars');
      const created = await ctx.asStaff({ method: 'POST', url: '/api/campaign/add', payload: { name, questions: survey('car', 'name') } });
      expect(created.statusCode).toBe(201);
      const id = created.json<{ _id: string }>()._id;

      const update = await ctx.asStaff({ method: 'POST', url: `/api/campaign/update/${id}`, payload: { name, questions: survey('cars', 'fullName') } });
      expect(update.statusCode).toBe(400);
      expect(update.json()).toMatchObject({ code: 'VALIDATION', errors: BROKEN });
      const stored = await ctx.asStaff({ method: 'GET', url: `/api/campagin/edit/${id}` });
      expect(stored.json<{ questions: string }>().questions).toBe(survey('car', 'name'));
    });
  });
});
