import { Model, Serializer } from 'survey-core';
import { describe, expect, it } from 'vitest';
import '#shared/survey-json/custom-properties';
import { readSurvey } from '#shared/survey-json/survey-questions';

const definition = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'fullName', leadField: 'name' },
        { type: 'text', name: 'mobile', inputType: 'tel', leadField: 'phone' },
        {
          type: 'radiogroup',
          name: 'bedrooms',
          listingMatch: 'project.bedrooms',
          choices: [
            { value: 2, text: '2 BHK' },
            { value: 3, text: '3 BHK' },
          ],
        },
        { type: 'panel', name: 'more', elements: [{ type: 'checkbox', name: 'style', listingMatch: 'product.keywords', choices: ['Boho', 'Minimal'] }] },
      ],
    },
  ],
};

describe('survey-core custom properties (listingMatch, leadField)', () => {
  it('are registered on every question with their allowed values', () => {
    expect(Serializer.findProperty('question', 'listingMatch')?.choices).toContain('project.bedrooms');
    expect(Serializer.findProperty('question', 'leadField')?.choices).toEqual(['name', 'phone']);
  });

  it('come back from a Model built from JSON, in toJSON()', () => {
    const json = new Model(structuredClone(definition)).toJSON() as typeof definition;
    const [name, phone, bedrooms, panel] = json.pages[0]!.elements as Array<Record<string, unknown>>;
    expect(name!.leadField).toBe('name');
    expect(phone!.leadField).toBe('phone');
    expect(bedrooms!.listingMatch).toBe('project.bedrooms');
    expect((panel!.elements as Array<Record<string, unknown>>)[0]!.listingMatch).toBe('product.keywords');
  });

  it('are readable on the question objects (not dropped as unknown)', () => {
    const model = new Model(structuredClone(definition));
    expect(model.getQuestionByName('bedrooms').getPropertyValue('listingMatch')).toBe('project.bedrooms');
    expect(model.getQuestionByName('mobile').getPropertyValue('leadField')).toBe('phone');
  });

  it('load with the shared survey reader too', () => {
    expect(readSurvey(definition).questions.map((q) => q.name)).toEqual(['fullName', 'mobile', 'bedrooms', 'style']);
  });
});
