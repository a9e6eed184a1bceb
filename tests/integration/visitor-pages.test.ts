import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';

// What the server answers for visitors' page addresses before the app runs.
describeEachDatabase('visitor pages answered by the server', (ctx) => {
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

describeEachDatabase('page addresses in another letter case', (ctx) => {
  it('sends /viewprojects and other case variants to the specification’s address (301), keeping the query', async () => {
    for (const [url, location] of [
      ['/viewprojects', '/viewProjects'],
      ['/VIEWPRODUCTS', '/viewProducts'],
      ['/viewcontact?quote=Homes&about=Skyline', '/viewContact?quote=Homes&about=Skyline'],
      ['/Dashboard/Campaign/New', '/dashboard/campaign/new'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // The exact address is the page; anything else is still the 404 page.
    expect((await ctx.app.inject({ method: 'GET', url: '/viewProjects' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/viewprojectz' })).statusCode).toBe(404);
  });
});

// The contact form reads ?quote= and ?about= (a link from /result prefills it): the server renders the
// page with them, so the browser's first render matches the server's (React error #418 otherwise).
describeEachDatabase(
  'the contact page rendered with its prefill',
  (ctx) => {
    const rendered = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return {
        pageUrl: /<meta property="og:url" content="([^"]*)">/.exec(res.body)?.[1],
        render: Number(/<p class="renders">(\d+)<\/p>/.exec(res.body)?.[1]),
      };
    };

    it('renders /viewContact with the query it reads (and only that), for that request', async () => {
      const first = await rendered('/viewContact?utm_source=mail&quote=Homes&about=Skyline%20Residences');
      expect(first.pageUrl).toBe('http://localhost/viewContact?about=Skyline+Residences&quote=Homes');
      // Free text from a link is not kept in the page cache: each such request is rendered for itself.
      const again = await rendered('/viewContact?quote=Homes&about=Skyline%20Residences');
      expect(again.render).toBeGreaterThan(first.render);
      // Without a prefill the page is the cached one, whatever else the query holds.
      const plain = await rendered('/viewContact');
      expect(plain.pageUrl).toBe('http://localhost/viewContact');
      expect((await rendered('/viewContact?utm_source=x')).render).toBe(plain.render);
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr') },
);
