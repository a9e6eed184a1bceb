import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';

// Issue 22 item 7: what the server answers for visitors' page addresses before the app runs.
describeEachDatabase('visitor pages answered by the server (issue 22 item 7)', (ctx) => {
  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('sends bare /startsurvey and /result to / at once (303), without a blank page', async () => {
    for (const url of ['/startsurvey', '/result', '/result?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe('/');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Other cookies are no journey.
    expect((await get('/startsurvey', 'theme=dark; abode-journey=0; xabode-journey=1')).statusCode).toBe(303);
  });

  it('answers /startsurvey and /result with the app when this browser is on a survey journey', async () => {
    for (const url of ['/startsurvey', '/result']) {
      const res = await get(url, 'theme=dark; abode-journey=1');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a resume link with the app on any browser (the link is the journey)', async () => {
    const res = await get('/startsurvey?resume=some-token');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    // A resume parameter on /result is nothing.
    expect((await get('/result?resume=some-token')).statusCode).toBe(303);
  });
});
