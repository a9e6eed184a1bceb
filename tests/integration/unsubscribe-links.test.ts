import path from 'node:path';
import { expect, it } from 'vitest';
import { unsubscribeToken } from '#server/features/consent/consent.service';
import { en } from '#shared/i18n/messages/en';
import { hi } from '#shared/i18n/messages/hi';
import { describeEachDatabase, type TestContext } from '../helpers/app';

/* Unsubscribe links: replays change nothing, and a bad link shows a person a page, never JSON. */

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
/** The page's visible text (React puts `<!-- -->` between neighbouring texts). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

const rowsOf = (ctx: TestContext, email: string) => ctx.database.db.selectFrom('unsubscribes').select('id').where('emailKey', '=', email).execute();

/** Follows a 303 to the page and answers its HTML. */
async function pageAt(ctx: TestContext, location: string | undefined, headers: Record<string, string> = {}) {
  expect(location).toBeDefined();
  const res = await ctx.app.inject({ method: 'GET', url: location!, headers });
  expect(res.statusCode, location).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return res.body;
}

describeEachDatabase(
  'unsubscribe links: idempotent, and a page for people',
  (ctx) => {
    it('keeps one withdrawal row however often the link is used, each use answered as a success', async () => {
      const email = 'replay@example.com';
      const token = unsubscribeToken(ctx.config.jwtSecret, email);
      const answers = [];
      for (let i = 0; i < 2; i++) {
        answers.push(
          await ctx.app.inject({
            method: 'POST',
            url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
            headers: FORM,
            payload: 'List-Unsubscribe=One-Click',
          }),
        );
        answers.push(await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } }));
        answers.push(
          await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', headers: { ...FORM, ...BROWSER }, payload: `token=${encodeURIComponent(token)}` }),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 303, 200, 200, 303]);
      for (const a of answers.filter((x) => x.statusCode === 200)) expect(a.json()).toEqual({ message: en['unsubscribe.done'] });
      for (const a of answers.filter((x) => x.statusCode === 303)) expect(a.headers.location).toBe('/unsubscribe?done=1');
      expect(await rowsOf(ctx, email)).toHaveLength(1);
    });

    it('keeps one row when a mail client fires the one-click POST several times at once', async () => {
      const email = 'burst@example.com';
      const token = unsubscribeToken(ctx.config.jwtSecret, email);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}`, headers: FORM, payload: 'List-Unsubscribe=One-Click' }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await rowsOf(ctx, email)).toHaveLength(1);
    });

    it('answers a cut or changed link from the page form with the page that says so, in English or Hindi', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'cut@example.com');
      const cut = token.slice(0, token.length - 6);
      const english = await ctx.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        headers: { ...FORM, ...BROWSER },
        payload: `token=${encodeURIComponent(cut)}`,
      });
      expect(english.statusCode).toBe(303);
      expect(english.headers['content-type'] ?? '').not.toMatch(/json/);
      expect(english.headers.location).toBe('/unsubscribe?invalid=1');
      const enPage = await pageAt(ctx, english.headers.location);
      expect(htmlLang(enPage)).toBe('en');
      expect(text(enPage)).toContain(en['unsubscribe.invalid'].replace('{email}', 'studio@abode.test'));

      const hindi = await ctx.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        headers: { ...FORM, ...BROWSER },
        payload: `token=${encodeURIComponent(cut)}&lang=hi`,
      });
      expect(hindi.statusCode).toBe(303);
      expect(hindi.headers.location).toBe('/hi/unsubscribe?invalid=1');
      const hiPage = await pageAt(ctx, hindi.headers.location);
      expect(htmlLang(hiPage)).toBe('hi');
      expect(text(hiPage)).toContain(hi['unsubscribe.invalid']!.replace('{email}', 'studio@abode.test'));

      // The Hindi page's form, by the page it came from; an empty token too.
      const fromHindiPage = await ctx.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        headers: { ...FORM, ...BROWSER, referer: 'https://abode.example/hi/unsubscribe?token=x' },
        payload: 'token=',
      });
      expect(fromHindiPage.headers.location).toBe('/hi/unsubscribe?invalid=1');
      expect(await rowsOf(ctx, 'cut@example.com')).toHaveLength(0);
    });

    it('sends a browser that opens a bad link of the API to that page, by its languages; a good link still goes to the button', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'opened@example.com');
      const bad = await ctx.app.inject({
        method: 'GET',
        url: `/api/unsubscribe?token=${encodeURIComponent(`${token}x`)}`,
        headers: { ...BROWSER, 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' },
      });
      expect(bad.statusCode).toBe(303);
      expect(bad.headers.location).toBe('/hi/unsubscribe?invalid=1');
      expect(text(await pageAt(ctx, bad.headers.location))).toContain(hi['unsubscribe.invalid']!.replace('{email}', 'studio@abode.test'));
      const empty = await ctx.app.inject({ method: 'GET', url: '/api/unsubscribe', headers: BROWSER });
      expect(empty.headers.location).toBe('/unsubscribe?invalid=1');
      const good = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}`, headers: BROWSER });
      expect(good.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    });

    it('keeps the JSON error for API clients and for a one-click POST with a bad link', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'api@example.com');
      const json = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: `${token}x` } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/link/) });
      const oneClick = await ctx.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${encodeURIComponent(`${token}x`)}`,
        headers: FORM,
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(400);
      expect(oneClick.json().message).toMatch(/link/);
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app'), publicBaseUrl: 'https://abode.example' },
);
