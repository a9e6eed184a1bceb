import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, CAMPAIGN_QUESTIONS_MAX_BYTES } from '#shared/surveys/campaigns.contract';
import { OFF_SITE_NAVIGATION_MESSAGE } from '#shared/responses/survey-navigation';
import { describeEachDatabase } from '../helpers/app';
import { activateCampaign, addEmail, campaignName, createActiveCampaign, createCampaign, respond, surveyText, visitorEmail } from '../factories/campaigns';

const ANSWER = { propertyType: 'villa', amenities: ['gym'] };

/** A survey shaped like the real 1.1 MB one (109 pages, 4,116 questions), about `bytes` long. */
function largeSurvey(bytes: number): string {
  const questions = 4116;
  const titleLength = Math.max(10, Math.floor(bytes / questions) - 80);
  const pages = Array.from({ length: 109 }, (_, p) => ({ name: `page${p + 1}`, elements: [] as object[] }));
  for (let n = 0; n < questions; n++) {
    const title = `Frage ${n}: ${'ä'.repeat(2)}${'x'.repeat(titleLength)}`;
    pages[n % 109]!.elements.push({ type: n % 3 === 0 ? 'comment' : 'text', name: `q${n}`, title, isRequired: n % 2 === 0 });
  }
  return JSON.stringify({ title: 'Large survey', locale: 'de', pages });
}

describeEachDatabase('rules the campaigns server enforces', (ctx) => {
  function addEmailRequest(email: string, campaignid: string | null) {
    return ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid } });
  }

  async function storedRecords(campaignId: string) {
    return ctx.database.db.selectFrom('emailRecords').select('id').where('campaignId', '=', campaignId).execute();
  }

  describe('only the active campaign takes new leads', () => {
    it('refuses an e-mail for a campaign that was never activated (409 CAMPAIGN_INACTIVE) and stores nothing', async () => {
      const id = await createCampaign(ctx);
      const res = await addEmailRequest(visitorEmail(), id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: CAMPAIGN_MESSAGES.campaignInactive, code: 'CAMPAIGN_INACTIVE', key: 'msg.survey.campaignInactive' });
      expect(await storedRecords(id)).toEqual([]);
    });

    it('refuses an e-mail for a deactivated campaign, also for an e-mail that already has an open record', async () => {
      const id = await createActiveCampaign(ctx);
      const email = visitorEmail();
      await addEmail(ctx, email, id);
      await activateCampaign(ctx, id, false);
      for (const address of [visitorEmail(), email]) {
        const res = await addEmailRequest(address, id);
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('CAMPAIGN_INACTIVE');
      }
      expect(await storedRecords(id)).toHaveLength(1);
    });

    it('still answers 404 for an unknown campaign', async () => {
      const res = await addEmailRequest(visitorEmail(), '0190f0f0-0000-7000-8000-000000000000');
      expect(res.statusCode).toBe(404);
    });

    it('accepts the response of a visitor who started while the campaign was active, after staff switch campaigns', async () => {
      const first = await createActiveCampaign(ctx);
      const email = visitorEmail();
      const emailId = await addEmail(ctx, email, first);
      const second = await createActiveCampaign(ctx);

      const res = await respond(ctx, first, email, emailId, ANSWER);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: CAMPAIGN_MESSAGES.responseSaved,
        matches: { projects: [], products: [], asked: { projects: false, products: false } },
      });
      const count = await ctx.asStaff({ method: 'GET', url: `/api/campaign/recordcnt/${first}` });
      expect(count.json()).toEqual({ count: 1 });

      // New visitors go to the campaign that is active now.
      expect((await addEmailRequest(visitorEmail(), first)).statusCode).toBe(409);
      expect((await addEmailRequest(visitorEmail(), second)).statusCode).toBe(201);
    });

    it('accepts the response of a visitor who started before the campaign was deactivated', async () => {
      const id = await createActiveCampaign(ctx);
      const email = visitorEmail();
      const emailId = await addEmail(ctx, email, id);
      await activateCampaign(ctx, id, false);
      expect((await respond(ctx, id, email, emailId, ANSWER)).statusCode).toBe(200);
    });
  });

  describe('the edit lock under concurrency', () => {
    it('never accepts an edit made while the first response was being stored (30 racing pairs)', async () => {
      const questions = JSON.stringify({ pages: [{ elements: [{ type: 'text', name: 'city' }] }] });
      const pairs: Array<{ id: string; email: string; emailId: string }> = [];
      for (let i = 0; i < 30; i++) {
        const id = await createActiveCampaign(ctx);
        const email = visitorEmail();
        pairs.push({ id, email, emailId: await addEmail(ctx, email, id) });
      }
      // Records, at commit time, every edit that commits while its campaign already has a
      // committed response: the race the edit lock must not lose (PostgreSQL; SQLite runs one
      // write at a time and gets the same check below from the outcomes alone).
      const postgres = ctx.dialect === 'postgres';
      if (postgres) await installEditLockWitness();

      const outcomes = await Promise.all(
        pairs.map(async ({ id, email, emailId }) => {
          const [update, response] = await Promise.all([
            ctx.asStaff({ method: 'POST', url: `/api/campaign/update/${id}`, payload: { name: campaignName('Edited'), questions } }),
            respond(ctx, id, email, emailId, ANSWER),
          ]);
          return { id, update: update.statusCode, response: response.statusCode };
        }),
      );

      for (const outcome of outcomes) {
        expect(outcome.response).toBe(200);
        expect([201, 409]).toContain(outcome.update);
      }
      if (postgres) {
        const witnessed = await sql<{ campaignId: string }>`select campaign_id from edit_lock_witness`.execute(ctx.database.db);
        expect(witnessed.rows).toEqual([]);
      }
      // A refused edit left the campaign as it was; an accepted one came before the response.
      for (const { id, update } of outcomes) {
        const campaign = await ctx.asStaff({ method: 'GET', url: `/api/campagin/edit/${id}` });
        expect(campaign.json().questions === questions).toBe(update === 201);
      }
    });

    if (ctx.dialect === 'postgres') {
      it('makes an edit wait for a response being stored, then refuses it (409 EDIT_LOCKED)', async () => {
        const id = await createActiveCampaign(ctx);
        const email = visitorEmail();
        const emailId = await addEmail(ctx, email, id);
        // A response statement that has run but not yet committed, on a connection of its own.
        const client = new pg.Client({ connectionString: (ctx.config.database as { url: string }).url });
        await client.connect();
        try {
          await client.query('begin');
          await client.query(
            // As the app stores it: the record's person (lead_id), and no copy of the address (decision 0020).
            `insert into survey_responses (id, campaign_id, email_record_id, lead_id, answer, created_at)
             values ($1, $2, $3, (select lead_id from email_records where id = $3 and email = $4), '{}', now())`,
            ['0190f0f0-0000-7000-8000-0000000000aa', id, emailId, email],
          );
          const update = ctx.asStaff({ method: 'POST', url: `/api/campaign/update/${id}`, payload: { name: 'Too late', questions: surveyText() } });
          let settled = false;
          void update.then(() => (settled = true));
          // Before the fix the edit did not wait: it answered 201 while the response was in flight.
          await waitForLockWaitOr(() => settled);
          expect(settled).toBe(false);
          await client.query('commit');
          const res = await update;
          expect(res.statusCode).toBe(409);
          expect(res.json().code).toBe('EDIT_LOCKED');
        } finally {
          await client.end();
        }
      });
    }
  });

  describe("the size limit of a campaign's survey", () => {
    it('accepts the real 1.14 MB survey (4,116 questions) on add and update', async () => {
      const questions = largeSurvey(1_140_000);
      expect(Buffer.byteLength(questions)).toBeGreaterThan(1_100_000);
      const add = await ctx.asStaff({ method: 'POST', url: '/api/campaign/add', payload: { name: campaignName('Large'), questions } });
      expect(add.statusCode).toBe(201);
      const id = add.json()._id;
      const update = await ctx.asStaff({ method: 'POST', url: `/api/campaign/update/${id}`, payload: { name: campaignName('Large'), questions } });
      expect(update.statusCode).toBe(201);
      const stored = await ctx.asStaff({ method: 'GET', url: `/api/campagin/edit/${id}` });
      expect(stored.json().questions).toBe(questions);
    });

    it('refuses a survey over the limit with 413 and a message that states the limit and the size', async () => {
      const questions = largeSurvey(CAMPAIGN_QUESTIONS_MAX_BYTES + 200_000);
      const size = Buffer.byteLength(questions);
      expect(size).toBeGreaterThan(CAMPAIGN_QUESTIONS_MAX_BYTES);
      for (const url of ['/api/campaign/add', `/api/campaign/update/${await createCampaign(ctx)}`]) {
        const res = await ctx.asStaff({ method: 'POST', url, payload: { name: campaignName('Too large'), questions } });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ message: CAMPAIGN_MESSAGES.surveyTooLarge(size), code: 'TOO_LARGE' });
        expect(res.json().message).toContain('2 MB');
      }
    });

    it('says the limit even when the body is far larger than any survey may be', async () => {
      const res = await ctx.asStaff({
        method: 'POST',
        url: '/api/campaign/add',
        payload: { name: 'Huge', questions: JSON.stringify({ pages: [{ elements: [{ type: 'text', name: 'q', title: '"'.repeat(6 * 1024 * 1024) }] }] }) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('TOO_LARGE');
      expect(res.json().message).toContain('2 MB');
    });
  });

  describe('where a survey may send a visitor', () => {
    const withNavigation = (extra: object) => JSON.stringify({ ...extra, pages: [{ elements: [{ type: 'text', name: 'email' }] }] });

    it.each([
      ['another site', { navigateToUrl: 'https://evil.example/phish?e={email}' }],
      ['a protocol-relative address', { navigateToUrl: '//evil.example/' }],
      ['a backslash address', { navigateToUrl: '/\\evil.example/' }],
      ['a placeholder that can become //', { navigateToUrl: '/{email}' }],
      ['a tab browsers drop', { navigateToUrl: '/\t/evil.example' }],
      ['a javascript: address', { navigateToUrl: 'javascript:alert(1)' }],
      ['another site under a condition', { navigateToUrlOnCondition: [{ expression: '{email} notempty', url: 'https://evil.example' }] }],
      ['a property name in other case', { NavigateToUrl: 'https://evil.example' }],
      // A localized address is an object of addresses per language.
      ['a localized address', { navigateToUrl: { default: 'https://evil.example/' } }],
      ['a localized address in one language', { navigateToUrl: { default: '/viewProjects', fr: '//evil.example/' } }],
      ['a localized address under a condition', { navigateToUrlOnCondition: [{ expression: 'true', url: { default: 'https://evil.example/' } }] }],
      ['an address that is neither text nor per language', { navigateToUrl: ['https://evil.example/'] }],
    ])('refuses %s on add and update (400, field message)', async (_, extra) => {
      const questions = withNavigation(extra);
      const id = await createCampaign(ctx);
      for (const url of ['/api/campaign/add', `/api/campaign/update/${id}`]) {
        const res = await ctx.asStaff({ method: 'POST', url, payload: { name: campaignName('Phish'), questions } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: OFF_SITE_NAVIGATION_MESSAGE,
          code: 'VALIDATION',
          errors: [{ field: 'questions', message: OFF_SITE_NAVIGATION_MESSAGE }],
        });
      }
      const stored = await ctx.asStaff({ method: 'GET', url: `/api/campagin/edit/${id}` });
      expect(stored.json().questions).toBe(surveyText());
    });

    it('accepts a page of this site, with placeholders after the first segment', async () => {
      for (const navigateToUrl of ['/viewProjects', '/result?e={email}', '/thank-you/{email}', { default: '/viewProjects', fr: '/viewStudio' }] as const) {
        const res = await ctx.asStaff({
          method: 'POST',
          url: '/api/campaign/add',
          payload: { name: campaignName('Fine'), questions: withNavigation({ navigateToUrl }) },
        });
        expect(res.statusCode).toBe(201);
      }
    });
  });

  async function installEditLockWitness(): Promise<void> {
    const db = ctx.database.db;
    await sql`create table if not exists edit_lock_witness (campaign_id text)`.execute(db);
    await sql`
      create or replace function edit_lock_witness() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from survey_responses where campaign_id = new.id) then
          insert into edit_lock_witness values (new.id);
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`drop trigger if exists edit_lock_witness on campaigns`.execute(db);
    await sql`
      create constraint trigger edit_lock_witness after update on campaigns
      deferrable initially deferred for each row
      when (old.questions is distinct from new.questions)
      execute function edit_lock_witness()
    `.execute(db);
  }

  /** Resolves once some statement on this database waits for a lock, or once `done()` is true. */
  async function waitForLockWaitOr(done: () => boolean): Promise<void> {
    while (!done()) {
      const waiting = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
      `.execute(ctx.database.db);
      if (waiting.rows[0]!.n > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
});
