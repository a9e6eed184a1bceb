import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { EMI_DEFAULTS, emiEstimate } from '#shared/listings/emi';
import { reraQrText } from '#shared/listings/rera';
import { formatRupees } from '#shared/i18n/format';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { checkStructuredData, SCHEMA_ORG_TYPES } from '../helpers/structured-data';

const BASE = 'https://abode.example';
type Fields = Record<string, string>;

async function add(ctx: TestContext, kind: 'project' | 'product', fields: Fields, color: string): Promise<string> {
  const body = await multipart(fields, { bytes: await testImage('png', { color }), filename: 'photo.png', type: 'image/png' });
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

const home = (name: string, extra: Fields = {}): Fields => ({
  name,
  area: 'Whitefield, Bengaluru',
  squareft: '1450',
  dateofcomplition: '15-12-2030',
  sizeofunit: '3 BHK',
  ...extra,
});

/** What the test reads of a page: its HTML, and helpers over it. */
function read(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');
  return {
    html,
    meta: (key: string) => attr(new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)"`)),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
    /** The visible text, without tags (React's text separators and entities undone). */
    text: html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' '),
  };
}

// Pages rendered by the real server renderer (tests/fixtures/ssr-app), as a browser without script gets them.
describeEachDatabase(
  'a page per home and per decor piece',
  (ctx) => {
    const ids = {} as Record<'lakeView' | 'twin' | 'sameArea' | 'sameUnit' | 'priceOnly' | 'unpriced' | 'sofa' | 'rug' | 'lamp' | 'chair', string>;
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    beforeAll(async () => {
      // Added oldest first; the homes around Lake View, by how alike they are.
      ids.lakeView = await add(
        ctx,
        'project',
        home('Lake View', {
          price: '12500000',
          rera: 'P52100047813',
          amenities: 'Gym, Swimming pool, Power backup',
          gmaplink: 'https://www.google.com/maps/search/?api=1&query=Whitefield',
        }),
        '#1d4e89',
      );
      ids.twin = await add(ctx, 'project', home('Lake Twin', { price: '30000000' }), '#224466'); // same locality and unit
      ids.sameArea = await add(ctx, 'project', home('Lake Side Two', { sizeofunit: '2 BHK', price: '9000000' }), '#336699'); // same locality, 35 L off
      ids.sameUnit = await add(ctx, 'project', home('Baner Nest', { area: 'Baner, Pune', price: '6200000' }), '#446688'); // same unit, 63 L off
      ids.priceOnly = await add(ctx, 'project', home('Far Tower', { area: 'Worli, Mumbai', sizeofunit: '4 BHK', price: '12400000' }), '#557799'); // nothing shared, nearest price
      ids.unpriced = await add(
        ctx,
        'project',
        home('Quiet Plot', { area: 'Hebbal, Bengaluru', sizeofunit: 'Plot', dateofcomplition: '01-01-2020' }),
        '#668800',
      );

      ids.sofa = await add(
        ctx,
        'product',
        { productname: 'Teak Sofa', description: 'Three-seater in solid teak.', price: '125000', tags: 'Living room, Boho' },
        '#884422',
      );
      ids.rug = await add(
        ctx,
        'product',
        { productname: 'Dhurrie Rug', description: 'Flat-woven cotton.', price: '32000', tags: 'Living room, Boho' },
        '#993322',
      );
      ids.lamp = await add(ctx, 'product', { productname: 'Brass Lamp', description: 'Moradabad brass.', price: '120000', tags: 'Reading corner' }, '#aa5511');
      ids.chair = await add(ctx, 'product', { productname: 'Cane Chair', description: 'Woven rattan.', price: '24000', tags: 'boho' }, '#bb6600');
    });

    it('renders a home’s page without script: every fact, prices in full and short, map, RERA, amenities, EMI, similar homes', async () => {
      const res = await get(`/viewProjects/${ids.lakeView}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const page = read(res.body);
      expect(page.html).toMatch(/<h1[^>]*>Lake View<\/h1>/);
      for (const fact of [
        'Whitefield, Bengaluru',
        '3 BHK',
        '1,450 sq. ft',
        '15-12-2030',
        'under construction',
        '₹1,25,00,000/-',
        '₹1.25 Cr',
        '₹8,621 per sq. ft',
      ]) {
        expect(page.text, fact).toContain(fact);
      }
      expect(page.html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Whitefield"');
      // RERA: the number, its authority's website, and the QR code the server made of both.
      expect(page.text).toContain('P52100047813');
      expect(page.text).toContain('Registered with MahaRERA (Maharashtra)');
      expect(page.html).toContain('href="https://maharera.maharashtra.gov.in"');
      const qrSrc = /<img class="rera__qr" src="([^"]+)"/.exec(page.html)?.[1];
      expect(qrSrc).toBe(`/api/project/rera-qr/${ids.lakeView}`);
      // Amenities, as a list.
      expect(page.html).toMatch(/<ul class="amenities"><li>Gym<\/li><li>Swimming pool<\/li><li>Power backup<\/li><\/ul>/);
      // The EMI estimate for 80 % of the price at 8.5 % over 20 years, before any script runs.
      const estimate = emiEstimate(12_500_000, EMI_DEFAULTS);
      expect(estimate.emi).toBe(86_782);
      expect(page.text).toContain(`${formatRupees('en', estimate.emi)} a month for a loan of ₹1,00,00,000/- at 8.5% over 20 years`);
      expect(page.html).toMatch(/<input[^>]*name="loan"[^>]*value="80"/);
      // Similar homes: same locality and unit first, then either (nearest price first), then price alone.
      const similar = /<section class="listing-section listing-similar"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
      const names = [...similar.matchAll(/<a class="listing-card__open" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], m[1]]);
      expect(names).toEqual([
        ['Lake Twin', `/viewProjects/${ids.twin}`],
        ['Lake Side Two', `/viewProjects/${ids.sameArea}`],
        ['Baner Nest', `/viewProjects/${ids.sameUnit}`],
        ['Far Tower', `/viewProjects/${ids.priceOnly}`],
      ]);
      expect(similar).toContain('₹90 L');
      expect(similar).toContain('₹62 L');
      // Site visit (the page's enquiry with a visit chosen), WhatsApp with the home and its address, and a call.
      expect(page.html).toContain(`href="/viewProjects/${ids.lakeView}?intent=visit#enquire"`);
      expect(page.html).toMatch(/<div class="listing-section listing-enquire" id="enquire"><section id="enquiry"/);
      const whatsApp = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&');
      expect(whatsApp).toBeDefined();
      const chat = new URL(whatsApp!);
      expect(chat.pathname).toBe('/910000000001');
      expect(chat.searchParams.get('text')).toBe(`Hello, I am interested in the home Lake View: ${BASE}/viewProjects/${ids.lakeView}`);
      expect(page.html).toContain('href="tel:+910000000000"');
      // The first picture loads first; without photos it is the 300×300 image.
      expect(page.html).toMatch(
        /<img src="\/media\/[0-9a-f]{64}\.jpg" alt="Picture of Lake View" width="300" height="300" loading="eager" fetchPriority="high"/,
      );
    });

    it('serves the RERA QR code as SVG that decodes back to the number and the authority’s website', async () => {
      const res = await get(`/api/project/rera-qr/${ids.lakeView}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg [^>]*viewBox=/);
      const { data, info } = await sharp(Buffer.from(res.body), { density: 300 })
        .flatten({ background: '#ffffff' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
      expect(decoded?.data).toBe(reraQrText('P52100047813'));
      expect(decoded?.data).toBe('MahaRERA registration P52100047813\nhttps://maharera.maharashtra.gov.in');
      // Revalidated by its ETag.
      const again = await ctx.app.inject({
        method: 'GET',
        url: `/api/project/rera-qr/${ids.lakeView}`,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      // None for a home without a number, or for no home.
      expect((await get(`/api/project/rera-qr/${ids.twin}`)).statusCode).toBe(404);
      expect((await get('/api/project/rera-qr/no-such-id')).statusCode).toBe(404);
    });

    it('gives share cards, a canonical address and a RealEstateListing an independent checker accepts', async () => {
      const page = read((await get(`/viewProjects/${ids.lakeView}`)).body);
      const url = `${BASE}/viewProjects/${ids.lakeView}`;
      expect(page.canonical).toBe(url);
      expect(page.meta('og:url')).toBe(url);
      expect(page.meta('og:title')).toBe('Lake View: 3 BHK in Whitefield, Bengaluru · Test Studio');
      expect(page.meta('description')).toBe('3 BHK in Whitefield, Bengaluru, 1,450 sq. ft, ready 15-12-2030. ₹1.25 Cr. Gym, Swimming pool, Power backup.');
      expect(page.meta('og:image')).toMatch(new RegExp(`^${BASE}/media/[0-9a-f]{64}\\.jpg$`));
      expect(page.meta('og:image:alt')).toBe('Picture of Lake View');
      expect(page.meta('twitter:card')).toBe('summary_large_image');
      expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
      const image = await get(page.meta('og:image')!.slice(BASE.length));
      expect(image.statusCode).toBe(200);

      const listing = page.jsonLd.find((d) => d['@type'] === 'RealEstateListing');
      expect(listing).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Lake View',
        url,
        image: [page.meta('og:image')],
        offers: { '@type': 'Offer', price: '12500000', priceCurrency: 'INR', availability: 'https://schema.org/PreOrder', url },
        about: { '@type': 'Residence', address: { '@type': 'PostalAddress', addressLocality: 'Whitefield, Bengaluru', addressCountry: 'IN' } },
      });
      expect(String(listing!.description)).toContain('3 BHK in Whitefield, Bengaluru');
      expect(Date.parse(String(listing!.datePosted))).not.toBeNaN();

      const checked = await checkStructuredData(page.html, {
        schemas: ['jsonld:RealEstateListing', 'jsonld:LocalBusiness'],
        tests: [
          { test: 'RealEstateListing[*].name', type: 'jsonld', expect: 'Lake View' },
          { test: 'RealEstateListing[*].description', type: 'jsonld' },
          { test: 'RealEstateListing[*].url', type: 'jsonld', expect: url },
          { test: 'RealEstateListing[*].image', type: 'jsonld' },
          { test: 'RealEstateListing[*].datePosted', type: 'jsonld' },
          { test: 'RealEstateListing[*].offers.price', type: 'jsonld', expect: '12500000' },
          { test: 'RealEstateListing[*].offers.priceCurrency', type: 'jsonld', expect: 'INR' },
          { test: 'RealEstateListing[*].about.address.addressLocality', type: 'jsonld', expect: 'Whitefield, Bengaluru' },
          { test: '"og:image"', type: 'metatag', expect: page.meta('og:image')! },
          { test: '"twitter:image"', type: 'metatag', expect: page.meta('og:image')! },
        ],
      });
      expect(checked.failures).toEqual([]);
      expect(checked.passed.length).toBeGreaterThan(10);
      // Every type named is a schema.org type the checker knows.
      const types = JSON.stringify(page.jsonLd)
        .match(/"@type":"[^"]+"/g)!
        .map((t) => t.slice(9, -1));
      expect(types.filter((t) => !SCHEMA_ORG_TYPES.has(t))).toEqual([]);
    });

    it('leaves the offer out of a home with no price, and says so', async () => {
      const page = read((await get(`/viewProjects/${ids.unpriced}`)).body);
      expect(page.text).toContain('Price on request');
      expect(page.text).toContain('ready to move in');
      expect(page.html).not.toContain('EMI estimate');
      const listing = page.jsonLd.find((d) => d['@type'] === 'RealEstateListing');
      expect(listing).toBeDefined();
      expect(listing).not.toHaveProperty('offers');
      expect(page.html).not.toContain('rera__qr');
    });

    it('works out the EMI from the form without script, and opens the enquiry for a site visit', async () => {
      const res = await get(`/viewProjects/${ids.lakeView}?loan=70&rate=9&years=15&utm_source=x`);
      expect(res.statusCode).toBe(200);
      const estimate = emiEstimate(12_500_000, { loanSharePercent: 70, ratePercent: 9, years: 15 });
      const page = read(res.body);
      expect(page.text).toContain(`${formatRupees('en', estimate.emi)} a month for a loan of ₹87,50,000/- at 9% over 15 years`);
      expect(page.canonical).toBe(`${BASE}/viewProjects/${ids.lakeView}`);

      const visit = read((await get(`/viewProjects/${ids.lakeView}?intent=visit`)).body);
      // The enquiry form (contact/listing-enquiry.tsx) opens with "site visit" chosen.
      expect(visit.html).toMatch(/<input type="radio" name="topic" checked="" value="site visit"/);
      expect(visit.text).toContain('Ask about this home');
      const plain = read((await get(`/viewProjects/${ids.lakeView}`)).body);
      expect(plain.html).toMatch(/<input type="radio" name="topic" checked="" value="question"/);
    });

    it('renders a decor piece’s page: price in full and short, tags, similar decor, a Product with its Offer', async () => {
      const res = await get(`/viewProducts/${ids.sofa}`);
      expect(res.statusCode).toBe(200);
      const page = read(res.body);
      const url = `${BASE}/viewProducts/${ids.sofa}`;
      expect(page.html).toMatch(/<h1[^>]*>Teak Sofa<\/h1>/);
      for (const fact of ['Three-seater in solid teak.', '₹1,25,000/-', '₹1.25 L', 'Living room · Boho']) expect(page.text, fact).toContain(fact);
      // Most tags in common (case aside) first, then the nearest price.
      const similar = /<section class="listing-section listing-similar"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
      expect([...similar.matchAll(/class="listing-card__open"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['Dhurrie Rug', 'Cane Chair', 'Brass Lamp']);
      expect(page.canonical).toBe(url);
      expect(page.meta('og:type')).toBe('product');
      const chat = new URL(/href="(https:\/\/wa\.me\/[^"]+)"/.exec(page.html)![1]!.replace(/&amp;/g, '&'));
      expect(chat.searchParams.get('text')).toBe(`Hello, I am interested in the Teak Sofa: ${url}`);
      expect(page.text).toContain('Ask about this piece');
      expect(page.html).toMatch(/<form[^>]*method="post"[^>]*action="\/enquiry"|<form[^>]*action="\/enquiry"[^>]*method="post"/);

      const product = page.jsonLd.find((d) => d['@type'] === 'Product');
      expect(product).toMatchObject({
        name: 'Teak Sofa',
        url,
        image: [page.meta('og:image')],
        offers: { '@type': 'Offer', price: '125000.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock', url },
      });
      const checked = await checkStructuredData(page.html, {
        schemas: ['jsonld:Product'],
        tests: [
          { test: 'Product[*].name', type: 'jsonld', expect: 'Teak Sofa' },
          { test: 'Product[*].image', type: 'jsonld' },
          { test: 'Product[*].description', type: 'jsonld' },
          { test: 'Product[*].offers.price', type: 'jsonld', expect: '125000.00' },
          { test: 'Product[*].offers.priceCurrency', type: 'jsonld', expect: 'INR' },
          { test: 'Product[*].offers.availability', type: 'jsonld', expect: 'https://schema.org/InStock' },
          { test: 'Product[*].offers.url', type: 'jsonld', expect: url },
        ],
      });
      expect(checked.failures).toEqual([]);
    });

    it('answers an unknown id with the site’s 404 page and status 404, for both kinds', async () => {
      for (const url of ['/viewProjects/no-such-id', '/viewProducts/no-such-id', `/viewProducts/${ids.lakeView}`, `/viewProjects/${ids.sofa}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        const page = read(res.body);
        expect(page.text, url).toContain('Sorry, the page you visited does not exist.');
        expect(page.text, url).toContain('Back Home');
        expect(page.html, url).not.toContain('listing-page');
      }
      // Nor a path under a listing's page.
      expect((await get(`/viewProjects/${ids.lakeView}/photos`)).statusCode).toBe(404);
      // The similar listings' API: 404 too.
      expect((await get('/api/project/similar/no-such-id')).json()).toMatchObject({ message: 'project id not found' });
      expect((await get('/api/product/similar/no-such-id')).statusCode).toBe(404);
    });

    it('sends a listing page’s address in another letter case to its own (301), the id kept as it is', async () => {
      for (const [url, location] of [
        [`/viewprojects/${ids.lakeView}`, `/viewProjects/${ids.lakeView}`],
        [`/VIEWPROJECTS/${ids.lakeView}?intent=visit`, `/viewProjects/${ids.lakeView}?intent=visit`],
        [`/viewproducts/${ids.sofa}`, `/viewProducts/${ids.sofa}`],
        ['/VIEWPROJECTS', '/viewProjects'],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location, url).toBe(location);
      }
      // An id in another case is another id: the 404 page.
      expect((await get(`/viewProjects/${ids.lakeView.toUpperCase()}`)).statusCode).toBe(404);
      expect((await get('/viewProjects')).statusCode).toBe(200);
    });

    it('links every card of /viewProjects and /viewProducts to its page', async () => {
      const projects = (await get('/viewProjects')).body;
      for (const id of [ids.lakeView, ids.twin, ids.unpriced]) expect(projects).toContain(`<a class="listing-card__open" href="/viewProjects/${id}"`);
      const products = (await get('/viewProducts')).body;
      for (const id of [ids.sofa, ids.rug]) expect(products).toContain(`<a class="listing-card__open" href="/viewProducts/${id}"`);
      // The lists' structured data points at the pages too.
      expect(projects).toContain(`"url":"${BASE}/viewProjects/${ids.lakeView}"`);
    });

    it('lists each home’s and decor piece’s page in the sitemap with when it last changed', async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      const entries = new Map([...res.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [m[1], m[2]]));
      const items = [
        ...(await get('/api/project/get')).json<Array<{ _id: string; updatedAt: string }>>().map((p) => ({ ...p, path: `/viewProjects/${p._id}` })),
        ...(await get('/api/product/get')).json<Array<{ _id: string; updatedAt: string }>>().map((p) => ({ ...p, path: `/viewProducts/${p._id}` })),
      ];
      expect(items).toHaveLength(10);
      for (const item of items) expect(entries.get(`${BASE}${item.path}`), item.path).toBe(item.updatedAt);
      expect(entries.has(`${BASE}/viewProjects`)).toBe(true);

      // A change shows at once (the sitemap is in the content cache, which staff writes clear).
      const body = await multipart({ ...home('Lake View Renamed', { price: '12500000', rera: 'P52100047813' }), projectId: ids.lakeView });
      const update = await ctx.asStaff({ method: 'POST', url: '/api/project/update', payload: body.payload, headers: body.headers });
      expect(update.statusCode, update.body).toBe(200);
      const after = await get('/sitemap.xml');
      const lastmod = new RegExp(`/viewProjects/${ids.lakeView}</loc><lastmod>([^<]+)<`).exec(after.body)?.[1];
      expect(Date.parse(lastmod!)).toBeGreaterThan(Date.parse(entries.get(`${BASE}/viewProjects/${ids.lakeView}`)!));
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app'), publicBaseUrl: BASE },
);
