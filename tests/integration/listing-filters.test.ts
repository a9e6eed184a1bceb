import { beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { describeEachDialect } from '../helpers/databases';
import { testImage } from '../helpers/images';
import { withDatabaseAt } from '../helpers/migrations';
import { multipart } from '../helpers/multipart';

/*
 * Decision 0022: the homes and decor lists filter and sort in the database, through the list calls the
 * specification names (GET /api/project/get, /api/product/get) with the same query parameters as
 * the pages. Without any, the answer is the specification's list, byte for byte as before.
 */

type Item = Record<string, unknown> & { _id: string };

let colour = 0;
async function add(ctx: TestContext, kind: 'project' | 'product', fields: Record<string, string>): Promise<string> {
  colour += 1;
  const bytes = await testImage('png', { width: 64, height: 64, color: `#${(0x1a2b3c + colour * 0x070503).toString(16).slice(-6)}` });
  const body = await multipart(fields, { bytes, filename: 'photo.png', type: 'image/png' });
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

async function update(ctx: TestContext, kind: 'project' | 'product', fields: Record<string, string>) {
  const body = await multipart(fields);
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/update`, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * The homes, added oldest first (so "newest" lists them bottom-up). The test's "today" is
 * 28 Nov 2026 20:00 UTC, which is 29 Nov 2026 01:30 in Asia/Kolkata: Studio Nest, ready on
 * 29-11-2026, is completed in India although it is still the 28th in UTC.
 */
const HOMES = [
  { name: 'Lakeside', area: 'Whitefield, Bengaluru', squareft: '1450', dateofcomplition: '15-12-2026', sizeofunit: '3 BHK', price: '9500000' },
  { name: 'Palm Grove', area: 'Sarjapur Road, Bengaluru', squareft: '2400', dateofcomplition: '30-06-2026', sizeofunit: '4 BHK villa', price: '24000000' },
  { name: 'Baner Heights', area: 'Baner, Pune', squareft: '1180', dateofcomplition: '31-03-2027', sizeofunit: '2 BHK', price: '7800000' },
  { name: 'Hinjewadi Greens', area: 'Hinjewadi, Pune', squareft: '980', dateofcomplition: '20-09-2025', sizeofunit: '2 BHK', price: '' },
  { name: 'Worli Seaview', area: 'Worli, Mumbai', squareft: '2100', dateofcomplition: '15-01-2028', sizeofunit: '4 BHK', price: '55000000' },
  { name: 'Powai Crest', area: 'Powai, Mumbai', squareft: '1350', dateofcomplition: '10-11-2027', sizeofunit: '3 BHK', price: '18500000' },
  { name: 'Studio Nest', area: 'Whitefield, Bengaluru', squareft: '450', dateofcomplition: '29-11-2026', sizeofunit: 'Studio', price: '3000000' },
  // Exactly 6 months from the 29th: inside "within 6 months".
  { name: 'Edge Six', area: 'Whitefield, Bengaluru', squareft: '1600', dateofcomplition: '29-05-2027', sizeofunit: '3 BHK', price: '12000000' },
  // A day past 12 months: "later".
  { name: 'Edge Twelve', area: 'Baner, Pune', squareft: '1900', dateofcomplition: '30-11-2027', sizeofunit: '3 bhk apartment', price: '15000000' },
];
const NEWEST_FIRST = HOMES.map((h) => h.name).reverse();
/** Newest first, keeping only `names`. */
const inOrder = (...names: string[]) => NEWEST_FIRST.filter((n) => names.includes(n));

const DECOR = [
  { productname: 'Teak Sofa', description: 'Three-seater in solid Nilambur teak.', price: '125000', tags: 'Living room, Contemporary Indian, Classic' },
  {
    productname: 'Brass Floor Lamp',
    description: 'Hand-finished Moradabad brass with a linen shade.',
    price: '18500',
    tags: 'Reading corner, Classic, Industrial',
  },
  { productname: 'Cane Armchair', description: 'Woven rattan on a sheesham frame.', price: '24000', tags: 'Living room, Boho, Scandinavian' },
  { productname: 'Jaipur Dhurrie', description: 'Flat-woven cotton dhurrie in indigo.', price: '32000', tags: 'Living room, boho' },
  { productname: 'Terracotta Planter', description: 'Kiln-fired terracotta, café style.', price: '3200', tags: 'Balcony, Boho, Modern minimal' },
  { productname: 'Wall Clock', description: 'Silent sweep movement in sheesham.', price: '6800', tags: '' },
];
const DECOR_NEWEST_FIRST = DECOR.map((d) => d.productname).reverse();
const decorInOrder = (...names: string[]) => DECOR_NEWEST_FIRST.filter((n) => names.includes(n));

const TODAY = new Date('2026-11-28T20:00:00Z');

describeEachDatabase('listing filters', (ctx) => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const home of HOMES) ids[home.name] = await add(ctx, 'project', home);
    for (const item of DECOR) ids[item.productname] = await add(ctx, 'product', item);
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  async function names(url: string, field = 'name'): Promise<string[]> {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<Item[]>().map((i) => String(i[field]));
  }
  const homes = (query: string) => names(`/api/project/get?${query}`);
  const decor = (query: string) => names(`/api/product/get?${query}`, 'productname');
  const onTestDay = () => vi.useFakeTimers({ toFake: ['Date'], now: TODAY });

  describe('homes', () => {
    it('without parameters answers the whole list, newest first, exactly as the specification list', async () => {
      const plain = await get('/api/project/get');
      expect(plain.statusCode).toBe(200);
      expect(plain.json<Item[]>().map((i) => i.name)).toEqual(NEWEST_FIRST);
      // Parameters that filter nothing — empty ones (a GET form sends every field), the default
      // order, or ones the list does not read — get the very same bytes and ETag.
      for (const query of ['locality=&bhk=&minSqft=&maxSqft=&readyBy=&minPrice=&maxPrice=&sort=', 'sort=newest', 'utm_source=mail&fbclid=x']) {
        const res = await get(`/api/project/get?${query}`);
        expect(res.statusCode, query).toBe(200);
        expect(res.body, query).toBe(plain.body);
        expect(res.headers.etag, query).toBe(plain.headers.etag);
      }
      // A filter every home passes gives the same items, written the same way.
      expect((await get('/api/project/get?minSqft=0')).body).toBe(plain.body);
      // Each item is still the specification's item, and nothing derived leaks into it.
      const item = plain.json<Item[]>()[0]!;
      expect(Object.keys(item)).toEqual([
        '_id',
        'name',
        'area',
        'squareft',
        'dateofcomplition',
        'sizeofunit',
        'gmaplink',
        'price',
        'rera',
        'amenities',
        'nameHi',
        'image',
        'filename',
        'createdAt',
        'updatedAt',
        'photos',
        'floorPlan',
      ]);
    });

    it('filters by locality (the area, as the choices give it)', async () => {
      expect(await homes('locality=Whitefield%2C%20Bengaluru')).toEqual(inOrder('Lakeside', 'Studio Nest', 'Edge Six'));
      expect(await homes('locality=%20Baner,%20%20Pune%20')).toEqual(inOrder('Baner Heights', 'Edge Twelve'));
      expect(await homes('locality=Nowhere')).toEqual([]);
    });

    it('filters by bedrooms, read from the unit size ("4 BHK villa" is 4; "Studio" has none)', async () => {
      expect(await homes('bhk=3')).toEqual(inOrder('Lakeside', 'Powai Crest', 'Edge Six', 'Edge Twelve'));
      expect(await homes('bhk=4')).toEqual(inOrder('Palm Grove', 'Worli Seaview'));
      expect(await homes('bhk=2')).toEqual(inOrder('Baner Heights', 'Hinjewadi Greens'));
      expect(await homes('bhk=1')).toEqual([]);
    });

    it('filters by size range in sq. ft, both ends included', async () => {
      expect(await homes('minSqft=2000')).toEqual(inOrder('Palm Grove', 'Worli Seaview'));
      expect(await homes('maxSqft=980')).toEqual(inOrder('Hinjewadi Greens', 'Studio Nest'));
      expect(await homes('minSqft=1180&maxSqft=1450')).toEqual(inOrder('Lakeside', 'Baner Heights', 'Powai Crest'));
      expect(await homes('minSqft=1450.5&maxSqft=1599.99')).toEqual([]);
    });

    it('filters by ready by, against today in Asia/Kolkata on the app clock', async () => {
      onTestDay();
      expect(await homes('readyBy=completed')).toEqual(inOrder('Palm Grove', 'Hinjewadi Greens', 'Studio Nest'));
      expect(await homes('readyBy=6m')).toEqual(inOrder('Palm Grove', 'Hinjewadi Greens', 'Studio Nest', 'Lakeside', 'Baner Heights', 'Edge Six'));
      expect(await homes('readyBy=12m')).toEqual(
        inOrder('Palm Grove', 'Hinjewadi Greens', 'Studio Nest', 'Lakeside', 'Baner Heights', 'Edge Six', 'Powai Crest'),
      );
      expect(await homes('readyBy=later')).toEqual(inOrder('Worli Seaview', 'Edge Twelve'));
      // Every home is in exactly one of "within 12 months" and "later".
      expect([...(await homes('readyBy=12m')), ...(await homes('readyBy=later'))].sort()).toEqual([...NEWEST_FIRST].sort());
    });

    it('moves "today" as the clock moves: a day later in India, the next home is completed', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T18:00:00Z') }); // 23:30 on the 28th in India
      expect(await homes('readyBy=completed')).toEqual(inOrder('Palm Grove', 'Hinjewadi Greens'));
      vi.setSystemTime(new Date('2026-11-28T18:30:00Z')); // midnight, the 29th
      expect(await homes('readyBy=completed')).toEqual(inOrder('Palm Grove', 'Hinjewadi Greens', 'Studio Nest'));
    });

    it('filters by price range in whole rupees; a home without a price is in no range', async () => {
      expect(await homes('minPrice=20000000')).toEqual(inOrder('Palm Grove', 'Worli Seaview'));
      expect(await homes('maxPrice=7800000')).toEqual(inOrder('Baner Heights', 'Studio Nest'));
      expect(await homes('minPrice=0')).not.toContain('Hinjewadi Greens');
      expect(await homes('minPrice=9500000&maxPrice=15000000')).toEqual(inOrder('Lakeside', 'Edge Six', 'Edge Twelve'));
    });

    it('sorts by newest, price (low to high), -price (high to low) and size, unpriced homes last', async () => {
      expect(await homes('sort=newest')).toEqual(NEWEST_FIRST);
      expect(await homes('sort=price')).toEqual([
        'Studio Nest',
        'Baner Heights',
        'Lakeside',
        'Edge Six',
        'Edge Twelve',
        'Powai Crest',
        'Palm Grove',
        'Worli Seaview',
        'Hinjewadi Greens',
      ]);
      expect(await homes('sort=-price')).toEqual([
        'Worli Seaview',
        'Palm Grove',
        'Powai Crest',
        'Edge Twelve',
        'Edge Six',
        'Lakeside',
        'Baner Heights',
        'Studio Nest',
        'Hinjewadi Greens',
      ]);
      expect(await homes('sort=size')).toEqual([
        'Studio Nest',
        'Hinjewadi Greens',
        'Baner Heights',
        'Powai Crest',
        'Lakeside',
        'Edge Six',
        'Edge Twelve',
        'Worli Seaview',
        'Palm Grove',
      ]);
    });

    it('combines filters (all must hold) with an order', async () => {
      onTestDay();
      expect(await homes('locality=Whitefield%2C+Bengaluru&bhk=3')).toEqual(inOrder('Lakeside', 'Edge Six'));
      expect(await homes('locality=Whitefield%2C+Bengaluru&bhk=3&sort=-price')).toEqual(['Edge Six', 'Lakeside']);
      expect(await homes('bhk=3&readyBy=6m&sort=size')).toEqual(['Lakeside', 'Edge Six']);
      expect(await homes('bhk=3&minSqft=1300&maxPrice=16000000&sort=price')).toEqual(['Lakeside', 'Edge Six', 'Edge Twelve']);
      expect(await homes('readyBy=later&minPrice=1&sort=price')).toEqual(['Edge Twelve', 'Worli Seaview']);
      expect(await homes('locality=Baner%2C+Pune&bhk=2&minSqft=1000&maxSqft=1200&readyBy=12m&minPrice=7000000&maxPrice=8000000&sort=size')).toEqual([
        'Baner Heights',
      ]);
      // Nothing passes: an empty list, not an error.
      const none = await get('/api/project/get?locality=Worli%2C+Mumbai&bhk=2');
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
    });

    it('refuses a value it cannot use with 400 and a sentence a person understands, naming the parameter', async () => {
      const cases: Array<[string, string, RegExp]> = [
        ['bhk=three', 'bhk', /^Bedrooms \(bhk\) must be a whole number from 1 to 20, such as 3\.$/],
        ['bhk=0', 'bhk', /bhk/],
        ['bhk=3.5', 'bhk', /whole number/],
        ['bhk=21', 'bhk', /1 to 20/],
        ['minSqft=big', 'minSqft', /^Smallest size \(minSqft\) must be a number of square feet/],
        ['maxSqft=-5', 'maxSqft', /maxSqft/],
        ['minSqft=1e3', 'minSqft', /minSqft/],
        ['readyBy=soon', 'readyBy', /^Ready by \(readyBy\) must be one of completed, 6m, 12m or later\.$/],
        ['readyBy=6M', 'readyBy', /readyBy/],
        ['minPrice=50,00,000', 'minPrice', /^Lowest price \(minPrice\) must be a whole number of rupees/],
        ['maxPrice=99.5', 'maxPrice', /maxPrice/],
        ['sort=cheapest', 'sort', /^Sort \(sort\) must be one of newest, price, -price or size\.$/],
        ['sort=-size', 'sort', /sort/],
        ['minSqft=2000&maxSqft=1000', 'minSqft', /^The smallest size \(minSqft\) is more than the largest size \(maxSqft\)\.$/],
        ['minPrice=9&maxPrice=1', 'minPrice', /lowest price \(minPrice\) is more than the highest/],
        ['bhk=3&bhk=4', 'bhk', /^Bedrooms \(bhk\) is given more than once: give it once\.$/],
        [`locality=${'x'.repeat(101)}`, 'locality', /at most 100 characters/],
        ['locality=a%01b', 'locality', /character that is not allowed/],
      ];
      for (const [query, field, message] of cases) {
        const res = await get(`/api/project/get?${query}`);
        expect.soft(res.statusCode, query).toBe(400);
        const body = res.json<{ message: string; code: string; errors: Array<{ field: string; message: string }> }>();
        expect.soft(body.code, query).toBe('VALIDATION');
        expect.soft(body.message, query).toMatch(message);
        expect.soft(body.errors[0], query).toEqual({ field, message: body.message });
      }
      // Every problem at once, the first as the message.
      const several = await get('/api/project/get?bhk=x&readyBy=y&sort=z');
      expect(several.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(['bhk', 'readyBy', 'sort']);
    });

    it('offers the choices from the data, and follows staff changes at once', async () => {
      const res = await get('/api/project/choices');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        localities: ['Baner, Pune', 'Hinjewadi, Pune', 'Powai, Mumbai', 'Sarjapur Road, Bengaluru', 'Whitefield, Bengaluru', 'Worli, Mumbai'],
        bhk: [2, 3, 4],
        sqft: { min: 450, max: 2400 },
        price: { min: 3000000, max: 55000000 },
      });
    });
  });

  describe('decor', () => {
    it('without parameters answers the whole list exactly as before', async () => {
      const plain = await get('/api/product/get');
      expect(plain.json<Item[]>().map((i) => i.productname)).toEqual(DECOR_NEWEST_FIRST);
      for (const query of ['minPrice=&maxPrice=&tag=&q=&sort=', 'sort=newest', 'ref=home']) {
        const res = await get(`/api/product/get?${query}`);
        expect(res.body, query).toBe(plain.body);
        expect(res.headers.etag, query).toBe(plain.headers.etag);
      }
      expect((await get('/api/product/get?minPrice=0')).body).toBe(plain.body);
    });

    it('filters by price range', async () => {
      expect(await decor('maxPrice=6800')).toEqual(decorInOrder('Terracotta Planter', 'Wall Clock'));
      expect(await decor('minPrice=24000&maxPrice=32000')).toEqual(decorInOrder('Cane Armchair', 'Jaipur Dhurrie'));
    });

    it('filters by one style tag, however it is typed', async () => {
      expect(await decor('tag=Boho')).toEqual(decorInOrder('Cane Armchair', 'Jaipur Dhurrie', 'Terracotta Planter'));
      expect(await decor('tag=boho')).toEqual(await decor('tag=BOHO'));
      expect(await decor('tag=living%20room')).toEqual(decorInOrder('Teak Sofa', 'Cane Armchair', 'Jaipur Dhurrie'));
      expect(await decor('tag=Living-Room')).toEqual(decorInOrder('Teak Sofa', 'Cane Armchair', 'Jaipur Dhurrie'));
      // A tag is a whole tag, not part of one.
      expect(await decor('tag=room')).toEqual([]);
      expect(await decor('tag=%25')).toEqual([]);
    });

    it('finds keywords in the name, description and tags; every word must appear', async () => {
      expect(await decor('q=teak')).toEqual(['Teak Sofa']);
      expect(await decor('q=SHEESHAM')).toEqual(decorInOrder('Cane Armchair', 'Wall Clock'));
      expect(await decor('q=industrial')).toEqual(['Brass Floor Lamp']);
      expect(await decor('q=sheesham%20clock')).toEqual(['Wall Clock']);
      expect(await decor('q=cafe')).toEqual(['Terracotta Planter']); // "café" in the description
      expect(await decor('q=100%25')).toEqual([]); // the % is no wildcard: nothing says "100"
      expect(await decor('q=_')).toEqual(DECOR_NEWEST_FIRST); // punctuation alone asks for nothing
    });

    it('sorts by price both ways and combines filters', async () => {
      expect(await decor('sort=price')).toEqual(['Terracotta Planter', 'Wall Clock', 'Brass Floor Lamp', 'Cane Armchair', 'Jaipur Dhurrie', 'Teak Sofa']);
      expect(await decor('sort=-price')).toEqual(['Teak Sofa', 'Jaipur Dhurrie', 'Cane Armchair', 'Brass Floor Lamp', 'Wall Clock', 'Terracotta Planter']);
      expect(await decor('tag=Boho&maxPrice=30000&sort=-price')).toEqual(['Cane Armchair', 'Terracotta Planter']);
      expect(await decor('tag=Living%20room&q=woven&sort=price')).toEqual(['Cane Armchair', 'Jaipur Dhurrie']);
      expect(await decor('tag=Classic&q=rattan')).toEqual([]);
    });

    it('refuses bad values with 400 and a clear sentence', async () => {
      const cases: Array<[string, string, RegExp]> = [
        ['sort=size', 'sort', /^Sort \(sort\) must be one of newest, price or -price\.$/],
        ['minPrice=cheap', 'minPrice', /minPrice/],
        ['minPrice=5000&maxPrice=100', 'minPrice', /more than the highest price/],
        [`q=${'w'.repeat(101)}`, 'q', /^Keyword \(q\) can be at most 100 characters\.$/],
        [`tag=${'t'.repeat(31)}`, 'tag', /^Style \(tag\) can be at most 30 characters\.$/],
        ['tag=a&tag=b', 'tag', /given more than once/],
      ];
      for (const [query, field, message] of cases) {
        const res = await get(`/api/product/get?${query}`);
        expect.soft(res.statusCode, query).toBe(400);
        expect.soft(res.json().message, query).toMatch(message);
        expect.soft(res.json().errors[0].field, query).toBe(field);
      }
    });

    it('offers its tags (one spelling each) and price range as choices', async () => {
      const res = await get('/api/product/choices');
      expect(res.statusCode).toBe(200);
      const choices = res.json<{ tags: string[]; price: unknown }>();
      expect(choices.tags.map((t) => t.toLowerCase())).toEqual([
        'balcony',
        'boho',
        'classic',
        'contemporary indian',
        'industrial',
        'living room',
        'modern minimal',
        'reading corner',
        'scandinavian',
      ]);
      expect(choices.price).toEqual({ min: 3200, max: 125000 });
    });
  });

  describe('derived on write', () => {
    it("follows a home's new unit size and a product's new tags and words; a deleted product leaves no tag behind", async () => {
      await update(ctx, 'project', { ...HOMES[6]!, sizeofunit: '1 BHK', projectId: ids['Studio Nest']! });
      expect(await homes('bhk=1')).toEqual(['Studio Nest']);
      expect((await get('/api/project/choices')).json<{ bhk: number[] }>().bhk).toEqual([1, 2, 3, 4]);

      await update(ctx, 'product', { ...DECOR[5]!, tags: 'Bedroom, Art deco', description: 'Brass hands', productId: ids['Wall Clock']! });
      expect(await decor('tag=art%20deco')).toEqual(['Wall Clock']);
      expect(await decor('q=sheesham')).toEqual(['Cane Armchair']);
      expect(await decor('q=brass%20hands')).toEqual(['Wall Clock']);
      expect((await get('/api/product/choices')).json<{ tags: string[] }>().tags).toContain('Art deco');

      const removed = await ctx.asStaff({ method: 'DELETE', url: `/api/product/delete/${ids['Wall Clock']}` });
      expect(removed.statusCode).toBe(200);
      expect(await decor('tag=art%20deco')).toEqual([]);
      expect((await get('/api/product/choices')).json<{ tags: string[] }>().tags).not.toContain('Art deco');
      const left = await ctx.database.db.selectFrom('productTags').select('productId').where('productId', '=', ids['Wall Clock']!).execute();
      expect(left).toEqual([]);
    });

    it('records the fields staff changed in the audit log, not the derived columns', async () => {
      await update(ctx, 'project', { ...HOMES[0]!, sizeofunit: '2 BHK', projectId: ids.Lakeside! });
      const entry = await ctx.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('recordId', '=', ids.Lakeside!)
        .where('kind', '=', 'listing.updated')
        .orderBy('at', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(String(entry.fields))).toEqual(['sizeofunit']);
      expect(await homes('bhk=2')).toContain('Lakeside');
    });
  });
});

describeEachDialect('listing filters migration', (dialect) => {
  it('fills in bedrooms, search text and tag rows for listings written before it, and can be undone', () =>
    withDatabaseAt(dialect, '2026-11-27T1420-privacy-requests', async ({ db, migrator, at }) => {
      await db
        .insertInto('images')
        .values({ hash: 'h1', bytes: Buffer.from([1]), width: 1, height: 1, created_at: at(0) })
        .execute();
      const common = { image_hash: 'h1', filename: 'x.jpg', created_at: at(1), updated_at: at(1) };
      await db
        .insertInto('projects')
        .values([
          { ...common, id: 'p1', name: 'A', area: 'Baner, Pune', squareft: 1000, dateofcomplition: '2027-01-01', sizeofunit: '4 BHK villa', gmaplink: '' },
          { ...common, id: 'p2', name: 'B', area: 'Baner, Pune', squareft: 500, dateofcomplition: '2027-01-01', sizeofunit: 'Studio', gmaplink: '' },
        ])
        .execute();
      await db
        .insertInto('products')
        .values([
          { ...common, id: 'd1', productname: 'Cane Chair', description: 'Woven, café', price: 10, tags: JSON.stringify(['Boho', 'Living room', 'boho']) },
          { ...common, id: 'd2', productname: 'Lamp', description: 'Brass', price: 20, tags: '[]' },
        ])
        .execute();

      expect((await migrator.migrateTo('2026-11-28T2100-listing-filters')).error).toBeUndefined();
      const projects = await db.selectFrom('projects').select(['id', 'bhk']).orderBy('id').execute();
      expect(projects).toEqual([
        { id: 'p1', bhk: 4 },
        { id: 'p2', bhk: null },
      ]);
      const products = await db.selectFrom('products').select(['id', 'searchText']).orderBy('id').execute();
      expect(products).toEqual([
        { id: 'd1', searchText: 'cane chair woven cafe boho living room boho' },
        { id: 'd2', searchText: 'lamp brass' },
      ]);
      const tags = await db.selectFrom('product_tags').select(['productId', 'tag', 'tagKey']).orderBy('tagKey').execute();
      expect(tags).toEqual([
        { productId: 'd1', tag: 'Boho', tagKey: 'boho' },
        { productId: 'd1', tag: 'Living room', tagKey: 'living room' },
      ]);

      expect((await migrator.migrateTo('2026-11-27T1420-privacy-requests')).error).toBeUndefined();
      expect(await db.selectFrom('projects').select('id').execute()).toHaveLength(2);
    }));
});
