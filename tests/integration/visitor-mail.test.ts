import { afterAll, beforeEach, expect, it } from 'vitest';
import type { EmailAddResult } from '#shared/responses/responses.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { createActiveCampaign, surveyText } from '../factories/campaigns';

/*
 * Decision 0014: the site must not mail any inbox on request. Visitor mail (confirmations and
 * "continue" links) is limited per recipient and per sender address, and never carries what a
 * visitor typed (docs/decisions/0014-visitor-mail.md).
 */

const mail = await startMailServer();
afterAll(() => mail.close());

const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'who', title: 'Your name', leadField: 'name' },
        {
          type: 'radiogroup',
          name: 'size',
          title: 'Bedrooms',
          choices: [
            { value: 2, text: 'Two' },
            { value: 3, text: 'Three' },
          ],
        },
        { type: 'comment', name: 'notes', title: 'Anything else?' },
      ],
    },
  ],
};

const PER_RECIPIENT = 3;
const PER_SENDER = 5;

const NOTIFY = {
  smtpUrl: mail.url,
  mailFrom: '"Test Studio" <studio@abode.test>',
  mailDir: '/nonexistent',
  notifyEmails: ['owner@abode.test'],
  confirmVisitors: true,
  allowPrivateWebhooks: true,
  dispatch: false,
  visitorMailLimits: { perRecipientHour: PER_RECIPIENT, perSenderHour: PER_SENDER },
};

async function drain(ctx: TestContext) {
  for (let i = 0; i < 50; i++) {
    const { fannedOut, attempted } = await ctx.app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
  throw new Error('the dispatcher did not settle');
}

/** A sign-up and a finished survey for `email`, sent from `remoteAddress`. */
async function signUp(ctx: TestContext, campaignId: string, email: string, remoteAddress: string, answer: Record<string, unknown>) {
  const added = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId }, remoteAddress });
  expect(added.statusCode === 200 || added.statusCode === 201).toBe(true);
  const emailId = added.json<EmailAddResult>().emailID;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/campaign/response/${campaignId}`,
    payload: { response: { email, emailId, answer } },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
}

const toVisitor = (address: string) => mail.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);
/** Mail traffic settles: nothing more arrives for a moment. */
async function settled() {
  let count = -1;
  while (count !== mail.messages.length) {
    count = mail.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describeEachDatabase(
  'visitor mail',
  (ctx) => {
    let campaignId = '';
    beforeEach(async () => {
      campaignId ||= await createActiveCampaign(ctx, { name: 'Dream home', questions: surveyText(SURVEY) });
      await drain(ctx);
      await settled();
      mail.messages.length = 0;
    });

    it('60 sign-ups for one stranger address make at most the per-recipient limit of mails', async () => {
      const stranger = 'stranger@example.com';
      for (let i = 0; i < 60; i++)
        await signUp(ctx, campaignId, i % 2 ? stranger : stranger.toUpperCase(), `10.17.${Math.floor(i / PER_SENDER)}.${i % PER_SENDER}`, { size: 2 });
      await drain(ctx);
      await settled();
      const received = mail.messages.filter((m) => m.subject?.startsWith('Thank you'));
      expect(received.length).toBe(PER_RECIPIENT);
      const deliveries = await ctx.database.db.selectFrom('notificationDeliveries').select(['status']).where('channel', '=', 'visitor_email').execute();
      expect(deliveries.filter((d) => d.status === 'delivered')).toHaveLength(PER_RECIPIENT);
      expect(deliveries.filter((d) => d.status === 'skipped')).toHaveLength(60 - PER_RECIPIENT);
    });

    it('one sender address mails at most its limit of different inboxes an hour', async () => {
      for (let i = 0; i < 12; i++) await signUp(ctx, campaignId, `sprayed${i}@example.com`, '10.18.0.1', { size: 3 });
      await drain(ctx);
      await settled();
      expect(mail.messages.filter((m) => m.subject?.startsWith('Thank you'))).toHaveLength(PER_SENDER);
      // Staff still hear of every one.
      expect(mail.messages.filter((m) => m.subject?.startsWith('New lead'))).toHaveLength(12);
    });

    it('never puts what a visitor typed in the mail to the visitor; staff get all of it', async () => {
      const email = 'typed-text@example.com';
      const lure = 'Your account is locked: sign in at https://evil.example/login';
      await signUp(ctx, campaignId, email, '10.19.0.1', { who: `Dear customer. ${lure}`, size: 2, notes: lure });
      await drain(ctx);
      await mail.waitFor(2);
      const [visitor] = toVisitor(email);
      expect(visitor).toBeDefined();
      for (const part of [visitor!.text ?? '', String(visitor!.html), visitor!.subject ?? '']) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Dear customer');
      }
      expect(visitor!.text).toContain('Dream home');
      const staff = mail.messages.find((m) => m.subject?.startsWith('New lead'))!;
      expect(staff.text).toContain(lure);
    });
  },
  { notify: NOTIFY, publicBaseUrl: 'https://abode.test' },
);

it('reads the limits from the environment, 3 and 10 by default', async () => {
  const { loadConfig } = await import('#server/config');
  const base = { DATA_DIR: '/tmp/abode-visitor-mail-config', JWT_SECRET: 'x'.repeat(40) };
  expect(loadConfig(base).notify.visitorMailLimits).toEqual({ perRecipientHour: 3, perSenderHour: 10 });
  expect(loadConfig({ ...base, VISITOR_MAIL_PER_RECIPIENT_HOUR: '1', VISITOR_MAIL_PER_ADDRESS_HOUR: '4' }).notify.visitorMailLimits).toEqual({
    perRecipientHour: 1,
    perSenderHour: 4,
  });
  expect(() => loadConfig({ ...base, VISITOR_MAIL_PER_RECIPIENT_HOUR: '0' })).toThrow(/VISITOR_MAIL_PER_RECIPIENT_HOUR/);
});
