import { expect, it } from 'vitest';
import { RetentionJob } from '#server/features/privacy';
import { personalDataRegistry } from '#server/personal-data.registry';
import type { EmailAddResult } from '#shared/responses/responses.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { createActiveCampaign, respond } from '../factories/campaigns';

/*
 * Decision 0016: the daily retention run, on a clock the test controls: unfinished answers older
 * than retentionUnfinishedDays go (the e-mail record and finished answers stay); leads idle for
 * retentionLeadDays are erased whole; two instances at once run it once.
 */

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('retention', (ctx) => {
  function job(now: () => Date, retention: { retentionUnfinishedDays: number; retentionLeadDays: number | null }) {
    return new RetentionJob({
      database: ctx.database,
      registry: personalDataRegistry,
      mailDir: ctx.config.notify.mailDir,
      retention: async () => retention,
      now,
    });
  }
  const add = async (email: string, campaignid: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid } })).json<EmailAddResult>().emailID;
  const save = (c: TestContext, campaignId: string, email: string, emailId: string) =>
    c.app.inject({
      method: 'POST',
      url: `/api/campaign/progress/${campaignId}`,
      payload: { response: { email, emailId, answer: { propertyType: 'Villa' }, page: 0 } },
    });

  it('erases unfinished answers older than the setting, once a day, on one of two instances', async () => {
    const campaignId = await createActiveCampaign(ctx);
    const staleId = await add('stale@example.com', campaignId);
    expect((await save(ctx, campaignId, 'stale@example.com', staleId)).statusCode).toBe(200);
    const doneId = await add('done@example.com', campaignId);
    expect((await respond(ctx, campaignId, 'done@example.com', doneId, { propertyType: 'Villa' })).statusCode).toBe(200);

    const db = ctx.database.db;
    const progress = () => db.selectFrom('surveyProgress').select('emailRecordId').execute();
    expect(await progress()).toHaveLength(1);

    // 179 days on: not yet.
    let now = new Date(Date.now() + 179 * DAY);
    const a = job(() => now, { retentionUnfinishedDays: 180, retentionLeadDays: null });
    const b = job(() => now, { retentionUnfinishedDays: 180, retentionLeadDays: null });
    expect(await a.runIfDue()).toEqual({ unfinished: 0, leads: 0 });
    expect(await progress()).toHaveLength(1);
    // Not due again the same day, on either instance.
    expect(await b.runIfDue()).toBeNull();

    // A day later: two instances at once, one runs.
    now = new Date(now.getTime() + DAY + 1000);
    const results = await Promise.all([a.runIfDue(), b.runIfDue()]);
    expect(results.filter((r) => r !== null)).toEqual([{ unfinished: 1, leads: 0 }]);
    expect(await progress()).toEqual([]);
    // The e-mail record, the lead and the finished answer stay.
    expect(await db.selectFrom('emailRecords').select('id').where('id', 'in', [staleId, doneId]).execute()).toHaveLength(2);
    expect(await db.selectFrom('surveyResponses').select('id').where('emailRecordId', '=', doneId).execute()).toHaveLength(1);
  });

  it('erases leads idle for retentionLeadDays, whole, and none while it is off', async () => {
    const campaignId = await createActiveCampaign(ctx);
    const id = await add('idle-person@example.com', campaignId);
    expect((await respond(ctx, campaignId, 'idle-person@example.com', id, { propertyType: 'Villa' })).statusCode).toBe(200);
    const db = ctx.database.db;
    const lead = () => db.selectFrom('leads').select('id').where('emailKey', '=', 'idle-person@example.com').executeTakeFirst();
    expect(await lead()).toBeDefined();

    // Off (null): kept however old.
    let now = new Date(Date.now() + 1000 * DAY);
    expect(await job(() => now, { retentionUnfinishedDays: 180, retentionLeadDays: null }).runIfDue()).toMatchObject({ leads: 0 });
    expect(await lead()).toBeDefined();

    now = new Date(now.getTime() + DAY + 1000);
    const result = await job(() => now, { retentionUnfinishedDays: 180, retentionLeadDays: 365 }).runIfDue();
    expect(result!.leads).toBeGreaterThanOrEqual(1);
    expect(await lead()).toBeUndefined();
    expect(await db.selectFrom('emailRecords').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('surveyResponses').select('id').where('emailRecordId', '=', id).execute()).toEqual([]);
    const audit = await db.selectFrom('auditLog').selectAll().where('kind', '=', 'lead.erased').execute();
    expect(audit.every((e) => e.actorName === 'System' && e.recordId === null)).toBe(true);
  });
});
