// Decision 0026: a survey answered in Hindi is stored with its language, its visitor's confirmation is in
// Hindi, and staff read it (mail, export) in the survey's default language.
import { afterAll, beforeEach, expect, it } from 'vitest';
import { DEMO_CAMPAIGN_NAME, DEMO_SURVEY } from '#server/features/surveys/campaigns.seed';
import { SURVEY_PROGRESS_API } from '#shared/responses/responses.api';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { addEmail, createActiveCampaign, surveyText } from '../factories/campaigns';
import { readWorkbook, rowValues } from '../helpers/xlsx';

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

const ANSWERS = { propertyType: 'villa', budget: 20000000, bedrooms: 3, homeLoan: true, localities: ['Hebbal'], moveIn: 6 };

function respondIn(ctx: TestContext, campaignId: string, email: string, emailId: string, language?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/campaign/response/${campaignId}`,
    payload: { response: { email, emailId, answer: ANSWERS, ...(language === undefined ? {} : { language }) } },
  });
}

describeEachDatabase(
  'survey language',
  (ctx) => {
    beforeEach(async () => {
      await drainNotifications(ctx);
      mail.messages.length = 0;
    });

    it('stores a survey answered in Hindi with its language; the visitor is thanked in Hindi, staff read it in English', async () => {
      const campaignId = await createActiveCampaign(ctx, { name: DEMO_CAMPAIGN_NAME, questions: surveyText(DEMO_SURVEY) });
      const email = 'hindi-visitor@example.com';
      const emailId = await addEmail(ctx, email, campaignId);
      const res = await respondIn(ctx, campaignId, email, emailId, 'hi');
      expect(res.statusCode).toBe(200);
      const row = await ctx.database.db.selectFrom('surveyResponses').select(['language']).where('emailRecordId', '=', emailId).executeTakeFirstOrThrow();
      expect(row.language).toBe('hi');

      await drainNotifications(ctx);
      const mails = await mail.waitFor(2);
      const staff = mails.find((m) => m.subject?.startsWith('New lead:'))!;
      const visitor = mails.find((m) => m !== staff)!;
      expect(visitor.subject).toBe('धन्यवाद — Test Studio को आपके जवाब मिल गए हैं');
      expect(visitor.text).toContain('धन्यवाद!');
      expect(visitor.text).toContain('अपनी पसंद बताने के लिए धन्यवाद। Test Studio के एक सलाहकार जल्द ही आपसे संपर्क करेंगे।');
      expect(visitor.text).toContain(`“${DEMO_CAMPAIGN_NAME}” के आपके जवाब हमें मिल गए हैं`);
      expect(visitor.text).not.toContain('Thank you for letting us know');
      // The matches' section in Hindi too (no home is listed in this test: the "none fits" words).
      expect(visitor.text).toContain('आपके लिए घर\nअभी हमारा कोई भी घर आपकी माँग पर खरा नहीं उतरता');
      expect(String(visitor.html)).toContain('आपके लिए घर');
      expect(visitor.text).not.toContain('Homes for you');
      expect(staff.text).toContain('Homes\nNo home fits these answers.');
      expect(String(visitor.html)).toContain('<html dir="ltr" lang="hi">');
      // The unsubscribe page in Hindi too; the one-click header still posts to the API.
      expect(visitor.text).toMatch(/https?:\/\/[^/\s]+\/hi\/unsubscribe\?token=\S+/);
      expect(String(visitor.headers.get('list-unsubscribe'))).not.toContain('/hi/');
      // Staff read the answers in the survey's default language, whatever the visitor used.
      expect(staff.text).toContain('What kind of home are you looking for?\n  Villa');
      expect(staff.text).toContain('Preferred localities\n  Hebbal');
      expect(staff.text).not.toMatch(/[\u0900-\u097F]/);

      const sheet = (await readWorkbook((await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaignId}` })).rawPayload)).getWorksheet(
        'Responses',
      )!;
      expect(rowValues(sheet, 1)).toContain('What kind of home are you looking for?');
      expect(rowValues(sheet, 2)).toContain('Villa');
      expect(rowValues(sheet, 2)).toContain('₹1 crore – ₹2 crore');
      expect(JSON.stringify([rowValues(sheet, 1), rowValues(sheet, 2)])).not.toMatch(/[\u0900-\u097F]/);
    });

    it('stores an answer without a language as English, and thanks the visitor in English exactly as before', async () => {
      const campaignId = await createActiveCampaign(ctx, { name: 'Plain survey', questions: surveyText(DEMO_SURVEY) });
      const email = 'english-visitor@example.com';
      const emailId = await addEmail(ctx, email, campaignId);
      expect((await respondIn(ctx, campaignId, email, emailId)).statusCode).toBe(200);
      const row = await ctx.database.db.selectFrom('surveyResponses').select(['language']).where('emailRecordId', '=', emailId).executeTakeFirstOrThrow();
      expect(row.language).toBe('en');
      await drainNotifications(ctx);
      const visitor = (await mail.waitFor(2)).find((m) => !m.subject?.startsWith('New lead:'))!;
      expect(visitor.subject).toBe('Thank you — Test Studio has your answers');
      expect(visitor.text).toContain('Thank you!\n\nThank you for letting us know your preference. An advisor from Test Studio will contact you soon.');
      expect(visitor.text).toContain('We have received your answers to “Plain survey”; they are with the studio only.');
      expect(String(visitor.html)).toContain('<html dir="ltr" lang="en">');
      expect(visitor.text).toMatch(/https?:\/\/[^/\s]+\/unsubscribe\?token=\S+/);
    });

    it('sends the "continue" e-mail in the language the visitor was answering in, back to the survey in that language', async () => {
      const campaignId = await createActiveCampaign(ctx, { name: DEMO_CAMPAIGN_NAME, questions: surveyText(DEMO_SURVEY) });
      const email = 'hindi-resume@example.com';
      const emailId = await addEmail(ctx, email, campaignId);
      const save = await ctx.app.inject({
        method: 'POST',
        url: SURVEY_PROGRESS_API.save(campaignId),
        payload: { response: { email, emailId, answer: { propertyType: 'villa' }, page: 1, language: 'hi' } },
      });
      expect(save.statusCode, save.body).toBe(200);
      const kept = await ctx.database.db.selectFrom('surveyProgress').select('language').where('emailRecordId', '=', emailId).executeTakeFirstOrThrow();
      expect(kept.language).toBe('hi');
      await drainNotifications(ctx);
      mail.messages.length = 0;

      // The same e-mail typed again (another device): the link goes to the mailbox.
      const again = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId } });
      expect(again.statusCode).toBe(200);
      await drainNotifications(ctx);
      const [continueMail] = await mail.waitFor(1);
      expect(continueMail!.subject).toBe('अपना सर्वे जारी रखें — Test Studio');
      expect(continueMail!.text).toMatch(/^वहीं से जारी रखें जहाँ आपने छोड़ा था\n\nहमने Find your dream home के आपके जवाब सँभालकर रखे हैं।/);
      expect(continueMail!.text).toMatch(/\/hi\/startsurvey\?resume=\S+/);
      expect(String(continueMail!.html)).toContain('<html dir="ltr" lang="hi">');
      expect(continueMail!.text).toMatch(/\/hi\/unsubscribe\?token=\S+/);
      expect(String(continueMail!.html)).toContain('सर्वे जारी रखें</a>');
    });

    it('refuses a language the site does not have', async () => {
      const campaignId = await createActiveCampaign(ctx, { name: 'Odd language', questions: surveyText(DEMO_SURVEY) });
      const email = 'odd-language@example.com';
      const res = await respondIn(ctx, campaignId, email, await addEmail(ctx, email, campaignId), 'fr');
      expect(res.statusCode).toBe(400);
      expect(await ctx.database.db.selectFrom('surveyResponses').select('id').where('campaignId', '=', campaignId).execute()).toEqual([]);
    });
  },
  { notify: NOTIFY },
);
