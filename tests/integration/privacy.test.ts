import { mkdtempSync, readdirSync, rmSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { PRIVACY_MESSAGES } from '#shared/privacy/privacy.contract';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import type { PublicNotices } from '#shared/consent/consent.contract';
import type { EmailAddResult } from '#shared/responses/responses.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { createActiveCampaign, respond } from '../factories/campaigns';

/*
 * Decision 0016: a person created through every path there is, then erased: no byte of their
 * e-mail, name or phone is left in the database files or the data folder.
 */

const receiver = await startWebhookReceiver();
const mailRoot = mkdtempSync(path.join(tmpdir(), 'abode-privacy-mail-'));
afterAll(async () => {
  await receiver.close();
  rmSync(mailRoot, { recursive: true, force: true });
});

const EMAIL = 'Zubeida.Quarrington@example.com';
const KEY = EMAIL.toLowerCase();
const NAME = 'Zubeida Quarrington';
const PHONE_DIGITS = '9812736450';
const OTHER = 'keeper.visitor@example.com';

const survey = JSON.stringify({
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'fullName', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'mobile', title: 'Mobile', inputType: 'tel', leadField: 'phone' },
        {
          type: 'radiogroup',
          name: 'size',
          title: 'Bedrooms',
          choices: [
            { value: 2, text: 'Two' },
            { value: 3, text: 'Three' },
          ],
        },
      ],
    },
    {
      name: 'p2',
      elements: [
        { type: 'file', name: 'photo', title: 'A photo' },
        { type: 'text', name: 'notes', title: 'Anything else' },
      ],
    },
  ],
});

async function drain(ctx: TestContext) {
  for (let i = 0; i < 30; i++) {
    const { fannedOut, attempted } = await ctx.app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
}

/** Every file under the folder (the database, its log, the mail folder), as bytes. */
function filesUnder(dir: string): Array<{ file: string; bytes: Buffer }> {
  const out: Array<{ file: string; bytes: Buffer }> = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...filesUnder(file));
    else out.push({ file, bytes: readFileSync(file) });
  }
  return out;
}

const TRACES = [KEY, 'zubeida', 'quarrington', PHONE_DIGITS, '98127 36450'];

function tracesIn(text: string): string[] {
  const lower = text.toLowerCase();
  return TRACES.filter((t) => lower.includes(t.toLowerCase()));
}

describeEachDatabase(
  'erasure and access export',
  (ctx) => {
    it('finds every record of a person in the export, then erases all of it, leaving no byte behind', async () => {
      const inject = ctx.app.inject.bind(ctx.app);
      await ctx.asStaff({
        method: 'POST',
        url: WEBHOOKS_API.create,
        payload: { url: receiver.url, events: ['contact.created', 'survey.completed', 'lead.created'] },
      });
      const notices = (await inject({ method: 'GET', url: '/api/consent/notices' })).json<PublicNotices>();

      // 1. An unfinished survey with a resume link mailed, and the newsletter box ticked.
      const first = await createActiveCampaign(ctx, { questions: survey });
      const added = await inject({
        method: 'POST',
        url: '/api/email/add',
        payload: { email: EMAIL, campaignid: first, noticeVersion: notices.survey.version, newsletter: true },
      });
      expect([200, 201]).toContain(added.statusCode);
      const firstId = added.json<EmailAddResult>().emailID;
      const saved = await inject({
        method: 'POST',
        url: `/api/campaign/progress/${first}`,
        payload: { response: { email: EMAIL, emailId: firstId, answer: { fullName: NAME, mobile: '98127 36450' }, page: 1 } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(
        (await inject({ method: 'POST', url: '/api/email/add', payload: { email: EMAIL, campaignid: first } })).json<EmailAddResult>().resumeLinkSent,
      ).toBe(true);

      // 2. A finished survey with an uploaded file, on the next campaign.
      const second = await createActiveCampaign(ctx, { questions: survey });
      const secondAdd = await inject({ method: 'POST', url: '/api/email/add', payload: { email: EMAIL, campaignid: second } });
      const secondId = secondAdd.json<EmailAddResult>().emailID;
      const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`photo of ${NAME}'s room`)]);
      const body = await multipart({ email: EMAIL, emailId: secondId }, { bytes: photo, filename: 'room.png', type: 'image/png' });
      const uploaded = await inject({ method: 'POST', url: `/api/campaign/file/${second}`, ...body });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const file = uploaded.json<{ name: string; type: string; url: string }>();
      const answer = {
        fullName: NAME,
        mobile: '98127 36450',
        size: 3,
        photo: [{ name: file.name, type: file.type, content: file.url }],
        notes: `Call ${NAME}`,
      };
      expect((await respond(ctx, second, EMAIL, secondId, answer)).statusCode).toBe(200);
      // Someone else answers the same survey: their data stays.
      const otherId = (await inject({ method: 'POST', url: '/api/email/add', payload: { email: OTHER, campaignid: second } })).json<EmailAddResult>().emailID;
      expect((await respond(ctx, second, OTHER, otherId, { fullName: 'Kept Person', size: 2 })).statusCode).toBe(200);

      // 3. The contact form.
      const contact = await inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: {
          response: { firstname: 'Zubeida', lastname: 'Quarrington', email: EMAIL, requestquotation: 'Homes', message: `Please call me on ${PHONE_DIGITS}` },
        },
      });
      expect(contact.statusCode, contact.body).toBe(201);

      // 4. Mail (.eml files: the studio's notices and the visitor's) and webhook deliveries.
      await drain(ctx);
      await receiver.waitFor(3);
      expect(receiver.received.some((h) => h.body.toLowerCase().includes(KEY))).toBe(true);

      const lead = await ctx.database.db.selectFrom('leads').select(['id', 'phone']).where('emailKey', '=', KEY).executeTakeFirstOrThrow();
      expect(lead.phone).toContain(PHONE_DIGITS);
      expect((await ctx.asStaff({ method: 'POST', url: `/api/leads/${lead.id}/notes`, payload: { text: `Spoke to ${NAME}` } })).statusCode).toBe(201);

      const mailDir = ctx.config.notify.mailDir;
      const emlBefore = readdirSync(mailDir).filter((n) => n.endsWith('.eml'));
      expect(emlBefore.some((n) => readFileSync(path.join(mailDir, n), 'latin1').toLowerCase().includes(KEY))).toBe(true);
      const summaryBefore = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${second}` })).json<{ total: number }>();

      // The access export: every kind of record.
      const exported = await ctx.asStaff({ method: 'GET', url: PRIVACY_API.export(lead.id) });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-disposition']).toContain('attachment');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the export is free-form JSON, read by path
      const data = exported.json<Record<string, any>>();
      expect(data.leads.lead.email).toBe(EMAIL);
      expect(data.leads.timeline.map((e: { text: string | null }) => e.text)).toContain(`Spoke to ${NAME}`);
      expect(data.responses.emailRecords.map((r: { campaignId: string | null }) => r.campaignId)).toEqual(expect.arrayContaining([first, second]));
      expect(data.responses.responses[0].answer.fullName).toBe(NAME);
      expect(data.responses.unfinished[0].answer.fullName).toBe(NAME);
      expect(Buffer.from(data.responses.files[0].base64, 'base64').equals(photo)).toBe(true);
      expect(data.contact[0].firstname).toBe('Zubeida');
      expect(data.consent.consents.some((c: { purpose: string; granted: boolean }) => c.purpose === 'newsletter' && c.granted)).toBe(true);
      // The ticked box waits for its confirmation: the link mailed for it is the person's data too (decision 0018).
      expect(data.consent.newsletterConfirmations).toEqual([expect.objectContaining({ language: 'en', usedAt: null })]);
      expect(data.notifications.events.map((e: { type: string }) => e.type)).toEqual(
        expect.arrayContaining(['lead.created', 'survey.completed', 'contact.created', 'survey.resume_link']),
      );
      expect(data.notifications.deliveries.length).toBeGreaterThan(0);
      const exportAudit = await ctx.database.db.selectFrom('auditLog').selectAll().where('kind', '=', 'personal-data.exported').execute();
      expect(exportAudit).toHaveLength(1);

      // Erasure.
      const erased = await ctx.asStaff({ method: 'DELETE', url: PRIVACY_API.erase(lead.id) });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json()).toEqual({ message: PRIVACY_MESSAGES.erased });
      expect((await ctx.asStaff({ method: 'DELETE', url: PRIVACY_API.erase(lead.id) })).statusCode).toBe(404);
      expect((await ctx.asStaff({ method: 'GET', url: `/api/leads/${lead.id}` })).statusCode).toBe(404);

      // The audit log keeps that it happened, by whom, not who.
      const audit = await ctx.database.db.selectFrom('auditLog').selectAll().where('kind', '=', 'lead.erased').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ recordType: 'lead', recordId: null, fields: '[]', actorName: 'Test Staff' });

      // Summaries are computed from rows: the person's answer no longer counts; the other one does.
      const summaryAfter = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${second}` })).json<{ total: number }>();
      expect(summaryAfter.total).toBe(summaryBefore.total - 1);
      const kept = await ctx.database.db
        .selectFrom('surveyResponses')
        .innerJoin('emailRecords', 'emailRecords.id', 'surveyResponses.emailRecordId')
        .select('emailRecords.email')
        .execute();
      expect(kept.map((r) => r.email)).toEqual([OTHER]);

      // No .eml file names them any more.
      for (const name of readdirSync(mailDir)) expect(tracesIn(readFileSync(path.join(mailDir, name), 'latin1')), name).toEqual([]);

      if (ctx.dialect === 'sqlite') {
        // The database file and its log, read as bytes after the checkpoint erasure ran.
        for (const { file, bytes } of filesUnder(ctx.config.dataDir)) {
          expect(tracesIn(bytes.toString('latin1')), file).toEqual([]);
        }
      } else {
        // Every table's rows as text.
        const tables = await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          ctx.database.db,
        );
        for (const { name } of tables.rows) {
          const rows = await sql<{ t: string }>`select t::text as t from ${sql.table(name)} t`.execute(ctx.database.db);
          expect(tracesIn(rows.rows.map((r) => r.t).join('\n')), name).toEqual([]);
        }
        for (const { file, bytes } of filesUnder(ctx.config.dataDir)) expect(tracesIn(bytes.toString('latin1')), file).toEqual([]);
      }
    });
  },
  (dialect) => ({
    notify: {
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: path.join(mailRoot, dialect),
      notifyEmails: ['owner@studio.test'],
      confirmVisitors: true,
      allowPrivateWebhooks: true,
      dispatch: false,
    },
    redisKeyPrefix: `abode:privacy-${dialect}:`,
  }),
);
