import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import '#shared/survey-json/custom-properties';
import { listingMatchOptionsFor } from '#shared/matching/listing-match';
import { setElementProperty } from '#web/features/surveys/designer/element-operations';
import { formatSurveyJson, parseSurveyJson } from '#web/features/surveys/designer/json-text';
import type { SurveyJson } from '#web/features/surveys/designer/survey-json';

const STORED = JSON.stringify({
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'dropdown', name: 'budget', choices: [{ value: 5000000, text: 'Under ₹50 lakh' }] },
        { type: 'text', name: 'fullName' },
      ],
    },
  ],
});

function load(text: string): SurveyJson {
  const result = parseSurveyJson(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.doc;
}
const budget = { page: 0, indices: [0] };
const fullName = { page: 0, indices: [1] };

describe('designer: listingMatch and leadField round-trip', () => {
  it('sets them as the property panel does, keeps them through save, reload and survey-core, and removes them on "none"', () => {
    let doc = setElementProperty(load(STORED), budget, 'listingMatch', 'project.maxPrice');
    doc = setElementProperty(doc, fullName, 'leadField', 'name');
    const saved = JSON.stringify(doc);
    const reloaded = load(formatSurveyJson(load(saved)));
    expect(JSON.stringify(reloaded)).toBe(saved);

    const model = new Model(JSON.parse(saved));
    const json = model.toJSON() as { pages: Array<{ elements: Array<Record<string, unknown>> }> };
    expect(json.pages[0]!.elements[0]!.listingMatch).toBe('project.maxPrice');
    expect(json.pages[0]!.elements[1]!.leadField).toBe('name');

    const cleared = setElementProperty(setElementProperty(reloaded, budget, 'listingMatch', undefined), fullName, 'leadField', undefined);
    expect(JSON.stringify(cleared)).toBe(STORED);
  });

  it('offers only the values that fit the question', () => {
    expect(listingMatchOptionsFor('dropdown')).toContain('project.maxPrice');
    expect(listingMatchOptionsFor('text')).toEqual(['project.type', 'project.locality', 'product.keywords']);
    expect(listingMatchOptionsFor('text', 'number')).not.toContain('project.locality');
    expect(listingMatchOptionsFor('boolean')).toEqual([]);
  });
});
