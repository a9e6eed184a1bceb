// Questions "filled from the link" (README "Channels", decision 0033): `fromLink` survives survey-core
// (the designer's saves and the server's reads keep it), linkAnswers fills them from the link's
// parameters, and the light first page hides a hidden one and keeps the others to SurveyJS's rules.
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import '#shared/survey-json/custom-properties';
import { linkAnswers, linkQuestions, LINK_VALUE_MAX } from '#shared/survey-json/link-values';
import { readLightPage } from '#web/features/responses/light-survey';

const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'radiogroup', name: 'size', title: 'Bedrooms', choices: [2, 3] },
        { type: 'text', name: 'ref', title: 'Referral', visible: false, fromLink: true },
      ],
    },
    {
      name: 'p2',
      elements: [
        {
          type: 'panel',
          name: 'more',
          elements: [
            { type: 'text', name: 'agent', valueName: 'agentCode', fromLink: true },
            { type: 'text', name: 'city' },
          ],
        },
      ],
    },
  ],
};

describe('questions filled from the link', () => {
  it('keeps fromLink through survey-core', () => {
    const json = new Model(SURVEY).toJSON() as typeof SURVEY;
    expect(json.pages[0]!.elements[1]).toMatchObject({ name: 'ref', fromLink: true, visible: false });
  });

  it('finds them at any depth and fills their value from the parameter named as the question', () => {
    expect(linkQuestions(SURVEY)).toEqual([
      { name: 'ref', valueName: 'ref' },
      { name: 'agent', valueName: 'agentCode' },
    ]);
    expect(linkAnswers(SURVEY, { ref: ' abc ', agent: 'A7', city: 'Pune', utm_source: 'x' })).toEqual({ ref: 'abc', agentCode: 'A7' });
    expect(linkAnswers(SURVEY, {})).toEqual({});
    expect(linkAnswers(SURVEY, { ref: 'x'.repeat(500) }).ref).toHaveLength(LINK_VALUE_MAX);
    // A question not marked takes nothing from the link, whatever it is named.
    expect(linkAnswers({ elements: [{ type: 'text', name: 'ref' }] }, { ref: 'abc' })).toEqual({});
  });

  it('the light first page leaves a hidden question filled from the link out, and refuses other hidden questions', () => {
    const twoPages = { pages: [SURVEY.pages[0], { name: 'p2', elements: [{ type: 'text', name: 'city' }] }] };
    const page = readLightPage(JSON.stringify(twoPages), 'en');
    expect(page?.questions.map((q) => q.name)).toEqual(['size']);
    const hiddenOnly = { pages: [{ name: 'p', elements: [{ type: 'text', name: 'secret', visible: false }] }] };
    expect(readLightPage(JSON.stringify(hiddenOnly), 'en')).toBeNull();
  });
});
