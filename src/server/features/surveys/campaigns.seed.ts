import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { createCampaign, setCampaignActive } from './campaigns.service';
import { hasAnyCampaign } from './campaigns.repository';

export const DEMO_CAMPAIGN_NAME = 'Find your dream home';

/** The demo survey: what a visitor to a Bengaluru real-estate and decor studio is asked. */
export const DEMO_SURVEY = {
  title: 'Find your dream home',
  description: 'A few quick questions so our advisors can shortlist homes and interiors for you.',
  showQuestionNumbers: 'off',
  completeText: 'Send my preferences',
  pages: [
    {
      name: 'home',
      title: 'Your next home',
      elements: [
        {
          type: 'radiogroup',
          name: 'propertyType',
          title: 'What kind of home are you looking for?',
          // Homes of this kind, read from their unit size or name (issue 22).
          listingMatch: 'project.type',
          isRequired: true,
          colCount: 2,
          choices: [
            { value: 'apartment', text: 'Apartment' },
            { value: 'villa', text: 'Villa' },
            { value: 'independent-house', text: 'Independent house' },
            { value: 'penthouse', text: 'Penthouse' },
            { value: 'plot', text: 'Plot to build on' },
          ],
        },
        {
          type: 'dropdown',
          name: 'budget',
          title: 'What is your budget?',
          // Each range's value is its top in rupees, so homes can be matched to it (issue 16).
          listingMatch: 'project.maxPrice',
          isRequired: true,
          placeholder: 'Choose a range',
          choices: [
            { value: 5000000, text: 'Under ₹50 lakh' },
            { value: 10000000, text: '₹50 lakh – ₹1 crore' },
            { value: 20000000, text: '₹1 crore – ₹2 crore' },
            { value: 50000000, text: '₹2 crore – ₹5 crore' },
            { value: 1000000000, text: 'Above ₹5 crore' },
          ],
        },
        {
          type: 'rating',
          name: 'bedrooms',
          listingMatch: 'project.bedrooms',
          title: 'How many bedrooms?',
          isRequired: true,
          rateValues: [
            { value: 1, text: '1 BHK' },
            { value: 2, text: '2 BHK' },
            { value: 3, text: '3 BHK' },
            { value: 4, text: '4 BHK' },
            { value: 5, text: '5+ BHK' },
          ],
        },
        {
          type: 'boolean',
          name: 'homeLoan',
          title: 'Would you like help arranging a home loan?',
        },
      ],
    },
    {
      name: 'location',
      title: 'Where would you like to live?',
      elements: [
        {
          type: 'checkbox',
          name: 'localities',
          listingMatch: 'project.locality',
          title: 'Preferred localities',
          description: 'Pick as many as you like.',
          isRequired: true,
          colCount: 2,
          showOtherItem: true,
          otherText: 'Somewhere else',
          choices: [
            'Indiranagar',
            'Koramangala',
            'HSR Layout',
            'Whitefield',
            'Jayanagar',
            'Hebbal',
            'Sarjapur Road',
            'Electronic City',
          ],
        },
        {
          type: 'panel',
          name: 'commute',
          title: 'Getting around',
          elements: [
            { type: 'boolean', name: 'nearMetro', title: 'Should it be close to a metro station?' },
            {
              type: 'dropdown',
              name: 'commuteTime',
              title: 'Longest daily commute you would accept',
              choices: ['15 minutes', '30 minutes', '45 minutes', 'One hour or more'],
            },
          ],
        },
      ],
    },
    {
      name: 'style',
      title: 'Living and decor',
      elements: [
        {
          type: 'tagbox',
          name: 'amenities',
          title: 'Must-have amenities',
          placeholder: 'Choose amenities',
          choices: [
            'Gym',
            'Swimming pool',
            'Covered parking',
            'Power backup',
            "Children's play area",
            'Clubhouse',
            '24×7 security',
            'Pet-friendly spaces',
            'EV charging',
          ],
        },
        {
          type: 'radiogroup',
          name: 'decorStyle',
          listingMatch: 'product.keywords',
          title: 'Which decor style feels like home?',
          colCount: 2,
          choices: [
            { value: 'modern-minimal', text: 'Modern minimal' },
            { value: 'contemporary-indian', text: 'Contemporary Indian' },
            { value: 'scandinavian', text: 'Scandinavian' },
            { value: 'industrial', text: 'Industrial loft' },
            { value: 'classic', text: 'Classic and traditional' },
            { value: 'boho', text: 'Boho and eclectic' },
          ],
        },
        {
          type: 'boolean',
          name: 'interiorHelp',
          title: 'Would you like our studio to design the interiors?',
        },
        {
          type: 'dropdown',
          name: 'interiorBudget',
          title: 'Interior budget',
          visibleIf: '{interiorHelp} = true',
          listingMatch: 'product.maxPrice',
          choices: [
            { value: 500000, text: 'Under ₹5 lakh' },
            { value: 1500000, text: '₹5 – ₹15 lakh' },
            { value: 3000000, text: '₹15 – ₹30 lakh' },
            { value: 100000000, text: 'Above ₹30 lakh' },
          ],
        },
      ],
    },
    {
      name: 'contact',
      title: 'Timing and contact',
      elements: [
        {
          type: 'dropdown',
          name: 'moveIn',
          title: 'When would you like to move in?',
          isRequired: true,
          // Values are months from today, so homes ready by then can be matched (issue 16).
          listingMatch: 'project.readyBy',
          choices: [
            { value: 0, text: 'As soon as possible' },
            { value: 3, text: 'Within 3 months' },
            { value: 6, text: 'In 3 to 6 months' },
            { value: 12, text: 'In 6 to 12 months' },
            { value: 'exploring', text: 'Just exploring' },
          ],
        },
        {
          type: 'comment',
          name: 'notes',
          title: 'Anything else we should know?',
          placeholder: 'Schools nearby, a garden, a home office, parents living with you…',
          maxLength: 1000,
        },
        {
          type: 'text',
          name: 'phone',
          title: 'Phone number',
          // Issue 14: this answer is the lead's phone.
          leadField: 'phone',
          description: 'Our advisor will call you at a time that suits you.',
          inputType: 'tel',
          autocomplete: 'tel',
          placeholder: '+91 98765 43210',
          validators: [
            {
              type: 'regex',
              regex: '^\\+?[0-9 ()-]{8,20}$',
              text: 'Please enter a phone number, for example +91 98765 43210.',
            },
          ],
        },
        {
          type: 'radiogroup',
          name: 'callTime',
          title: 'Best time to call',
          choices: ['Morning', 'Afternoon', 'Evening'],
        },
      ],
    },
  ],
};

/** Adds the demo campaign, active, to a database that has no campaign yet (safe to call on every start). */
export async function seedDemoCampaign(db: Kysely<Database>): Promise<void> {
  if (await hasAnyCampaign(db)) return;
  const id = await createCampaign(db, { name: DEMO_CAMPAIGN_NAME, questions: JSON.stringify(DEMO_SURVEY) }, null);
  await db.transaction().execute((trx) => setCampaignActive(trx, id, true, null));
}
