import { sql, type Kysely } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { SURVEY_PROGRESS_API } from '#shared/responses/responses.api';
import { type EmailAddResult, type EmailRecord, type SurveyProgress } from '#shared/responses/responses.contract';
import { type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { migrateToLatest } from '#server/db/migrate';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { describeEachDialect } from '../helpers/databases';
import { startMailServer } from '../helpers/mail-server';
import { withDatabaseAt } from '../helpers/migrations';
import { readWorkbook } from '../helpers/xlsx';
import { createActiveCampaign, respond } from '../factories/campaigns';

/*
 * An e-mail alone never hands out that person's record (so nobody who only
 * knows it can overwrite their answers, revoke their link or finish in their place), and e-mails
 * compare case-insensitively: one person, one row, and a finished person stays finished.
 */

const mail = await startMailServer();
afterAll(() => mail.close());

const QUESTIONS = JSON.stringify({
  pages: [
    { name: 'you', elements: [{ type: 'text', name: 'who', title: 'Your name' }] },
    { name: 'more', elements: [{ type: 'text', name: 'budget', title: 'Budget' }] },
  ],
});

const NOTIFY = {
  smtpUrl: mail.url,
  mailFrom: '"Test Studio" <studio@abode.test>',
  mailDir: '/nonexistent',
  notifyEmails: ['owner@abode.test'],
  confirmVisitors: false,
  allowPrivateWebhooks: true,
  dispatch: false,
};

let people = 0;
const person = () => `Person${++people}.Identity@example.com`;

const add = (ctx: TestContext, email: string, campaignid: string) => ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid } });
const save = (ctx: TestContext, campaignId: string, response: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: SURVEY_PROGRESS_API.save(campaignId), payload: { response } });
const read = (ctx: TestContext, campaignId: string, token: string) => ctx.app.inject({ method: 'GET', url: SURVEY_PROGRESS_API.read(campaignId, token) });

describeEachDatabase(
  'survey identity',
  (ctx) => {
    let campaignId = '';
    beforeEach(async () => {
      campaignId ||= await createActiveCampaign(ctx, { questions: QUESTIONS });
      await drainNotifications(ctx);
      mail.messages.length = 0;
    });

    it('an e-mail alone gets a separate attempt; the victim keeps their answers, link and record', async () => {
      const victim = person();
      const first = await add(ctx, victim, campaignId);
      expect(first.statusCode).toBe(201);
      const victimId = first.json<EmailAddResult>().emailID;
      const saved = await save(ctx, campaignId, { email: victim, emailId: victimId, answer: { who: 'Victim' }, page: 1 });
      expect(saved.statusCode).toBe(200);
      const victimToken = saved.json<{ resumeToken: string }>().resumeToken;

      for (const typed of [victim, victim.toLowerCase(), victim.toUpperCase()]) {
        const res = await add(ctx, typed, campaignId);
        expect(res.statusCode).toBe(200);
        const attackerId = res.json<EmailAddResult>().emailID;
        expect(attackerId).not.toBe(victimId);
        expect(res.body).not.toContain(victimId);
        // The attacker's own attempt: saves and a submission change nothing of the victim's.
        const own = await save(ctx, campaignId, { email: typed, emailId: attackerId, answer: { who: 'Attacker' }, page: 1 });
        expect(own.statusCode).toBe(200);
        expect((await respond(ctx, campaignId, typed, attackerId, { who: 'Attacker', budget: '1' })).statusCode).toBe(200);
      }

      // The victim's answers and link are as they were, and they can still finish.
      const back = await read(ctx, campaignId, victimToken);
      expect(back.statusCode).toBe(200);
      expect(back.json<SurveyProgress>()).toEqual({ answer: { who: 'Victim' }, page: 1, email: victim, emailId: victimId });
      const later = await save(ctx, campaignId, {
        email: victim,
        emailId: victimId,
        answer: { who: 'Victim', budget: '2 crore' },
        page: 1,
        resumeToken: victimToken,
      });
      expect(later.json<{ resumeToken: string }>().resumeToken).toBe(victimToken);
      expect((await respond(ctx, campaignId, victim, victimId, { who: 'Victim', budget: '2 crore' })).statusCode).toBe(200);
      const victimResponse = await ctx.database.db
        .selectFrom('surveyResponses')
        .select('answer')
        .where('emailRecordId', '=', victimId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(victimResponse.answer)).toEqual({ who: 'Victim', budget: '2 crore' });
    });

    it('the "continue" link goes to the mailbox and opens the existing answers; the attempt is a fresh one', async () => {
      const email = person();
      const emailId = (await add(ctx, email, campaignId)).json<EmailAddResult>().emailID;
      expect((await save(ctx, campaignId, { email, emailId, answer: { who: 'Mine' }, page: 0 })).statusCode).toBe(200);
      await drainNotifications(ctx);
      mail.messages.length = 0;

      const again = await add(ctx, email.toLowerCase(), campaignId);
      expect(again.json<EmailAddResult>()).toMatchObject({ message: CAMPAIGN_MESSAGES.resumeLinkSent, resumeLinkSent: true });
      const attemptId = again.json<EmailAddResult>().emailID;
      expect(attemptId).not.toBe(emailId);
      await drainNotifications(ctx);
      const [continueMail] = await mail.waitFor(1);
      const token = /resume=([A-Za-z0-9_-]+)/.exec(continueMail!.text ?? '')![1]!;
      expect((await read(ctx, campaignId, token)).json<SurveyProgress>()).toMatchObject({ answer: { who: 'Mine' }, emailId });
    });

    it('one row per person whatever the letter case; a finished person stays finished everywhere', async () => {
      const email = person();
      const emailId = (await add(ctx, email, campaignId)).json<EmailAddResult>().emailID;
      expect((await respond(ctx, campaignId, email, emailId, { who: 'Done', budget: '1 crore' })).statusCode).toBe(200);
      const recordsBefore = (await ctx.asStaff({ method: 'GET', url: `/api/email/get/${campaignId}` })).json<EmailRecord[]>();

      for (const typed of [email.toLowerCase(), email.toUpperCase(), ` ${email} `]) {
        const res = await add(ctx, typed, campaignId);
        expect(res.statusCode).toBe(200);
        expect(res.json<EmailAddResult>().emailID).not.toBe(emailId);
      }

      const records = (await ctx.asStaff({ method: 'GET', url: `/api/email/get/${campaignId}` })).json<EmailRecord[]>();
      expect(records).toHaveLength(recordsBefore.length);
      expect(records.filter((r) => r.email.toLowerCase() === email.toLowerCase())).toEqual([
        { _id: emailId, email, date: expect.any(String), isCompleted: true },
      ]);
      const all = await ctx.asStaff({ method: 'GET', url: `/api/email/all?q=${encodeURIComponent(email.toLowerCase())}&limit=50&offset=0` });
      expect(all.json<{ total: number }>().total).toBe(1);

      const leads = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(email.toLowerCase())}` })).json<LeadList>();
      expect(leads.items).toHaveLength(1);
      expect(leads.items[0]!.completed).toBe(true);
      const sheet = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?q=${encodeURIComponent(email.toLowerCase())}` });
      const rows = (await readWorkbook(sheet.rawPayload)).getWorksheet('Leads')!;
      const header = (rows.getRow(1).values as unknown[]).indexOf('Survey finished');
      expect(header).toBeGreaterThan(0);
      expect(rows.getRow(2).getCell(header).value).toBe('Yes');

      const summary = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}` })).json<{
        funnel: Array<{ step: string; count: number }>;
      }>();
      const given = summary.funnel.find((s) => s.step === 'emails')!.count;
      expect(given).toBe(records.length);
    });

    it('a finished person who starts again and finishes from another device is still one row, finished', async () => {
      const email = person();
      const emailId = (await add(ctx, email, campaignId)).json<EmailAddResult>().emailID;
      // Another device, before anything was answered on the first: its own attempt, finished there.
      const attempt = (await add(ctx, email.toLowerCase(), campaignId)).json<EmailAddResult>().emailID;
      expect(attempt).not.toBe(emailId);
      expect((await respond(ctx, campaignId, email.toLowerCase(), attempt, { who: 'Second device' })).statusCode).toBe(200);
      const records = (await ctx.asStaff({ method: 'GET', url: `/api/email/get/${campaignId}` })).json<EmailRecord[]>();
      const mine = records.filter((r) => r.email.toLowerCase() === email.toLowerCase());
      expect(mine).toHaveLength(1);
      expect(mine[0]!.isCompleted).toBe(true);
    });

    it('staff get no "not finished" alert for a person who finished on another device', async () => {
      const email = person();
      const emailId = (await add(ctx, email, campaignId)).json<EmailAddResult>().emailID;
      const attempt = (await add(ctx, email, campaignId)).json<EmailAddResult>().emailID;
      expect((await respond(ctx, campaignId, email, attempt, { who: 'Elsewhere' })).statusCode).toBe(200);
      await drainNotifications(ctx);
      // The alert of the new lead falls due (30 minutes later).
      const event = await ctx.database.db
        .selectFrom('notificationEvents')
        .select('id')
        .where('type', '=', 'lead.created')
        .where('subjectId', '=', emailId)
        .executeTakeFirstOrThrow();
      await ctx.database.db.updateTable('notificationDeliveries').set({ nextAttemptAt: new Date() }).where('eventId', '=', event.id).execute();
      await drainNotifications(ctx);
      const alert = await ctx.database.db
        .selectFrom('notificationDeliveries')
        .select('status')
        .where('eventId', '=', event.id)
        .where('channel', '=', 'staff_email')
        .executeTakeFirstOrThrow();
      expect(alert.status).toBe('skipped');
    });

    it('twenty sign-ups of one e-mail at once keep one record for the person', async () => {
      const email = person();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(ctx, i % 2 ? email : email.toLowerCase(), campaignId)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(new Set(answers.map((r) => r.json<EmailAddResult>().emailID)).size).toBe(20);
      const records = (await ctx.asStaff({ method: 'GET', url: `/api/email/get/${campaignId}` })).json<EmailRecord[]>();
      expect(records.filter((r) => r.email.toLowerCase() === email.toLowerCase())).toHaveLength(1);
    });
  },
  { notify: NOTIFY, publicBaseUrl: 'https://abode.test' },
);

describeEachDialect('migration: e-mail records by person', (dialect) => {
  describe('merges letter-case duplicates', () => {
    it('keeps one row per person (a finished one first), hides the rest, and leads stay finished', () =>
      withDatabaseAt(dialect, '2026-11-25T0100-resume-token-expiry', async ({ database, db, migrator, at, bool }) => {
        await db
          .insertInto('campaigns')
          .values({
            id: 'c1',
            name: 'C',
            questions: '{}',
            questioncolumns: 'q',
            lead_fields: '{}',
            is_active: bool(true),
            created_at: at(0),
            updated_at: at(0),
          })
          .execute();
        const lead = (id: string, key: string, completed: boolean) => ({
          id,
          email_key: key,
          email: key,
          name: null,
          phone: null,
          status: 'new',
          assignee_id: null,
          has_survey: bool(true),
          has_contact: bool(false),
          has_newsletter: bool(false),
          last_campaign_id: 'c1',
          last_completed: bool(completed),
          created_at: at(0),
          last_activity_at: at(9),
        });
        await db
          .insertInto('leads')
          .values([lead('la', 'a@x.test', false), lead('lb', 'b@x.test', false)])
          .execute();
        const record = (id: string, email: string, campaign: string | null, completed: boolean, s: number, leadId: string | null = null) => ({
          id,
          email,
          campaign_id: campaign,
          is_completed: bool(completed),
          created_at: at(s),
          lead_id: leadId,
        });
        await db
          .insertInto('email_records')
          .values([
            record('a-open', 'a@x.test', 'c1', false, 1, 'la'),
            record('a-done', 'A@x.test', 'c1', true, 2, 'la'),
            record('a-later', 'A@X.TEST', 'c1', false, 3, 'la'),
            record('b-old', 'b@x.test', 'c1', false, 1, 'lb'),
            record('b-new', 'B@x.test', 'c1', false, 2, 'lb'),
            record('n-1', 'N@x.test', null, false, 1),
            record('n-2', 'n@x.test', null, false, 2),
          ])
          .execute();

        await migrateToLatest(database.db as Kysely<unknown>);
        const rows = (await sql<{ id: string; extra: unknown }>`select id, is_extra as extra from email_records order by id`.execute(db)).rows;
        expect(rows.map((r) => [r.id, Boolean(r.extra)])).toEqual([
          ['a-done', false],
          ['a-later', true],
          ['a-open', true],
          ['b-new', true],
          ['b-old', false],
          ['n-1', false],
          ['n-2', true],
        ]);
        const leads = (await sql<{ id: string; done: unknown }>`select id, last_completed as done from leads order by id`.execute(db)).rows;
        expect(leads.filter((l) => l.id === 'la' || l.id === 'lb').map((l) => [l.id, Boolean(l.done)])).toEqual([
          ['la', true],
          ['lb', false],
        ]);
        // A later migration (one owner for a person's data, decision 0016) gives the records without a lead one.
        expect(leads).toHaveLength(3);
        const orphans = (await sql<{ lead_id: string | null }>`select lead_id from email_records where id in ('n-1', 'n-2')`.execute(db)).rows;
        expect(orphans.every((r) => r.lead_id !== null)).toBe(true);
        // A second person row in another case is refused from now on (it names its lead: only the case differs).
        await expect(
          db
            .insertInto('email_records')
            .values(record('b-again', 'B@X.test', 'c1', true, 9, 'lb'))
            .execute(),
        ).rejects.toThrow(/unique/i);

        // And it can be undone (every row kept: no two open rows had the same spelling).
        expect((await migrator.migrateTo('2026-11-25T0100-resume-token-expiry')).error).toBeUndefined();
        expect((await db.selectFrom('email_records').select('id').execute()).length).toBe(7);
      }));
  });
});
