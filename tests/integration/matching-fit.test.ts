import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedDemoContent } from '#server/seed';
import type { ListingMatches } from '#shared/matching/listing-match';
import type { LeadDetail, LeadList } from '#shared/leads/leads.contract';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { addEmail, respond } from '../factories/campaigns';

/**
 * A match fits what the person asked for, through HTTP on the demo content a
 * fresh start seeds; the visitor's e-mail (read from a real SMTP server) and the lead say the same.
 */
const mail = await startMailServer();
afterAll(() => mail.close());

const NOTIFY = {
  smtpUrl: mail.url,
  mailFrom: '"Test Studio" <studio@abode.test>',
  mailDir: '/nonexistent',
  notifyEmails: ['owner@abode.test'],
  confirmVisitors: true,
  allowPrivateWebhooks: false,
  dispatch: false,
};

/** Finishes the demo survey as a visitor; the matches /result is handed. */
async function finishDemoSurvey(ctx: TestContext, email: string, answers: Record<string, unknown>): Promise<ListingMatches> {
  const [campaign] = (await ctx.app.inject({ method: 'GET', url: '/api/campagin/active' })).json<Array<{ _id: string }>>();
  const res = await respond(ctx, campaign!._id, email, await addEmail(ctx, email, campaign!._id), answers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ matches: ListingMatches }>().matches;
}

const fits = (matches: ListingMatches) => matches.projects.filter((p) => p.misses.length === 0).map((p) => p.name);

describeEachDatabase(
  'matching: a fit fits what was asked',
  (ctx) => {
    beforeAll(async () => {
      expect(await seedDemoContent(ctx.database.db, ctx.dialect)).toBe(true);
    });
    beforeEach(async () => {
      await drainNotifications(ctx);
      mail.messages.length = 0;
    });

    it('calls no home a fit for a penthouse above ₹5 crore, 5+ BHK, in Hebbal, in 6 to 12 months: it shows the nearest with why each is not one', async () => {
      const email = 'penthouse@example.com';
      const matches = await finishDemoSurvey(ctx, email, { propertyType: 'penthouse', budget: 1000000000, bedrooms: 5, localities: ['Hebbal'], moveIn: 12 });
      expect(fits(matches)).toEqual([]);
      expect(matches.projects.length).toBeGreaterThan(0);
      for (const home of matches.projects) {
        expect(home.misses, home.name).toContain(
          home.name === 'Palm Grove Villas' ? 'a villa, you asked for a penthouse' : 'an apartment, you asked for a penthouse',
        );
      }
      const palm = matches.projects.find((p) => p.name === 'Palm Grove Villas');
      expect(palm?.misses).toEqual([
        'a villa, you asked for a penthouse',
        '₹2.4 crore, below your ₹5 crore+ budget',
        '4 BHK, you asked for 5+',
        'in Sarjapur Road, Bengaluru, you asked for Hebbal',
      ]);
      // Only Worli Seaview (₹5.5 crore) is within the budget; no cheaper home is called so.
      for (const home of matches.projects) expect(home.reasons.includes('within your budget'), home.name).toBe(home.name === 'Worli Seaview');

      // Staff read the same result on the lead.
      const leads = (await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(email)}` })).json<LeadList>();
      const lead = (await ctx.asStaff({ method: 'GET', url: `/api/leads/${leads.items[0]!._id}` })).json<LeadDetail>();
      expect(lead.activities.find((a) => a.type === 'response')?.matches).toEqual(matches);

      // The visitor's e-mail says so plainly, with the same homes and reasons; so does the staff one.
      await drainNotifications(ctx);
      const mails = await mail.waitFor(2);
      const visitor = mails.find((m) => m.subject?.startsWith('Thank you'))!;
      const staff = mails.find((m) => m.subject?.startsWith('New lead:'))!;
      expect(visitor.text).not.toContain('Homes that fit');
      expect(visitor.text).toContain('Homes nearest to what you asked for\nNone of our homes fits everything you asked for yet.');
      expect(visitor.text).toContain(
        '- Palm Grove Villas — not a fit: a villa, you asked for a penthouse; ₹2.4 crore, below your ₹5 crore+ budget; 4 BHK, you asked for 5+; in Sarjapur Road, Bengaluru, you asked for Hebbal',
      );
      for (const home of matches.projects) expect(visitor.text).toContain(`- ${home.name} — not a fit: ${home.misses.join('; ')}`);
      expect(String(visitor.html)).toContain('Homes nearest to what you asked for');
      expect(String(visitor.html)).not.toContain('Homes that fit');
      expect(staff.text).toContain('No home fits: the nearest');
      expect(staff.text).not.toContain('Homes that fit');
    });

    it('offers no home in Mumbai or Pune as a fit for Indiranagar and Koramangala', async () => {
      const matches = await finishDemoSurvey(ctx, 'indiranagar@example.com', {
        propertyType: 'apartment',
        budget: 10000000,
        bedrooms: 2,
        localities: ['Indiranagar', 'Koramangala'],
        moveIn: 12,
      });
      expect(fits(matches)).toEqual([]);
      for (const home of matches.projects.filter((p) => ['Baner Heights', 'Hinjewadi Greens', 'Worli Seaview', 'Powai Crest'].includes(p.name))) {
        expect(home.misses).toContainEqual(expect.stringMatching(/^in (Pune|Mumbai), you asked for Indiranagar or Koramangala, Bengaluru$/));
      }
      // A city answer: every Bengaluru home in the range fits, none elsewhere.
      const city = await finishDemoSurvey(ctx, 'bengaluru@example.com', {
        propertyType: 'apartment',
        budget: 10000000,
        bedrooms: 3,
        localities: ['other'],
        'localities-Comment': 'Bengaluru',
        moveIn: 12,
      });
      expect(fits(city)).toEqual(['Lakeside Residency']);
    });

    it('still calls a home a fit when it fits everything: an apartment in Whitefield, ₹50 lakh – ₹1 crore, 3 BHK', async () => {
      const matches = await finishDemoSurvey(ctx, 'whitefield@example.com', {
        propertyType: 'apartment',
        budget: 10000000,
        bedrooms: 3,
        localities: ['Whitefield'],
        moveIn: 12,
      });
      expect(matches.projects.map((p) => [p.name, p.misses])).toEqual([['Lakeside Residency', []]]);
      // One band up, ₹1–2 crore: Lakeside is below it, not "within".
      const higher = await finishDemoSurvey(ctx, 'higher@example.com', {
        propertyType: 'apartment',
        budget: 20000000,
        bedrooms: 3,
        localities: ['Whitefield'],
        moveIn: 12,
      });
      expect(fits(higher)).toEqual([]);
      expect(higher.projects.find((p) => p.name === 'Lakeside Residency')?.misses).toEqual(['₹95 lakh, below your ₹1–2 crore budget']);
    });

    it('reads a decor budget as a ceiling: boho decor under a ₹5–15 lakh interior budget fits, on /result and in the mail', async () => {
      const matches = await finishDemoSurvey(ctx, 'decor@example.com', {
        propertyType: 'apartment',
        budget: 10000000,
        bedrooms: 3,
        localities: ['Whitefield'],
        moveIn: 12,
        interiorHelp: true,
        interiorBudget: 1500000,
        decorStyle: 'boho',
      });
      expect(matches.products.map((p) => p.name)).toContain('Cane Armchair');
      for (const p of matches.products) expect([p.name, p.reasons, p.misses]).toEqual([p.name, ['Boho', 'within your budget'], []]);
      await drainNotifications(ctx);
      const visitor = (await mail.waitFor(2)).find((m) => m.subject?.startsWith('Thank you'))!;
      expect(visitor.text).not.toContain('below your');
      expect(visitor.text).toContain('Cane Armchair');
      expect(visitor.text).not.toMatch(/Cane Armchair — not a fit/);
    });
  },
  { notify: NOTIFY },
);
