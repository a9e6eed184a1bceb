import { afterAll, beforeEach, expect, it } from 'vitest';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { LANGUAGE_FIELD_MESSAGE } from '#shared/i18n/language-field';
import { SETTINGS_API, type StudioSettings } from '#shared/settings/settings.contract';
import { unsubscribeToken } from '#server/features/consent/consent.service';
import { en } from '#shared/i18n/messages/en';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';

/*
 * Decision 0026: a privacy request made from /hi/privacy gets its confirmation e-mail in Hindi, with the
 * link to /hi/privacy/confirm (read here from a real SMTP server); without a language it is the
 * English e-mail exactly as before.
 */

const mail = await startMailServer();
afterAll(() => mail.close());

const DEVANAGARI = /[\u0900-\u097F]/;
let address = 0;
const ask = (ctx: TestContext, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: PRIVACY_API.requests(), payload, remoteAddress: `10.27.1.${++address}` });
const studioName = async (ctx: TestContext) => (await ctx.asStaff({ method: 'GET', url: SETTINGS_API.settings })).json<StudioSettings>().name;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

describeEachDatabase(
  'privacy request e-mail in the page language',
  (ctx) => {
    beforeEach(() => {
      mail.messages.length = 0;
    });

    it('mails a request made in Hindi in Hindi, with the link to the Hindi confirm page; the link confirms it', async () => {
      const studio = await studioName(ctx);
      const res = await ask(ctx, { email: 'hindi.privacy@example.com', kind: 'erase', language: 'hi' });
      expect(res.statusCode, res.body).toBe(202);
      const [message] = await mail.waitFor(1);
      expect(message!.subject).toBe(`${studio} से किया गया अपना अनुरोध पक्का करें`);
      const text = message!.text!.trim();
      const link = /https?:\/\/\S+/.exec(text)![0];
      expect(new URL(link).pathname).toBe('/hi/privacy/confirm');
      expect(text).toBe(
        [
          `किसी ने — हमें उम्मीद है कि आपने ही — ${studio} से आपके बारे में हमारे पास रखा डेटा मिटाने को कहा है।`,
          `पक्का करने के लिए, 24 घंटे के भीतर यह लिंक खोलें:\n${link}`,
          'अगर यह अनुरोध आपने नहीं किया था, तो इस ई-मेल को अनदेखा कर दें: कुछ नहीं होगा।',
          // The unsubscribe page in the mail's language (every visitor mail carries one).
          `सदस्यता छोड़ें: ${new URL(link).origin}/hi/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, 'hindi.privacy@example.com')}`,
        ].join('\n\n'),
      );
      expect(String(message!.html)).toContain(`<a href="${escapeHtml(link)}">अनुरोध पक्का करें</a> (यह लिंक 24 घंटे तक काम करता है)।`);
      expect(String(message!.html)).not.toMatch(/Someone|Confirm the request|ignore this/);
      // The export's wording too.
      await ask(ctx, { email: 'hindi.copy@example.com', kind: 'export', language: 'hi' });
      const [, copy] = await mail.waitFor(2);
      expect(copy!.text).toContain(`${studio} से आपके बारे में हमारे पास रखे डेटा की एक कॉपी माँगी है।`);
      expect(copy!.text).toMatch(/\/hi\/privacy\/confirm\?token=/);
      // The token is the same kind of token: the Hindi page confirms it through the same API.
      const token = new URL(link).searchParams.get('token')!;
      const confirmed = await ctx.app.inject({ method: 'POST', url: PRIVACY_API.confirm(), payload: { token } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    });

    it('mails a request without a language exactly as before, in English', async () => {
      const studio = await studioName(ctx);
      expect((await ask(ctx, { email: 'english.privacy@example.com', kind: 'export' })).statusCode).toBe(202);
      const [message] = await mail.waitFor(1);
      expect(message!.subject).toBe(`Confirm your request to ${studio}`);
      expect(message!.subject).not.toMatch(DEVANAGARI);
      const link = /https?:\/\/\S+/.exec(message!.text ?? '')![0];
      expect(new URL(link).pathname).toBe('/privacy/confirm');
      // As before, and the unsubscribe page at the end (every visitor mail carries one).
      const unsubscribe = `${new URL(link).origin}/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, 'english.privacy@example.com')}`;
      expect(message!.text!.trim()).toBe(
        `Someone, we hope you, asked ${studio} for a copy of the data we hold about you.\n\nTo confirm, open this link within 24 hours:\n${link}\n\nIf it was not you, ignore this e-mail: nothing happens.\n\nUnsubscribe: ${unsubscribe}`,
      );
      expect(String(message!.html).trim()).toBe(
        `<p>Someone, we hope you, asked ${escapeHtml(studio)} for a copy of the data we hold about you.</p><p><a href="${escapeHtml(link)}">Confirm the request</a> (the link works for 24 hours).</p><p>If it was not you, ignore this e-mail: nothing happens.</p>` +
          `<p style="font-size:12px">${en['mail.unsubscribeAsk']}<a href="${escapeHtml(unsubscribe)}">${en['mail.unsubscribeLink']}</a>.</p>`,
      );
      expect((await ask(ctx, { email: 'english.erase@example.com', kind: 'erase', language: 'en' })).statusCode).toBe(202);
      const [, erase] = await mail.waitFor(2);
      expect(erase!.text).toContain(`Someone, we hope you, asked ${studio} for the erasure of the data we hold about you.`);
    });

    it('refuses a language the site does not have, and mails nothing', async () => {
      const res = await ask(ctx, { email: 'odd.privacy@example.com', kind: 'export', language: 'xx' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: [{ field: expect.stringContaining('language'), message: LANGUAGE_FIELD_MESSAGE }] });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mail.messages).toEqual([]);
    });
  },
  () => ({
    notify: {
      smtpUrl: mail.url,
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: [],
      confirmVisitors: false,
      allowPrivateWebhooks: false,
      dispatch: false,
    },
  }),
);
