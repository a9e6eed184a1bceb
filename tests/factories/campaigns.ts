import type { TestContext } from '../helpers/app';

/** A home-preference survey: two pages, a nested panel, choices with texts, a matrix, a date. */
export const HOME_SURVEY = {
  title: 'Home preferences',
  pages: [
    {
      name: 'basics',
      elements: [
        {
          type: 'radiogroup',
          name: 'propertyType',
          title: 'What kind of home?',
          choices: [
            { value: 'apartment', text: 'Apartment' },
            { value: 'villa', text: 'Villa' },
          ],
          showOtherItem: true,
        },
        {
          type: 'panel',
          name: 'budgetPanel',
          elements: [
            { type: 'dropdown', name: 'budget', title: 'Budget', choices: [{ value: 'b1', text: '₹50 lakh – ₹1 crore' }, 'b2|Above ₹1 crore'] },
            {
              type: 'panel',
              name: 'innerPanel',
              elements: [{ type: 'boolean', name: 'loan', title: 'Need a home loan?' }],
            },
          ],
        },
        { type: 'html', name: 'intro', html: '<p>Almost there</p>' },
      ],
    },
    {
      name: 'details',
      elements: [
        {
          type: 'checkbox',
          name: 'amenities',
          title: 'Must-have amenities',
          choices: [{ value: 'gym', text: 'Gym' }, { value: 'pool', text: 'Pool' }, 'parking'],
        },
        {
          type: 'matrix',
          name: 'rooms',
          title: 'Rooms',
          rows: [{ value: 'kitchen', text: 'Kitchen' }, 'balcony'],
          columns: [
            { value: 1, text: 'Must have' },
            { value: 2, text: 'Nice to have' },
          ],
        },
        { type: 'text', name: 'moveIn', title: 'Move-in date', inputType: 'date' },
        { type: 'comment', name: 'notes' },
      ],
    },
  ],
};

export const HOME_COLUMNS = 'propertyType,budget,loan,amenities,rooms,moveIn,notes';

export function surveyText(survey: object = HOME_SURVEY): string {
  return JSON.stringify(survey);
}

let counter = 0;
/** A unique campaign name (tests share a database per file). */
export function campaignName(prefix = 'Campaign'): string {
  counter += 1;
  return `${prefix} ${counter}`;
}

/** Creates a campaign through the API and returns its id. */
export async function createCampaign(ctx: TestContext, overrides: { name?: string; questions?: string } = {}): Promise<string> {
  const res = await ctx.asStaff({
    method: 'POST',
    url: '/api/campaign/add',
    payload: { name: overrides.name ?? campaignName(), questions: overrides.questions ?? surveyText() },
  });
  if (res.statusCode !== 201) throw new Error(`campaign add failed: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

/** Creates a campaign and activates it (only the active campaign takes new e-mails); returns its id. */
export async function createActiveCampaign(ctx: TestContext, overrides: { name?: string; questions?: string } = {}): Promise<string> {
  const id = await createCampaign(ctx, overrides);
  await activateCampaign(ctx, id);
  return id;
}

export async function activateCampaign(ctx: TestContext, id: string, isActivated = true): Promise<void> {
  const res = await ctx.asStaff({ method: 'POST', url: `/api/campaign/activate/${id}`, payload: { isActivated } });
  if (res.statusCode !== 200) throw new Error(`campaign activate failed: ${res.statusCode} ${res.body}`);
}

/**
 * The results' survey (campaign-summary and campaign-summary-equivalence tests): two pages, one
 * question of each kind of figures (choices, several choices, rating, yes/no, number, free text, matrix).
 */
export const SUMMARY_SURVEY = {
  pages: [
    {
      name: 'first',
      title: 'About you',
      elements: [
        {
          type: 'radiogroup',
          name: 'kind',
          title: 'Kind of home',
          choices: [
            { value: 'a', text: 'Apartment' },
            { value: 'v', text: 'Villa' },
          ],
        },
        {
          type: 'checkbox',
          name: 'amen',
          title: 'Amenities',
          choices: [
            { value: 'gym', text: 'Gym' },
            { value: 'pool', text: 'Pool' },
            { value: 'parking', text: 'Parking' },
          ],
        },
        { type: 'rating', name: 'stars', title: 'Stars' },
        { type: 'boolean', name: 'loan', title: 'Loan?' },
      ],
    },
    {
      name: 'second',
      title: 'The home',
      elements: [
        { type: 'text', name: 'size', title: 'Size', inputType: 'number' },
        { type: 'comment', name: 'notes', title: 'Notes' },
        {
          type: 'matrix',
          name: 'rooms',
          title: 'Rooms',
          rows: [
            { value: 'kitchen', text: 'Kitchen' },
            { value: 'balcony', text: 'Balcony' },
          ],
          columns: [
            { value: 1, text: 'Must' },
            { value: 2, text: 'Nice' },
          ],
        },
      ],
    },
  ],
};

/** A campaign of SUMMARY_SURVEY through the API, activated with `active` (it then takes new e-mails); returns its id. */
export async function createSummaryCampaign(ctx: TestContext, { active = false }: { active?: boolean } = {}): Promise<string> {
  const id = await createCampaign(ctx, { questions: surveyText(SUMMARY_SURVEY) });
  if (active) await activateCampaign(ctx, id);
  return id;
}

/** A visitor's e-mail record for the campaign, through the public API. */
export async function addEmail(ctx: TestContext, email: string, campaignid: string | null): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid } });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`email add failed: ${res.statusCode} ${res.body}`);
  return res.json<{ emailID: string }>().emailID;
}

/** A visitor's answers, through the public API. */
export async function respond(ctx: TestContext, campaignId: string, email: string, emailId: string, answer: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/campaign/response/${campaignId}`,
    payload: { response: { email, emailId, answer } },
  });
}

let visitors = 0;
export function visitorEmail(): string {
  visitors += 1;
  return `visitor${visitors}@example.com`;
}
