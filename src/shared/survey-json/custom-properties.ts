/**
 * The studio's own SurveyJS question properties, registered with survey-core's Serializer so a
 * survey-core Model keeps them (toJSON gives them back) on the server and in the browser alike:
 * - `listingMatch`: which listing rule an answer feeds, one of LISTING_MATCH_VALUES.
 * - `leadField` (leads): this answer is the person's "name" or "phone".
 * - `fromLink` (README "Channels", decision 0033): the answer is filled from the survey link's query
 *   parameter named as the question (`?ref=abc` fills the question `ref`); see survey/link-values.ts.
 * Import this module (for its effect) wherever a survey-core Model is built. Registering twice is
 * harmless: a property already on the class is left alone.
 */
import { Serializer } from 'survey-core';
import { LEAD_FIELD_PROPERTY, LEAD_FIELDS } from '../leads/lead-field-names';
import { LISTING_MATCH_VALUES } from '../matching/listing-match';

function register(name: string, choices: readonly string[]): void {
  if (Serializer.findProperty('question', name)) return;
  Serializer.addProperty('question', { name, choices: [...choices], category: 'data' });
}

register('listingMatch', LISTING_MATCH_VALUES);
register(LEAD_FIELD_PROPERTY, LEAD_FIELDS);

if (!Serializer.findProperty('question', 'fromLink')) Serializer.addProperty('question', { name: 'fromLink:boolean', category: 'data', default: false });
