import path from 'node:path';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

/*
 * Decision 0022: /viewProjects and /viewProducts with filters in the address, as the server sends them
 * (tests/fixtures/ssr-app is the site's real server-rendering entry; no script runs here): only the
 * matching cards, how many match, the form showing the filters, and a way back to every listing.
 */

let colour = 0;
async function add(ctx: TestContext, kind: 'project' | 'product', fields: Record<string, string>) {
  colour += 1;
  const bytes = await testImage('png', { width: 64, height: 64, color: `#${(0x3c2b1a + colour * 0x050703).toString(16).slice(-6)}` });
  const body = await multipart(fields, { bytes, filename: 'photo.png', type: 'image/png' });
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
}

const HOMES = [
  { name: 'Lakeside', area: 'Whitefield, Bengaluru', squareft: '1450', dateofcomplition: '15-12-2026', sizeofunit: '3 BHK', price: '9500000' },
  { name: 'Palm Grove', area: 'Sarjapur Road, Bengaluru', squareft: '2400', dateofcomplition: '30-06-2026', sizeofunit: '4 BHK villa', price: '24000000' },
  { name: 'Baner Heights', area: 'Baner, Pune', squareft: '1180', dateofcomplition: '31-03-2027', sizeofunit: '2 BHK', price: '' },
  { name: 'Edge Six', area: 'Whitefield, Bengaluru', squareft: '1600', dateofcomplition: '29-05-2027', sizeofunit: '3 BHK', price: '12000000' },
  { name: 'Powai Crest', area: 'Powai, Mumbai', squareft: '1350', dateofcomplition: '10-11-2027', sizeofunit: '3 BHK', price: '18500000' },
];

const DECOR = [
  { productname: 'Teak Sofa', description: 'Three-seater in solid teak.', price: '125000', tags: 'Living room, Classic' },
  { productname: 'Cane Armchair', description: 'Woven rattan on a sheesham frame.', price: '24000', tags: 'Living room, Boho' },
  { productname: 'Terracotta Planter', description: 'Kiln-fired terracotta.', price: '3200', tags: 'Balcony, Boho' },
];

/** The card titles, in the order the page shows them. */
const cards = (html: string) =>
  [...html.matchAll(/<h2 class="listing-card__title">(?:<a class="listing-card__open"[^>]*>)?([^<]*)(?:<\/a>)?<\/h2>/g)].map((m) => m[1]);
const count = (html: string) => /<p class="listing-filters__count"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
/** The option a select shows as chosen, by the select's name. */
const chosen = (html: string, name: string) => {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
  return /<option value="([^"]*)" selected="">/.exec(select)?.[1] ?? /<option value="([^"]*)"/.exec(select)?.[1];
};
/** The filter form's attributes. */
const formTag = (html: string) => Object.fromEntries([.../<form ([^>]*)>/.exec(html)![1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describeEachDatabase(
  'filtered listing pages rendered on the server',
  (ctx) => {
    beforeAll(async () => {
      for (const home of HOMES) await add(ctx, 'project', home);
      for (const item of DECOR) await add(ctx, 'product', item);
    });

    const page = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      // Without React's text separators: the HTML as a person reads it.
      return res.body.replaceAll('<!-- -->', '');
    };

    it('/viewProjects?bhk=3&locality=… shows only the matching homes, how many match, and the form holding the filters', async () => {
      const html = await page('/viewProjects?bhk=3&locality=Whitefield%2C+Bengaluru');
      expect(cards(html)).toEqual(['Edge Six', 'Lakeside']);
      expect(count(html)).toBe('2 homes match');
      // A plain GET form that works without JavaScript, showing what is applied.
      expect(formTag(html)).toEqual({ class: 'listing-filters', method: 'get', action: '/viewProjects', role: 'search', 'aria-label': 'Filter homes' });
      expect(chosen(html, 'bhk')).toBe('3');
      expect(chosen(html, 'locality')).toBe('Whitefield, Bengaluru');
      expect(chosen(html, 'sort')).toBe('newest');
      // Every field has a label; the choices come from the homes themselves.
      for (const label of ['Locality', 'Unit size', 'Ready by', 'Sort by']) expect(html).toContain(`>${label}</label>`);
      // The range fields show "Min" and "Max" under their legend; a screen reader hears "Min sq. ft".
      for (const [shown, unit] of [
        ['Min', 'sq. ft'],
        ['Max', 'sq. ft'],
        ['Min', 'price'],
        ['Max', 'price'],
      ]) {
        expect(html).toContain(`>${shown}<span class="visually-hidden"> ${unit}</span></label>`);
      }
      expect(html).toContain('<legend class="field__label">Size (sq. ft)</legend>');
      expect(html).toContain('<legend class="field__label">Price (₹)</legend>');
      expect(html).toContain('<option value="4">4 BHK</option>');
      expect(html).toContain('<option value="Powai, Mumbai">Powai, Mumbai</option>');
      // Rupees in Indian grouping.
      expect(html).toContain('Priced homes here cost from ₹95,00,000/- to ₹2,40,00,000/-.');
      expect(html).toContain('₹1,20,00,000/-');
      expect(html).toContain('Clear filters');
      // Every card keeps what the specification asks: image, name, area, sq. feet.
      expect(html).toMatch(/<img class="listing-card__image" src="\/media\/[0-9a-f]{64}\.jpg" alt="Picture of Edge Six"/);
      expect(html).toContain('<p class="listing-card__place">Whitefield, Bengaluru</p>');
      expect(html).toContain('1,600 sq. ft');
      expect(html).not.toContain('Palm Grove');
    });

    it('sorts and combines every filter, and keeps values typed in the number fields', async () => {
      const html = await page('/viewProjects?minSqft=1300&maxPrice=20000000&sort=-price');
      expect(cards(html)).toEqual(['Powai Crest', 'Edge Six', 'Lakeside']);
      expect(count(html)).toBe('3 homes match');
      expect(inputValue(html, 'minSqft')).toBe('1300');
      expect(inputValue(html, 'maxPrice')).toBe('20000000');
      expect(html).toContain('₹2,00,00,000/-'); // the typed price, echoed in Indian grouping
      expect(chosen(html, 'sort')).toBe('-price');
    });

    it('counts ready by from today in India', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-05-28T19:00:00Z') }); // 29 May 2027, 00:30 in India
      const html = await page('/viewProjects?readyBy=completed');
      expect(cards(html)).toEqual(['Edge Six', 'Baner Heights', 'Palm Grove', 'Lakeside']);
      expect(count(html)).toBe('4 homes match');
      expect(chosen(html, 'readyBy')).toBe('completed');
    });

    it('says so, with a link back to every home, when nothing matches', async () => {
      const html = await page('/viewProjects?bhk=2&locality=Powai%2C+Mumbai');
      expect(cards(html)).toEqual([]);
      expect(count(html)).toBe('0 homes match');
      expect(html).toContain('No homes match these filters. Try fewer filters, or <a href="/viewProjects"');
      expect(html).toMatch(/<a href="\/viewProjects"[^>]*>clear all filters<\/a>/);
    });

    it('without filters shows every home, as the specification grid (a form sent with every field empty too)', async () => {
      for (const url of ['/viewProjects', '/viewProjects?locality=&bhk=&minSqft=&maxSqft=&readyBy=&minPrice=&maxPrice=&sort=newest']) {
        const html = await page(url);
        expect(cards(html), url).toEqual(['Powai Crest', 'Edge Six', 'Baner Heights', 'Palm Grove', 'Lakeside']);
        expect(count(html), url).toBe('5 homes');
        expect(html, url).not.toContain('Clear filters');
      }
    });

    it('ignores a value it cannot use, says which and why, and shows the rest', async () => {
      const html = await page('/viewProjects?bhk=three&locality=Baner%2C+Pune&sort=cheapest');
      expect(cards(html)).toEqual(['Baner Heights']);
      expect(count(html)).toBe('1 home matches');
      expect(html).toContain('Some filters in this link could not be used, so they are left out:');
      expect(html).toContain('<li>Bedrooms must be a whole number from 1 to 20, such as 3.</li>');
      expect(html).toContain('<li>Sort must be one of the orders offered.</li>');
      expect(chosen(html, 'bhk')).toBe('');
      expect(chosen(html, 'sort')).toBe('newest');
    });

    it('/hi/viewProjects and /hi/viewProducts show the filter forms in Hindi, no English left', async () => {
      const homes = await page('/hi/viewProjects');
      const decor = await page('/hi/viewProducts');
      const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');
      for (const english of [
        'Any locality',
        'Size (sq. ft)',
        'Price (₹)',
        '>Min<',
        '>Max<',
        'Priced homes here cost',
        'Homes here are',
        'placeholder="Any"',
        '>Any<',
        ' sq. ft<',
      ]) {
        expect(visible(homes), english).not.toContain(english);
      }
      for (const english of ['Keyword', 'Any style', 'Decor here costs', 'Sofa, brass, teak', '>Min<', '>Max<', 'Price (₹)']) {
        expect(visible(decor), english).not.toContain(english);
      }
      expect(homes).toContain('कोई भी इलाका');
      expect(homes).toContain('आकार (वर्ग फ़ुट)');
      expect(homes).toContain('कीमत (₹)');
      expect(homes).toContain('यहाँ के घरों की कीमत ₹95,00,000/- से ₹2,40,00,000/- तक है।');
      expect(decor).toContain('यहाँ की सजावट की कीमत ₹3,200/- से ₹1,25,000/- तक है।');
      // English stays as it was.
      const en = await page('/viewProjects');
      for (const words of [
        'Any locality',
        'Size (sq. ft)',
        'Price (₹)',
        'Priced homes here cost from ₹95,00,000/- to ₹2,40,00,000/-.',
        'Homes here are 1,180 sq. ft to 2,400 sq. ft.',
      ]) {
        expect(en, words).toContain(words);
      }
    });

    it('says what is wrong with a filter in the page’s words, without the address’s parameter names', async () => {
      const html = await page('/viewProjects?minSqft=big&maxPrice=lots&minPrice=9&maxPrice=10');
      expect(html).toContain('<li>Smallest size must be a number of square feet, such as 1200.</li>');
      const said = /<div class="notice notice--info listing-filters__problems"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
      expect(said).toContain('<li>Highest price is given more than once: give it once.</li>');
      expect(said).not.toMatch(/minSqft|maxPrice|\(bhk\)/);
      const order = await page('/viewProjects?minSqft=2000&maxSqft=1000');
      expect(order).toContain('<li>The smallest size is more than the largest size.</li>');
      const hi = await page('/hi/viewProjects?bhk=three');
      expect(hi).toContain('<li>बेडरूम 1 से 20 तक की पूरी संख्या होनी चाहिए, जैसे 3।</li>');
      expect(/<div class="notice notice--info listing-filters__problems"[\s\S]*?<\/div>/.exec(hi)?.[0]).not.toContain('Bedrooms');
      // The API keeps naming the parameter: it is read by programs and their authors.
      const api = await ctx.app.inject({ method: 'GET', url: '/api/project/get?minSqft=big' });
      expect(api.statusCode).toBe(400);
      expect(api.json().message).toBe('Smallest size (minSqft) must be a number of square feet, such as 1200.');
    });

    it('/viewProducts filters by keyword, style and price, with its count', async () => {
      const html = await page('/viewProducts?tag=boho&q=rattan');
      expect(cards(html)).toEqual(['Cane Armchair']);
      expect(count(html)).toBe('1 decor item matches');
      expect(inputValue(html, 'q')).toBe('rattan');
      expect(formTag(html)).toEqual({ class: 'listing-filters', method: 'get', action: '/viewProducts', role: 'search', 'aria-label': 'Filter decor' });
      expect(chosen(html, 'tag')).toBe('Boho'); // the tag as the choices spell it
      // Every card keeps image, name, description and price in rupees.
      expect(html).toContain('<p class="listing-card__description">Woven rattan on a sheesham frame.</p>');
      expect(html).toContain('₹24,000/-');

      const cheap = await page('/viewProducts?maxPrice=30000&sort=price');
      expect(cards(cheap)).toEqual(['Terracotta Planter', 'Cane Armchair']);
      expect(count(cheap)).toBe('2 decor items match');
      expect(cheap).toContain('Decor here costs from ₹3,200/- to ₹1,25,000/-.');

      const all = await page('/viewProducts');
      expect(count(all)).toBe('3 decor items');
      expect(cards(all)).toEqual(['Terracotta Planter', 'Cane Armchair', 'Teak Sofa']);
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app') },
);
