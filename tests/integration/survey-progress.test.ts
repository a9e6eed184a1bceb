import { createHash } from 'node:crypto';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { SURVEY_PROGRESS_API } from '#shared/responses/responses.api';
import { type EmailAddResult, type SurveyProgress } from '#shared/responses/responses.contract';
import { type LeadDetail, type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { listUnfinishedAnswers } from '#server/features/responses/survey-progress.repository';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { addEmail, createActiveCampaign, respond } from '../factories/campaigns';
import { readWorkbook } from '../helpers/xlsx';

const mail = await startMailServer();
afterAll(() => mail.close());

const SURVEY = {
  pages: [
    {
      name: 'you',
      elements: [
        { type: 'text', name: 'who', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'phone', title: 'Phone', leadField: 'phone' },
      ],
    },
    { name: 'budget', elements: [{ type: 'text', name: 'budget', title: 'Budget' }] },
    { name: 'more', elements: [{ type: 'comment', name: 'notes', title: 'Anything else?' }] },
  ],
};
const QUESTIONS = JSON.stringify(SURVEY);

const NOTIFY = {
  smtpUrl: mail.url,
  mailFrom: '"Test Studio" <studio@abode.test>',
  mailDir: '/nonexistent',
  notifyEmails: ['owner@abode.test'],
  confirmVisitors: false,
  allowPrivateWebhooks: true,
  dispatch: false,
};

let visitors = 0;
const visitor = () => `progress${++visitors}@example.com`;

function save(ctx: TestContext, campaignId: string, response: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: SURVEY_PROGRESS_API.save(campaignId), payload: { response } });
}

function read(ctx: TestContext, campaignId: string, token: string) {
  return ctx.app.inject({ method: 'GET', url: SURVEY_PROGRESS_API.read(campaignId, token) });
}

async function saved(ctx: TestContext, campaignId: string, response: Record<string, unknown>): Promise<string> {
  const res = await save(ctx, campaignId, response);
  expect(res.statusCode, res.body).toBe(200);
  const { resumeToken } = res.json<{ resumeToken: string }>();
  expect(resumeToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  return resumeToken;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The resume token in a "continue" e-mail's link. */
function tokenInMail(text: string): string {
  const match = /https:\/\/abode\.test\/startsurvey\?resume=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

describeEachDatabase(
  'survey progress',
  (ctx) => {
    let campaignId = '';

    beforeEach(async () => {
      campaignId ||= await createActiveCampaign(ctx, { questions: QUESTIONS });
      await drainNotifications(ctx);
      mail.messages.length = 0;
    });

    it('keeps the answers so far (the last write wins, the furthest page stays) and gives them back only for the token', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      const token = await saved(ctx, campaignId, { email, emailId, answer: { who: 'Asha', phone: '98450 12345' }, page: 1 });
      const again = await saved(ctx, campaignId, {
        email,
        emailId,
        answer: { who: 'Asha R', phone: '98450 12345', budget: '1 crore' },
        page: 2,
        resumeToken: token,
      });
      expect(again).toBe(token);
      // Back to page 2: the page follows the visitor, the furthest page does not go back.
      await saved(ctx, campaignId, { email, emailId, answer: { who: 'Asha R', phone: '98450 12345', budget: '2 crore' }, page: 1, resumeToken: token });

      const res = await read(ctx, campaignId, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json<SurveyProgress>()).toEqual({ answer: { who: 'Asha R', phone: '98450 12345', budget: '2 crore' }, page: 1, email, emailId });

      const rows = await ctx.database.db.selectFrom('surveyProgress').selectAll().where('emailRecordId', '=', emailId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ campaignId, page: 1, furthestPage: 2 });
      // Only the token's hash is kept.
      const tokens = await ctx.database.db.selectFrom('surveyResumeTokens').selectAll().where('emailRecordId', '=', emailId).execute();
      expect(tokens.map((t) => t.tokenHash)).toEqual([sha256(token)]);
      expect(JSON.stringify(tokens)).not.toContain(token);
      const expires = new Date(tokens[0]!.expiresAt).getTime() - new Date(tokens[0]!.createdAt).getTime();
      expect(expires).toBe(30 * 24 * 60 * 60 * 1000);
    });

    it('is not a response: nothing is completed, counted, listed, exported or notified', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      await drainNotifications(ctx);
      const eventsBefore = await ctx.database.db.selectFrom('notificationEvents').select('id').execute();
      await saved(ctx, campaignId, { email, emailId, answer: { who: 'Ravi', budget: '80 lakh' }, page: 1 });

      const count = await ctx.asStaff({ method: 'GET', url: `/api/campaign/recordcnt/${campaignId}` });
      const answers = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}` });
      const records = await ctx.asStaff({ method: 'GET', url: `/api/email/get/${campaignId}` });
      expect(answers.json<Array<{ email: string }>>().filter((a) => a.email === email)).toEqual([]);
      const responsesBefore = count.json<{ count: number }>().count;
      expect(responsesBefore).toBe(answers.json<unknown[]>().length);
      expect(records.json<Array<{ email: string; isCompleted: boolean }>>().find((r) => r.email === email)).toMatchObject({ isCompleted: false });

      const download = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaignId}` });
      expect(download.statusCode).toBe(200);
      const workbook = await readWorkbook(download.rawPayload);
      const cells: string[] = [];
      workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
      expect(cells).not.toContain('Ravi');
      expect(cells).not.toContain('80 lakh');

      const eventsAfter = await ctx.database.db.selectFrom('notificationEvents').select('id').execute();
      expect(eventsAfter).toHaveLength(eventsBefore.length);
    });

    it('checks a save as a response is checked', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      const other = await addEmail(ctx, visitor(), campaignId);
      const body = { email, emailId, answer: { who: 'Asha' }, page: 0 };

      const mismatch = await save(ctx, campaignId, { ...body, emailId: other });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({ code: 'VALIDATION', message: CAMPAIGN_MESSAGES.emailMismatch });

      const elsewhere = await createActiveCampaign(ctx, { questions: QUESTIONS });
      const otherCampaign = await save(ctx, elsewhere, body);
      expect(otherCampaign.statusCode).toBe(400);
      expect(otherCampaign.json()).toMatchObject({ message: CAMPAIGN_MESSAGES.emailRecordOtherCampaign });
      // Back to the campaign these tests use.
      await ctx.asStaff({ method: 'POST', url: `/api/campaign/activate/${campaignId}`, payload: { isActivated: true } });

      expect((await save(ctx, campaignId, { ...body, emailId: 'no-such-record' })).json()).toMatchObject({ message: CAMPAIGN_MESSAGES.emailRecordNotFound });
      expect((await save(ctx, 'no-such-campaign', body)).json()).toMatchObject({ code: 'NOT_FOUND', message: CAMPAIGN_MESSAGES.notFound });
      expect((await save(ctx, campaignId, { ...body, answer: [1, 2] })).statusCode).toBe(400);
      expect((await save(ctx, campaignId, { ...body, page: -1 })).statusCode).toBe(400);
      expect((await save(ctx, campaignId, { ...body, page: 1.5 })).statusCode).toBe(400);

      const huge = await save(ctx, campaignId, { ...body, answer: { notes: 'x'.repeat(300 * 1024) } });
      expect(huge.statusCode).toBe(413);
      expect(huge.body).not.toMatch(/stack|select|insert/i);
      expect(await ctx.database.db.selectFrom('surveyProgress').select('emailRecordId').where('emailRecordId', '=', emailId).execute()).toEqual([]);
    });

    it('reads nothing without a valid, unexpired token of this campaign', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      const token = await saved(ctx, campaignId, { email, emailId, answer: { phone: '98450 00000' }, page: 1 });

      expect((await ctx.app.inject({ method: 'GET', url: `/api/campaign/progress/${campaignId}` })).statusCode).toBe(400);
      for (const wrong of ['x', token.slice(0, -1), `${token}x`, sha256(token)]) {
        const res = await read(ctx, campaignId, wrong);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'RESUME_LINK_INVALID', message: CAMPAIGN_MESSAGES.resumeLinkInvalid, key: 'msg.survey.resumeLinkInvalid' });
      }
      expect((await read(ctx, 'another-campaign', token)).statusCode).toBe(404);

      await ctx.database.db
        .updateTable('surveyResumeTokens')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('tokenHash', '=', sha256(token))
        .execute();
      const expired = await read(ctx, campaignId, token);
      expect(expired.statusCode).toBe(404);
      expect(expired.body).not.toContain('98450');
      // An expired token is not honoured when saving either: the save gets a new one.
      const fresh = await saved(ctx, campaignId, { email, emailId, answer: { phone: '98450 00000' }, page: 1, resumeToken: token });
      expect(fresh).not.toBe(token);
      expect((await read(ctx, campaignId, fresh)).statusCode).toBe(200);
    });

    it('forgets every token past its expiry when a new one is issued, of any visitor', async () => {
      const abandoned = visitor();
      const abandonedId = await addEmail(ctx, abandoned, campaignId);
      const old = await saved(ctx, campaignId, { email: abandoned, emailId: abandonedId, answer: { who: 'Gone' }, page: 0 });
      await ctx.database.db
        .updateTable('surveyResumeTokens')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('tokenHash', '=', sha256(old))
        .execute();
      const hashes = async () => (await ctx.database.db.selectFrom('surveyResumeTokens').select('tokenHash').execute()).map((r) => r.tokenHash);
      expect(await hashes()).toContain(sha256(old));

      const other = visitor();
      const otherId = await addEmail(ctx, other, campaignId);
      const fresh = await saved(ctx, campaignId, { email: other, emailId: otherId, answer: { who: 'Here' }, page: 0 });
      const left = await hashes();
      expect(left).not.toContain(sha256(old));
      expect(left).toContain(sha256(fresh));
      // The abandoned answers stay, unfinished, on the lead: only the way back to them is gone.
      expect((await read(ctx, campaignId, old)).statusCode).toBe(404);
      const kept = await ctx.database.db.selectFrom('surveyProgress').select('answer').where('emailRecordId', '=', abandonedId).executeTakeFirst();
      expect(JSON.parse(kept!.answer)).toEqual({ who: 'Gone' });
    });

    it('answers an e-mail alone with a link sent to that mailbox, never with the answers', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      await saved(ctx, campaignId, { email, emailId, answer: { who: 'Meera', phone: '90000 11111', budget: '3 crore' }, page: 2 });
      await drainNotifications(ctx);
      mail.messages.length = 0;

      // A second device (or anyone) types the same e-mail.
      const again = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId } });
      expect(again.statusCode).toBe(200);
      // Never the record itself: an attempt of its own, and the link in the mailbox.
      expect(again.json<EmailAddResult>()).toEqual({
        emailID: expect.any(String),
        message: CAMPAIGN_MESSAGES.resumeLinkSent,
        newsletter: false,
        resumeLinkSent: true,
      });
      expect(again.json<EmailAddResult>().emailID).not.toBe(emailId);
      for (const secret of ['Meera', '90000', '3 crore']) expect(again.body).not.toContain(secret);

      await drainNotifications(ctx);
      const [continueMail] = await mail.waitFor(1);
      expect(continueMail!.to).toMatchObject({ text: email });
      expect(continueMail!.subject).toBe('Continue your survey — Test Studio');
      const token = tokenInMail(continueMail!.text ?? '');
      expect(String(continueMail!.html)).toContain(`https://abode.test/startsurvey?resume=${token}`);
      for (const secret of ['Meera', '90000', '3 crore']) expect(continueMail!.text).not.toContain(secret);
      // Only the visitor hears of it: no staff e-mail, no webhook; the outbox never held the token.
      expect(mail.messages).toHaveLength(1);
      const event = await ctx.database.db
        .selectFrom('notificationEvents')
        .selectAll()
        .where('type', '=', 'survey.resume_link')
        .where('subjectId', '=', emailId)
        .executeTakeFirstOrThrow();
      const deliveries = await ctx.database.db.selectFrom('notificationDeliveries').selectAll().where('eventId', '=', event.id).execute();
      expect(deliveries.map((d) => [d.channel, d.status])).toEqual([['visitor_email', 'delivered']]);
      expect(JSON.stringify({ event, deliveries })).not.toContain(token);

      // The link's token is the way back: the answers, and the record the journey needs.
      const res = await read(ctx, campaignId, token);
      expect(res.statusCode).toBe(200);
      expect(res.json<SurveyProgress>()).toEqual({ answer: { who: 'Meera', phone: '90000 11111', budget: '3 crore' }, page: 2, email, emailId });

      // Asking again at once sends nothing new.
      const third = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId } });
      expect(third.json<EmailAddResult>()).toMatchObject({ resumeLinkSent: true });
      expect(third.json<EmailAddResult>().emailID).not.toBe(emailId);
      await drainNotifications(ctx);
      expect(mail.messages).toHaveLength(1);
    });

    it('does not offer the "continue" event to webhooks', async () => {
      const res = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url: 'https://hooks.example/in', events: ['survey.resume_link'] } });
      expect(res.statusCode).toBe(400);
    });

    it('lets a token read only what was written after it: a save without the token revokes it', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      const visitorToken = await saved(ctx, campaignId, { email, emailId, answer: { who: 'Nila' }, page: 0 });

      // Someone who knows only the e-mail writes over the answers (the last write wins) …
      const intruderToken = await saved(ctx, campaignId, { email, emailId, answer: { who: 'not Nila' }, page: 0 });
      expect(intruderToken).not.toBe(visitorToken);
      // … which revokes the visitor's token: the intruder's answers are not shown to it either.
      expect((await read(ctx, campaignId, visitorToken)).statusCode).toBe(404);

      // The visitor asks for a link and goes on with it: the intruder's older token stops working.
      expect((await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId } })).json()).toMatchObject({
        resumeLinkSent: true,
      });
      await drainNotifications(ctx);
      const [continueMail] = await mail.waitFor(1);
      const mailed = tokenInMail(continueMail!.text ?? '');
      expect(await saved(ctx, campaignId, { email, emailId, answer: { who: 'Nila', phone: '91111 22222' }, page: 1, resumeToken: mailed })).toBe(mailed);
      expect((await read(ctx, campaignId, intruderToken)).statusCode).toBe(404);
      expect((await read(ctx, campaignId, mailed)).json<SurveyProgress>().answer).toEqual({ who: 'Nila', phone: '91111 22222' });
    });

    it('finishing stores one response, deletes the progress and every token, and cannot be reopened', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      const token = await saved(ctx, campaignId, { email, emailId, answer: { who: 'Kiran' }, page: 1 });

      const first = await respond(ctx, campaignId, email, emailId, { who: 'Kiran', budget: '1 crore' });
      expect(first.statusCode).toBe(200);
      expect(await ctx.database.db.selectFrom('surveyProgress').select('emailRecordId').where('emailRecordId', '=', emailId).execute()).toEqual([]);
      expect(await ctx.database.db.selectFrom('surveyResumeTokens').select('tokenHash').where('emailRecordId', '=', emailId).execute()).toEqual([]);
      expect((await read(ctx, campaignId, token)).statusCode).toBe(404);

      const late = await save(ctx, campaignId, { email, emailId, answer: { who: 'Kiran again' }, page: 1, resumeToken: token });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'SURVEY_FINISHED', message: CAMPAIGN_MESSAGES.surveyFinished });
      expect(await ctx.database.db.selectFrom('surveyProgress').select('emailRecordId').where('emailRecordId', '=', emailId).execute()).toEqual([]);

      expect((await respond(ctx, campaignId, email, emailId, { who: 'Kiran twice' })).statusCode).toBe(200);
      const responses = await ctx.database.db.selectFrom('surveyResponses').select(['answer']).where('emailRecordId', '=', emailId).execute();
      expect(responses.map((r) => JSON.parse(r.answer))).toEqual([{ who: 'Kiran', budget: '1 crore' }]);

      // The same e-mail later starts afresh: a new attempt, no link, nothing of the old answers.
      const next = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId } });
      expect(next.statusCode).toBe(200);
      expect(next.json<EmailAddResult>().resumeLinkSent).toBeUndefined();
      expect(next.json<EmailAddResult>().emailID).not.toBe(emailId);
    });

    it('a save racing the response never leaves answers or a token behind a finished survey', async () => {
      const records = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const email = visitor();
          return { email, emailId: await addEmail(ctx, email, campaignId) };
        }),
      );
      const outcomes = await Promise.all(
        records.map(({ email, emailId }) =>
          Promise.all([
            save(ctx, campaignId, { email, emailId, answer: { who: 'racing' }, page: 1 }),
            respond(ctx, campaignId, email, emailId, { who: 'done' }),
          ]),
        ),
      );
      for (const [saveRes, responseRes] of outcomes) {
        expect([200, 409]).toContain(saveRes.statusCode);
        expect(responseRes.statusCode).toBe(200);
      }
      const ids = records.map((r) => r.emailId);
      expect(await ctx.database.db.selectFrom('surveyProgress').select('emailRecordId').where('emailRecordId', 'in', ids).execute()).toEqual([]);
      expect(await ctx.database.db.selectFrom('surveyResumeTokens').select('tokenHash').where('emailRecordId', 'in', ids).execute()).toEqual([]);
      const stored = await ctx.database.db.selectFrom('surveyResponses').select('emailRecordId').where('emailRecordId', 'in', ids).execute();
      expect(stored).toHaveLength(ids.length);
    });

    it('shows unfinished answers on the lead, marked, with when they were last saved; and lists them per campaign', async () => {
      const email = visitor();
      const emailId = await addEmail(ctx, email, campaignId);
      await saved(ctx, campaignId, { email, emailId, answer: { who: 'Tara', phone: '93333 44444' }, page: 1 });
      const row = await ctx.database.db.selectFrom('surveyProgress').select('updatedAt').where('emailRecordId', '=', emailId).executeTakeFirstOrThrow();

      const list = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(email)}` });
      const leadId = list.json<LeadList>().items[0]!._id;
      const lead = (await ctx.asStaff({ method: 'GET', url: LEADS_API.one(leadId) })).json<LeadDetail>();
      const progress = lead.activities.filter((a) => a.type === 'progress');
      expect(progress).toEqual([
        {
          type: 'progress',
          at: new Date(row.updatedAt).toISOString(),
          campaignId,
          campaignName: expect.any(String),
          completed: false,
          page: 2,
          furthestPage: 2,
          answers: [
            { question: 'Your name', answer: 'Tara' },
            { question: 'Phone', answer: '93333 44444' },
          ],
        },
      ]);

      const other = visitor();
      const otherId = await addEmail(ctx, other, campaignId);
      await saved(ctx, campaignId, { email: other, emailId: otherId, answer: { who: 'Uma' }, page: 0 });
      const unfinished = await listUnfinishedAnswers(ctx.database.db, campaignId, { limit: 1, offset: 0 });
      expect(unfinished.total).toBeGreaterThanOrEqual(2);
      expect(unfinished.items).toHaveLength(1);
      expect(unfinished.items[0]).toMatchObject({ emailRecordId: otherId, email: other, page: 0, furthestPage: 0 });
      const second = await listUnfinishedAnswers(ctx.database.db, campaignId, { limit: 1, offset: 1 });
      expect(second.items[0]).toMatchObject({ emailRecordId: emailId, email });

      // Finished: off the lead's unfinished answers and off the list.
      await respond(ctx, campaignId, email, emailId, { who: 'Tara' });
      const after = (await ctx.asStaff({ method: 'GET', url: LEADS_API.one(leadId) })).json<LeadDetail>();
      expect(after.activities.filter((a) => a.type === 'progress')).toEqual([]);
      const all = await listUnfinishedAnswers(ctx.database.db, campaignId, { limit: 100, offset: 0 });
      expect(all.items.map((i) => i.emailRecordId)).not.toContain(emailId);
    });
  },
  { notify: NOTIFY, publicBaseUrl: 'https://abode.test' },
);

describeEachDatabase(
  'survey progress rate limit',
  (ctx) => {
    it('limits saves per address as responses are, from the one budget the e-mail step also takes', async () => {
      const campaignId = await createActiveCampaign(ctx, { questions: QUESTIONS });
      const email = visitor();
      // The e-mail step is a public write too: one budget of 3 for it and the saves (PUBLIC_WRITE_LIMIT, README "Configuration").
      const emailId = await addEmail(ctx, email, campaignId);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await save(ctx, campaignId, { email, emailId, answer: { who: `try ${i}` }, page: 0 })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await save(ctx, campaignId, { email, emailId, answer: { who: 'again' }, page: 0 });
      expect(limited.statusCode).toBe(429);
      // Seconds until the one-minute window lets this address save again.
      expect(String(limited.headers['retry-after'])).toMatch(/^\d+$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'RATE_LIMITED', key: 'msg.server.tooMany' });
    });
  },
  { publicWriteLimit: 3 },
);
