import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';

// Decision 0026: pages translated with the survey branch, rendered by the site's real server entry
// (tests/fixtures/ssr-app) without any script running; their English versions unchanged.
describeEachDatabase(
  'translated pages without script',
  (ctx) => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    it('serves /unsubscribe in Hindi under /hi/, and in English as before', async () => {
      const hiForm = await get('/hi/unsubscribe?token=abc');
      expect(hiForm.statusCode).toBe(200);
      expect(hiForm.body).toContain('<h1 id="unsubscribe-title">सदस्यता छोड़ें</h1>');
      expect(hiForm.body).toContain('आपको न कोई न्यूज़लेटर मिलेगा');
      expect(hiForm.body).toContain('name="token" value="abc"');
      expect((await get('/hi/unsubscribe?done=1')).body).toContain('आपने सदस्यता छोड़ दी है।');
      expect((await get('/hi/unsubscribe')).body).toContain('सदस्यता छोड़ने के लिंक में टोकन नहीं है।');

      const enForm = (await get('/unsubscribe?token=abc')).body;
      expect(enForm).toContain('<h1 id="unsubscribe-title">Unsubscribe</h1>');
      expect(enForm).toContain('You will get no newsletter and no more e-mails from us about your surveys. Our advisors can still answer if you write to us.');
      expect((await get('/unsubscribe?done=1')).body).toContain(
        'You are unsubscribed. You will get no newsletter and no more e-mails from us about your surveys.',
      );
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app'), publicBaseUrl: 'https://abode.example' },
);
