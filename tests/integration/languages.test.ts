import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';

// Decision 0026: the visitor's pages in English and Hindi, rendered by the site's real server entry
// (tests/fixtures/ssr-app) without any script running.
const PUBLIC_PAGES = ['/', '/viewProjects', '/viewProducts', '/viewStudio', '/viewContact', '/viewAboutus', '/privacy'];
const ORIGIN = 'https://abode.example';
const hindi = (p: string) => `/hi${p}`;

const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1], m[2]]));

describeEachDatabase(
  'pages in English and Hindi',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it('serves every public page under /hi/ in Hindi, with its alternates both ways, and the English pages as before', async () => {
      for (const page of PUBLIC_PAGES) {
        const hi = await get(hindi(page));
        expect(hi.statusCode, hindi(page)).toBe(200);
        expect(htmlLang(hi.body), hindi(page)).toBe('hi');
        const en = await get(page);
        expect(en.statusCode, page).toBe(200);
        expect(htmlLang(en.body), page).toBe('en');
        const expected = { en: ORIGIN + page, hi: ORIGIN + hindi(page), 'x-default': ORIGIN + page };
        expect(alternates(hi.body), hindi(page)).toEqual(expected);
        expect(alternates(en.body), page).toEqual(expected);
        // Each version is its own canonical address.
        expect(hi.body).toContain(`<link rel="canonical" href="${ORIGIN}${hindi(page)}"/>`);
        expect(en.body).toContain(`<link rel="canonical" href="${ORIGIN}${page}"/>`);
      }
    });

    it('renders the frame, the landing page and the listing grids from the catalogue of the page’s language', async () => {
      const home = (await get('/hi/')).body;
      expect(home).toContain('ऐसा घर ढूँढें जो आपके रहने के ढंग से मेल खाए');
      expect(home).toContain('मुख्य सामग्री पर जाएँ');
      expect(home).toContain('placeholder="सर्वे शुरू करने के लिए ई-मेल लिखें"');
      expect(home).not.toContain('Find a home that fits the way you live');
      // The English page keeps the specification's texts.
      const english = (await get('/')).body;
      expect(english).toContain('Find a home that fits the way you live');
      expect(english).toContain('placeholder="Enter email to begin survey"');
      expect(english).toContain('Choose Your Lifestyle');

      const studios = (await get('/hi/viewStudio')).body;
      expect(studios).toContain('स्टूडियो आइए');
      const decor = (await get('/hi/viewProducts')).body;
      expect(decor).toContain('हर कमरे के लिए सजावट');
      expect(decor).toContain('action="/hi/viewProducts"');
      expect((await get('/viewProducts')).body).toContain('Decor for every room');
      // The filters' options and the empty result in Hindi, the English ones unchanged.
      const none = (await get('/hi/viewProjects?readyBy=6m')).body;
      expect(none).toContain('इन फ़िल्टर से कोई घर मेल नहीं खाते।');
      expect(none).toContain('सबसे नए पहले');
      const noneEnglish = (await get('/viewProjects?readyBy=6m')).body;
      expect(noneEnglish).toContain('No homes match these filters. Try fewer filters, or ');
      expect(noneEnglish).toContain('Newest first');
      const homes = (await get('/hi/viewProjects')).body;
      expect(homes).toContain('हमारे बन रहे घर');
      // The filter form sends its query to the page in the same language, without script.
      expect(homes).toContain('action="/hi/viewProjects"');
      // Links stay in the page's language.
      expect(homes).toContain('href="/hi/viewContact"');
      expect(homes).not.toMatch(/href="\/viewContact"/);
    });

    it('answers an unknown path under /hi/ with the Hindi not-found page (404)', async () => {
      const res = await get('/hi/no-such-page');
      expect(res.statusCode).toBe(404);
      expect(htmlLang(res.body)).toBe('hi');
      expect(res.body).toContain('पेज नहीं मिला');
    });

    it('answers /hi as the Hindi home page, sends a page in another letter case to its address in the same language, and staff pages to their one language', async () => {
      const home = await get('/hi');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<link rel="canonical" href="https://abode.example/hi/"/>');
      expect((await get('/hi/viewprojects?bhk=3')).headers.location).toBe('/hi/viewProjects?bhk=3');
      expect((await get('/hi/dashboard/leads')).headers.location).toBe('/dashboard/leads');
    });

    it('has a language switch in the header and the footer that keeps the page, remembered in a cookie', async () => {
      const page = (await get('/viewProjects?bhk=3')).body;
      const switches = [...page.matchAll(/href="(\/language\/hi\?next=[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      // The header's and the footer's.
      expect(switches.length).toBe(2);
      expect(new Set(switches)).toEqual(new Set(['/language/hi?next=%2FviewProjects%3Fbhk%3D3']));

      const chosen = await get(switches[0]!);
      expect(chosen.statusCode).toBe(303);
      expect(chosen.headers.location).toBe('/hi/viewProjects?bhk=3');
      expect(String(chosen.headers['set-cookie'])).toMatch(/^abode_lang=hi; Path=\/; Max-Age=\d+; SameSite=Lax/);

      const back = (await get('/hi/viewProjects')).body;
      expect(back).toContain('href="/language/en?next=%2FviewProjects"');
      const english = await get('/language/en?next=%2FviewProjects');
      expect(english.headers.location).toBe('/viewProjects');
      expect(String(english.headers['set-cookie'])).toMatch(/^abode_lang=en;/);

      // Only this site's pages: anything else is the home page in the chosen language.
      for (const next of ['//evil.example/', '/\\evil.example', 'https://evil.example/', '/.//evil.example']) {
        const res = await get(`/language/hi?next=${encodeURIComponent(next)}`);
        expect(res.headers.location, next).toMatch(/^\/hi\/(?!\/)/);
      }
      expect((await get('/language/fr?next=%2F')).statusCode).toBe(404);
    });

    it('sends a first visit to / to /hi/ when the browser prefers Hindi, and never against a choice or for a search engine', async () => {
      const hiFirst = await get('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
      expect(hiFirst.statusCode).toBe(302);
      expect(hiFirst.headers.location).toBe('/hi/');
      expect(hiFirst.headers.vary).toMatch(/accept-language/);
      expect(hiFirst.headers.vary).toMatch(/cookie/);

      const enFirst = await get('/', { 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' });
      expect(enFirst.statusCode).toBe(200);
      expect(enFirst.headers.vary).toMatch(/accept-language/);
      expect((await get('/', {})).statusCode).toBe(200);

      // The visitor chose English: kept, whatever the browser says.
      expect((await get('/', { 'accept-language': 'hi', cookie: 'abode_lang=en' })).statusCode).toBe(200);
      // The visitor chose Hindi: / opens in Hindi.
      expect((await get('/', { cookie: 'theme=dark; abode_lang=hi' })).headers.location).toBe('/hi/');
      // Search engines get the page they asked for.
      expect((await get('/', { 'accept-language': 'hi', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).statusCode).toBe(200);
      // Only the home page follows the browser: other addresses are an explicit choice.
      expect((await get('/viewProjects', { 'accept-language': 'hi' })).statusCode).toBe(200);
    });

    it('names each page’s Hindi version in /sitemap.xml', async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      for (const page of ['/', '/viewProjects', '/viewStudio']) {
        const entry = new RegExp(`<url><loc>${ORIGIN}${page}</loc>.*?</url>`).exec(res.body)?.[0] ?? '';
        expect(entry, page).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}${page}"/>`);
        expect(entry, page).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${ORIGIN}/hi${page}"/>`);
        expect(entry, page).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}${page}"/>`);
      }
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app'), publicBaseUrl: ORIGIN },
);
