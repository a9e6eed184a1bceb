import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import type { EmailAddResult } from '#shared/responses/responses.contract';
import type { NewsletterSubscriber, PublicNotices } from '#shared/consent/consent.contract';
import { SETTINGS_API, type SettingsInput, type StudioSettings } from '#shared/settings/settings.contract';
import { consentsOfLead, noticeHash, recordNoticeText, unsubscribeToken } from '#server/features/consent/consent.service';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { readWorkbook, sheetRows } from '../helpers/xlsx';
import { createActiveCampaign, surveyText } from '../factories/campaigns';

/* Decision 0018: notices with versions, consent stored with each record, unsubscribe links on visitor mail. */

const mail = await startMailServer();
afterAll(() => mail.close());

const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'radiogroup', name: 'size', title: 'Bedrooms', choices: [2, 3] }] }] };
const SITE = 'https://abode.test';

async function drain(ctx: TestContext) {
  for (let i = 0; i < 50; i++) {
    const { fannedOut, attempted } = await ctx.app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
  throw new Error('the dispatcher did not settle');
}

async function settled() {
  let count = -1;
  while (count !== mail.messages.length) {
    count = mail.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const toVisitor = (address: string) => mail.messages.filter((m) => !Array.isArray(m.to) && m.to?.text === address);
const toStaff = () => mail.messages.filter((m) => m.subject?.startsWith('New lead'));

async function leadIdOf(ctx: TestContext, email: string): Promise<string> {
  const row = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  return row.id;
}

async function notices(ctx: TestContext): Promise<PublicNotices> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/consent/notices' });
  expect(res.statusCode).toBe(200);
  return res.json<PublicNotices>();
}

/** A header as it was sent (mailparser folds List-* headers into one parsed `list` entry). */
const rawHeader = (m: ParsedMail, name: string) =>
  m.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim()
    .replace(/\r?\n\s+/g, ' ');

const tokenIn = (m: ParsedMail) => /unsubscribe\?token=([\w.%-]+)/.exec(m.text ?? '')?.[1];

describeEachDatabase(
  'consent and unsubscribe',
  (ctx) => {
    let campaignId = '';
    beforeAll(async () => {
      campaignId = await createActiveCampaign(ctx, { name: 'Dream home', questions: surveyText(SURVEY) });
    });
    beforeEach(async () => {
      await drain(ctx);
      await settled();
      mail.messages.length = 0;
    });

    async function signUp(email: string, extra: Record<string, unknown> = {}) {
      const added = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId, ...extra } });
      expect([200, 201]).toContain(added.statusCode);
      return added.json<EmailAddResult>();
    }

    async function finish(email: string) {
      const { emailID } = await signUp(email);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/campaign/response/${campaignId}`,
        payload: { response: { email, emailId: emailID, answer: { size: 2 } } },
      });
      expect(res.statusCode).toBe(200);
    }

    it('serves the notices: what is collected, whom to write to, the privacy page, with version and hash', async () => {
      const n = await notices(ctx);
      expect(n.survey.version).toBeGreaterThanOrEqual(1);
      expect(n.survey.text).toContain('studio@abode.test');
      expect(n.survey.text).toContain('/privacy');
      expect(n.contact.text).toContain('message');
      expect(n.survey.hash).toBe(noticeHash(n.survey.text));
    });

    it('stores the landing notice version, its hash and the newsletter box with the e-mail record', async () => {
      const n = await notices(ctx);
      const added = await signUp('ticked@example.com', { noticeVersion: n.survey.version, newsletter: true });
      expect(Object.keys(added).sort()).toEqual(['emailID', 'message', 'newsletter']);
      const rows = await consentsOfLead(ctx.database.db, await leadIdOf(ctx, 'ticked@example.com'));
      const survey = rows.find((r) => r.purpose === 'survey')!;
      expect(survey).toMatchObject({ source: 'landing', noticeVersion: n.survey.version, noticeHash: n.survey.hash, recordId: added.emailID });
      const newsletter = rows.find((r) => r.purpose === 'newsletter')!;
      expect(Boolean(newsletter.granted)).toBe(true);
      expect(newsletter.noticeHash).toBe(n.newsletter.hash);

      // An old client (neither field): the current notice, and no newsletter.
      await signUp('old-client@example.com');
      const old = await consentsOfLead(ctx.database.db, await leadIdOf(ctx, 'old-client@example.com'));
      expect(old.find((r) => r.purpose === 'survey')!.noticeVersion).toBe(n.survey.version);
      expect(Boolean(old.find((r) => r.purpose === 'newsletter')!.granted)).toBe(false);
    });

    it('stores the contact notice and the newsletter box with the contact message', async () => {
      const n = await notices(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: {
          response: {
            firstname: 'Asha',
            lastname: 'Rao',
            email: 'asha@example.com',
            requestquotation: 'Homes',
            message: 'Hello',
            noticeVersion: n.contact.version,
            newsletter: true,
          },
        },
      });
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).sort()).toEqual(['message']);
      const rows = await consentsOfLead(ctx.database.db, await leadIdOf(ctx, 'asha@example.com'));
      expect(rows.find((r) => r.purpose === 'contact')).toMatchObject({ source: 'contact', noticeVersion: n.contact.version, noticeHash: n.contact.hash });
      expect(Boolean(rows.find((r) => r.purpose === 'newsletter')!.granted)).toBe(true);
    });

    it('keeps the old notice when the text changes; a page that showed the old one stores the old one', async () => {
      const before = await notices(ctx);
      const same = await recordNoticeText(ctx.database.db, 'contact', before.contact.text);
      expect(same.version).toBe(before.contact.version);
      const changed = await recordNoticeText(ctx.database.db, 'contact', `${before.contact.text} Changed.`);
      expect(changed.version).toBe(before.contact.version + 1);
      const versions = await ctx.database.db
        .selectFrom('consentNotices')
        .select(['version', 'hash'])
        .where('purpose', '=', 'contact')
        .orderBy('version')
        .execute();
      expect(versions.map((v) => v.hash)).toEqual(expect.arrayContaining([before.contact.hash, changed.hash]));
      // What the forms show comes from settings: a version recorded by hand is not current.
      expect((await notices(ctx)).contact).toEqual(before.contact);

      await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: {
          response: {
            firstname: 'Old',
            lastname: 'Page',
            email: 'old-page@example.com',
            requestquotation: 'Homes',
            message: 'Hi',
            noticeVersion: before.contact.version,
          },
        },
      });
      const rows = await consentsOfLead(ctx.database.db, await leadIdOf(ctx, 'old-page@example.com'));
      expect(rows.find((r) => r.purpose === 'contact')!.noticeHash).toBe(before.contact.hash);
    });

    it('shows the notices saved in settings: a new version on the next rendered page and in the next record; older records keep theirs', async () => {
      const settingsNow = async () => (await ctx.asStaff({ method: 'GET', url: SETTINGS_API.settings })).json<StudioSettings>();
      const save = async (change: Partial<SettingsInput>) => {
        const { version: _v, updatedAt: _u, ...input } = await settingsNow();
        // The test studio's numbers are placeholders the settings form refuses: real ones are sent.
        const res = await ctx.asStaff({
          method: 'PUT',
          url: SETTINGS_API.settings,
          payload: { ...input, phone: '020 2612 3456', whatsapp: '98450 77777', ...change },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<StudioSettings>();
      };
      /** The notice a server-rendered page shows, with the version its form sends. */
      const rendered = async (url: string) => {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const found = /<p class="notice" data-version="(\d+)">([^<]*)<\/p>/.exec(res.body);
        expect(found, res.body).not.toBeNull();
        return { version: Number(found![1]), text: found![2]! };
      };
      const surveyConsent = async (email: string) => (await consentsOfLead(ctx.database.db, await leadIdOf(ctx, email))).find((r) => r.purpose === 'survey')!;

      const first = await settingsNow();
      const before = await notices(ctx);
      expect(before.survey.text).toBe(first.notices.landing);
      expect(before.contact.text).toBe(first.notices.contact);
      const oldLanding = await rendered('/');
      expect(oldLanding).toEqual({ version: before.survey.version, text: first.notices.landing });
      expect((await rendered('/viewContact')).text).toBe(first.notices.contact);
      await signUp('before-change@example.com', { noticeVersion: oldLanding.version });

      const landing =
        'Casa Verde keeps your e-mail address and survey answers to suggest homes. Write to privacy@casaverde.test to withdraw. Full notice: /privacy.';
      const contact = 'Casa Verde keeps your name, e-mail address and message to answer you. Full notice: /privacy.';
      await save({ notices: { landing, contact } });

      // The next page from the server shows the new texts, each a new version; the old ones are kept.
      const newLanding = await rendered('/');
      expect(newLanding).toEqual({ version: before.survey.version + 1, text: landing });
      const newContact = await rendered('/viewContact');
      expect(newContact.text).toBe(contact);
      const after = await notices(ctx);
      expect(after.survey).toEqual({ purpose: 'survey', language: 'en', version: before.survey.version + 1, text: landing, hash: noticeHash(landing) });
      // (The test above recorded a contact version by hand: the new one comes after it.)
      expect(after.contact).toMatchObject({ text: contact, hash: noticeHash(contact) });
      expect(after.contact.version).toBeGreaterThan(before.contact.version);
      expect(after.newsletter).toEqual(before.newsletter);
      const kept = await ctx.database.db.selectFrom('consentNotices').select(['version', 'text']).where('purpose', '=', 'survey').orderBy('version').execute();
      expect(kept.map((k) => [Number(k.version), k.text])).toEqual(
        expect.arrayContaining([
          [before.survey.version, first.notices.landing],
          [after.survey.version, landing],
        ]),
      );

      // A sign-up from the new page stores the new version; the earlier record keeps the old one, and
      // a page rendered before the change still stores what it showed.
      await signUp('after-change@example.com', { noticeVersion: newLanding.version, newsletter: true });
      expect(await surveyConsent('after-change@example.com')).toMatchObject({ noticeVersion: after.survey.version, noticeHash: noticeHash(landing) });
      expect(await surveyConsent('before-change@example.com')).toMatchObject({ noticeVersion: before.survey.version, noticeHash: before.survey.hash });
      await signUp('open-tab@example.com', { noticeVersion: oldLanding.version });
      expect(await surveyConsent('open-tab@example.com')).toMatchObject({ noticeVersion: before.survey.version, noticeHash: before.survey.hash });
      // An old client that sends no version: the current notice.
      await signUp('no-version@example.com');
      expect(await surveyConsent('no-version@example.com')).toMatchObject({ noticeVersion: after.survey.version, noticeHash: noticeHash(landing) });

      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: {
          response: {
            firstname: 'New',
            lastname: 'Page',
            email: 'new-contact@example.com',
            requestquotation: 'Homes',
            message: 'Hi',
            noticeVersion: newContact.version,
          },
        },
      });
      expect(sent.statusCode).toBe(201);
      const contactRows = await consentsOfLead(ctx.database.db, await leadIdOf(ctx, 'new-contact@example.com'));
      expect(contactRows.find((r) => r.purpose === 'contact')).toMatchObject({ noticeVersion: after.contact.version, noticeHash: noticeHash(contact) });

      // A save that leaves the texts alone makes no new version; a new studio name changes the newsletter's line.
      await save({ address: '44 MG Road, Pune 411001' });
      expect(await notices(ctx)).toEqual(after);
      await save({ name: 'Casa Verde Interiors' });
      const renamed = await notices(ctx);
      expect(renamed.survey).toEqual(after.survey);
      expect(renamed.newsletter.version).toBe(after.newsletter.version + 1);
      expect(renamed.newsletter.text).toContain('Casa Verde Interiors');
      // Back to the first values, as new versions of the old texts (other tests read the notices as they are).
      await save({ name: first.name, address: first.address, notices: first.notices });
      expect((await notices(ctx)).survey).toMatchObject({ version: after.survey.version + 1, text: first.notices.landing, hash: before.survey.hash });
    });

    it('puts an unsubscribe link and the RFC 8058 headers on visitor mail, not on staff mail', async () => {
      await finish('headers@example.com');
      await drain(ctx);
      await mail.waitFor(2);
      await settled();
      const [visitor] = toVisitor('headers@example.com');
      expect(visitor).toBeDefined();
      const token = tokenIn(visitor!);
      expect(token).toBeTruthy();
      expect(visitor!.text).toContain(`${SITE}/unsubscribe?token=`);
      expect(String(visitor!.html)).toContain(`${SITE}/unsubscribe?token=`);
      expect(rawHeader(visitor!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(rawHeader(visitor!, 'list-unsubscribe')).toBe(`<${SITE}/api/unsubscribe?token=${token}>`);
      expect((visitor!.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url).toBe(`${SITE}/api/unsubscribe?token=${token}`);
      expect(rawHeader(toStaff()[0]!, 'list-unsubscribe')).toBeUndefined();
    });

    it('unsubscribes through the page: GET shows the page, its form posts the token and comes back done', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'page@example.com');
      const page = await ctx.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
      expect(page.statusCode).toBe(200);
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(token)}`,
      });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/unsubscribe?done=1');
      const rows = await ctx.database.db.selectFrom('unsubscribes').select('emailKey').execute();
      expect(rows.map((r) => r.emailKey)).toContain('page@example.com');
    });

    it('unsubscribes by the one-click POST read from the mail, with no cookie and no login; then no visitor mail, staff mail still', async () => {
      await finish('oneclick@example.com');
      await drain(ctx);
      await mail.waitFor(2);
      await settled();
      const visitor = toVisitor('oneclick@example.com')[0]!;
      const target = new URL(rawHeader(visitor, 'list-unsubscribe')!.replace(/^<|>$/g, ''));
      expect(target.protocol).toBe('https:');
      const res = await ctx.app.inject({
        method: 'POST',
        url: target.pathname + target.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.stringContaining('unsubscribed') });

      mail.messages.length = 0;
      await finish('OneClick@Example.com');
      await drain(ctx);
      await settled();
      expect(mail.messages.filter((m) => m.subject?.startsWith('Thank you'))).toHaveLength(0);
      expect(toStaff().length).toBeGreaterThan(0);
      const skipped = await ctx.database.db
        .selectFrom('notificationDeliveries')
        .select('status')
        .where('channel', '=', 'visitor_email')
        .where('status', '=', 'skipped')
        .execute();
      expect(skipped.length).toBeGreaterThan(0);
    });

    it('unsubscribes by JSON { token }, and a GET of the API address goes to the page', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'json@example.com');
      const res = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
      expect(res.statusCode).toBe(200);
      const get = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
      expect(get.statusCode).toBe(303);
      expect(get.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    });

    it('refuses a tampered or made-up token with 400 and a clear message', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'victim@example.com');
      const [prefix, , sig] = token.split('.');
      const other = `${prefix}.${Buffer.from('other@example.com').toString('base64url')}.${sig}`;
      for (const payload of [{ token: other }, { token: `${token}x` }, { token: 'nonsense' }, {}]) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/link/);
      }
      const query = await ctx.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${encodeURIComponent(other)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(query.statusCode).toBe(400);
      const rows = await ctx.database.db
        .selectFrom('unsubscribes')
        .select('emailKey')
        .where('emailKey', 'in', ['victim@example.com', 'other@example.com'])
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('lists newsletter subscribers with the time and notice of their consent, never the unsubscribed, also as .xlsx', async () => {
      const n = await notices(ctx);
      await signUp('reader@example.com', { noticeVersion: n.survey.version, newsletter: true });
      await signUp('leaver@example.com', { noticeVersion: n.survey.version, newsletter: true });
      await signUp('unticked@example.com', { noticeVersion: n.survey.version, newsletter: false });
      // Each ticked box waits for its address to confirm it from the link mailed there (decision 0018).
      await drain(ctx);
      await mail.waitFor(2);
      await settled();
      for (const address of ['reader@example.com', 'leaver@example.com']) {
        const link = /\/newsletter\/confirm\?token=([\w.%-]+)/.exec(toVisitor(address)[0]?.text ?? '')?.[1];
        expect(link, address).toBeTruthy();
        const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: decodeURIComponent(link!) } });
        expect(confirmed.statusCode).toBe(200);
      }
      const token = unsubscribeToken(ctx.config.jwtSecret, 'Leaver@Example.com');
      expect((await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } })).statusCode).toBe(200);

      expect((await ctx.app.inject({ method: 'GET', url: '/api/newsletter' })).statusCode).toBe(401);
      const res = await ctx.asStaff({ method: 'GET', url: '/api/newsletter' });
      expect(res.statusCode).toBe(200);
      const list = res.json<NewsletterSubscriber[]>();
      const emails = list.map((s) => s.email);
      expect(emails).toContain('reader@example.com');
      expect(emails).not.toContain('leaver@example.com');
      expect(emails).not.toContain('unticked@example.com');
      const reader = list.find((s) => s.email === 'reader@example.com')!;
      expect(reader).toMatchObject({ noticePurpose: 'newsletter', noticeVersion: n.newsletter.version, source: 'landing', state: 'confirmed' });
      expect(Number.isNaN(Date.parse(reader.consentedAt))).toBe(false);

      const xlsx = await ctx.asStaff({ method: 'GET', url: '/api/newsletter/export' });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toMatch(/newsletter-.*\.xlsx/);
      const rows = sheetRows((await readWorkbook(xlsx.rawPayload)).getWorksheet('Newsletter')!);
      const cells = rows.map((r) => r.join(' ')).join('\n');
      expect(cells).toContain('reader@example.com');
      expect(cells).not.toContain('leaver@example.com');
    });
  },
  {
    notify: {
      smtpUrl: mail.url,
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: ['owner@abode.test'],
      confirmVisitors: true,
      allowPrivateWebhooks: true,
      dispatch: false,
      visitorMailLimits: { perRecipientHour: 100, perSenderHour: 100 },
    },
    publicBaseUrl: SITE,
    // The stand-in for the SSR bundle renders the forms' notices as the real pages do.
    ssrDir: path.resolve('tests/fixtures/ssr'),
  },
);
