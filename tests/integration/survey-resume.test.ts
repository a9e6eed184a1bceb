import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { SURVEY_PROGRESS_API } from '#shared/responses/responses.api';
import { type EmailAddResult, type SurveyResume } from '#shared/responses/responses.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { activateCampaign, createActiveCampaign, respond } from '../factories/campaigns';

/*
 * A resume link keeps working for its 30 days when the active campaign changes: it
 * opens the survey it was made for (its campaign, its questions), not the one active now.
 */

const mail = await startMailServer();
afterAll(() => mail.close());

const survey = (question: string) =>
  JSON.stringify({
    pages: [
      { name: 'p1', elements: [{ type: 'text', name: question, title: question }] },
      { name: 'p2', elements: [{ type: 'text', name: 'more' }] },
    ],
  });

const add = (ctx: TestContext, email: string, campaignid: string) => ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid } });
const save = (ctx: TestContext, campaignId: string, response: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: SURVEY_PROGRESS_API.save(campaignId), payload: { response } });
const resume = (ctx: TestContext, token: string) => ctx.app.inject({ method: 'GET', url: SURVEY_PROGRESS_API.resume(token) });

async function drain(ctx: TestContext) {
  for (let i = 0; i < 20; i++) {
    const { fannedOut, attempted } = await ctx.app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
}

describeEachDatabase(
  'resume link after the active campaign changes',
  (ctx) => {
    it('opens the survey the link was made for, which can still be saved and finished', async () => {
      const first = await createActiveCampaign(ctx, { questions: survey('firstQuestion') });
      const email = 'resume-first@example.com';
      const emailId = (await add(ctx, email, first)).json<EmailAddResult>().emailID;
      expect((await save(ctx, first, { email, emailId, answer: { firstQuestion: 'kept' }, page: 1 })).statusCode).toBe(200);
      // The e-mailed link (the visitor types the e-mail on another device).
      await drain(ctx);
      mail.messages.length = 0;
      expect((await add(ctx, email, first)).json<EmailAddResult>().resumeLinkSent).toBe(true);
      await drain(ctx);
      const [continueMail] = await mail.waitFor(1);
      const token = /resume=([A-Za-z0-9_-]+)/.exec(continueMail!.text ?? '')![1]!;

      // The studio switches to another survey.
      const second = await createActiveCampaign(ctx, { questions: survey('secondQuestion') });
      const active = (await ctx.app.inject({ method: 'GET', url: '/api/campagin/active' })).json<Array<{ _id: string }>>();
      expect(active.map((c) => c._id)).toEqual([second]);

      const res = await resume(ctx, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<SurveyResume>();
      expect(body.campaign._id).toBe(first);
      expect(body.campaign.questions).toContain('firstQuestion');
      expect(body.progress).toEqual({ answer: { firstQuestion: 'kept' }, page: 1, email, emailId });

      // The visitor goes on with it and finishes: the answer is the first survey's.
      const saved = await save(ctx, first, { email, emailId, answer: { firstQuestion: 'kept', more: 'yes' }, page: 1, resumeToken: token });
      expect(saved.statusCode).toBe(200);
      expect((await respond(ctx, first, email, emailId, { firstQuestion: 'kept', more: 'yes' })).statusCode).toBe(200);
      expect((await resume(ctx, token)).json()).toMatchObject({ code: 'RESUME_LINK_INVALID', message: CAMPAIGN_MESSAGES.resumeLinkInvalid });
      await activateCampaign(ctx, first);
    });

    it('says plainly that the survey has closed when its campaign is gone (410), not another survey', async () => {
      const gone = await createActiveCampaign(ctx, { questions: survey('goneQuestion') });
      const email = 'resume-gone@example.com';
      const emailId = (await add(ctx, email, gone)).json<EmailAddResult>().emailID;
      const token = (await save(ctx, gone, { email, emailId, answer: { goneQuestion: 'x' }, page: 0 })).json<{ resumeToken: string }>().resumeToken;
      await createActiveCampaign(ctx, { questions: survey('nowQuestion') });
      // The campaign row removed by hand in the database, its visitors' rows left (the app has no way to delete one).
      const db = ctx.database.db;
      if (ctx.dialect === 'sqlite') {
        await sql`pragma foreign_keys = off`.execute(db);
        await db.deleteFrom('campaigns').where('id', '=', gone).execute();
        await sql`pragma foreign_keys = on`.execute(db);
      } else {
        await db.connection().execute(async (conn) => {
          await sql`set session_replication_role = replica`.execute(conn);
          await conn.deleteFrom('campaigns').where('id', '=', gone).execute();
          await sql`set session_replication_role = origin`.execute(conn);
        });
      }
      const res = await resume(ctx, token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'SURVEY_CLOSED', message: CAMPAIGN_MESSAGES.surveyClosed });
      expect(res.body).not.toContain('nowQuestion');
    });

    it('answers a wrong token with the same 404 as ever', async () => {
      const res = await resume(ctx, 'x'.repeat(43));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'RESUME_LINK_INVALID', message: CAMPAIGN_MESSAGES.resumeLinkInvalid });
    });
  },
  {
    notify: {
      smtpUrl: mail.url,
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: ['owner@abode.test'],
      confirmVisitors: false,
      allowPrivateWebhooks: true,
      dispatch: false,
    },
    publicBaseUrl: 'https://abode.test',
  },
);
