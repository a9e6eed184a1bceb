import { beforeAll, expect, it } from 'vitest';
import type { ListingMatches } from '#shared/matching/listing-match';
import type { LeadDetail, LeadList } from '#shared/leads/leads.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { addEmail, createActiveCampaign, surveyText } from '../factories/campaigns';

const MATCH_SURVEY = {
  pages: [
    {
      name: 'home',
      elements: [
        {
          type: 'radiogroup',
          name: 'bhk',
          title: 'Bedrooms',
          listingMatch: 'project.bedrooms',
          choices: [
            { value: 2, text: '2 BHK' },
            { value: 3, text: '3 BHK' },
            { value: 5, text: '5+ BHK' },
          ],
        },
        { type: 'checkbox', name: 'where', title: 'Where?', listingMatch: 'project.locality', choices: ['Whitefield', 'Powai', 'Baner'] },
        {
          type: 'dropdown',
          name: 'budget',
          title: 'Budget',
          listingMatch: 'project.maxPrice',
          choices: [
            { value: 10000000, text: 'Up to ₹1 crore' },
            { value: 30000000, text: 'Up to ₹3 crore' },
          ],
        },
        { type: 'checkbox', name: 'style', title: 'Decor style', listingMatch: 'product.keywords', choices: ['Boho', 'Teak', 'Minimal'] },
      ],
    },
  ],
};

let seed = 0;
async function addListing(ctx: TestContext, kind: 'project' | 'product', fields: Record<string, string | number | undefined>) {
  seed += 1;
  const body = await multipart(fields, {
    bytes: await testImage('png', { color: `#${(0x224466 + seed * 0x030507).toString(16).slice(-6)}` }),
    filename: 'p.png',
    type: 'image/png',
  });
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
  return res;
}

const project = (name: string, area: string, sizeofunit: string, price?: string) => ({
  name,
  area,
  squareft: '1200',
  dateofcomplition: '15-12-2026',
  sizeofunit,
  gmaplink: '',
  price,
});

async function answer(ctx: TestContext, campaignId: string, email: string, answers: Record<string, unknown>) {
  const emailId = await addEmail(ctx, email, campaignId);
  const res = await ctx.app.inject({ method: 'POST', url: `/api/campaign/response/${campaignId}`, payload: { response: { email, emailId, answer: answers } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; matches: ListingMatches }>();
}

describeEachDatabase('matching answers to homes and decor', (ctx) => {
  let campaignId: string;
  beforeAll(async () => {
    for (const [kind, fields] of [
      ['project', project('Lakeside', 'Whitefield, Bengaluru', '3 BHK', '9500000')],
      ['project', project('Powai Crest', 'Hiranandani, Powai, Mumbai', '3 BHK')],
      ['project', project('Palm Villas', 'Sarjapur Road, Bengaluru', '4 BHK villa', '21000000')],
      ['project', project('Big House', 'Worli, Mumbai', '6 BHK', '90000000')],
      ['product', { productname: 'Cane Armchair', description: 'Woven rattan', price: '24000', tags: 'Living room, Boho' }],
      ['product', { productname: 'Teak Sofa', description: 'Solid teak three-seater', price: '125000', tags: '' }],
    ] as const) {
      expect((await addListing(ctx, kind, fields)).statusCode).toBe(201);
    }
    campaignId = await createActiveCampaign(ctx, { name: 'Match me', questions: surveyText(MATCH_SURVEY) });
  });

  it('keeps a project price (optional) and product tags (comma-separated) in the public lists', async () => {
    const projects = (await ctx.app.inject({ method: 'GET', url: '/api/project/get' })).json<Array<{ name: string; price: number | null }>>();
    expect(Object.fromEntries(projects.map((p) => [p.name, p.price]))).toMatchObject({ Lakeside: 9_500_000, 'Powai Crest': null });
    const products = (await ctx.app.inject({ method: 'GET', url: '/api/product/get' })).json<Array<{ productname: string; tags: string[] }>>();
    expect(Object.fromEntries(products.map((p) => [p.productname, p.tags]))).toEqual({ 'Cane Armchair': ['Living room', 'Boho'], 'Teak Sofa': [] });
    const negative = await addListing(ctx, 'project', project('Bad price', 'Baner', '2 BHK', '-5'));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toContainEqual({ field: 'price', message: 'Price cannot be negative' });
  });

  it('takes a project price and product tags on update too, and a blank price removes it', async () => {
    const update = async (kind: 'project' | 'product', fields: Record<string, string>) => {
      const body = await multipart(fields);
      const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/update`, payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    const projectNamed = async (name: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/project/get' }))
        .json<Array<{ _id: string; name: string; price: number | null }>>()
        .find((p) => p.name === name)!;
    const productNamed = async (name: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/product/get' }))
        .json<Array<{ _id: string; productname: string; tags: string[] }>>()
        .find((p) => p.productname === name)!;

    expect((await addListing(ctx, 'project', project('Edit Price', 'Kochi', '1 BHK'))).statusCode).toBe(201);
    const { _id: projectId } = await projectNamed('Edit Price');
    await update('project', { ...project('Edit Price', 'Kochi', '1 BHK', '8000000'), projectId } as Record<string, string>);
    expect((await projectNamed('Edit Price')).price).toBe(8_000_000);
    await update('project', { ...project('Edit Price', 'Kochi', '1 BHK', ''), projectId } as Record<string, string>);
    expect((await projectNamed('Edit Price')).price).toBeNull();

    expect((await addListing(ctx, 'product', { productname: 'Edit Lamp', description: 'Desk lamp', price: '3000' })).statusCode).toBe(201);
    const { _id: productId } = await productNamed('Edit Lamp');
    expect((await productNamed('Edit Lamp')).tags).toEqual([]);
    await update('product', { productname: 'Edit Lamp', description: 'Desk lamp', price: '3000', tags: ' Study,  Reading corner ,Study', productId });
    expect((await productNamed('Edit Lamp')).tags).toEqual(['Study', 'Reading corner']);
  });

  it('answers a response with the homes and decor that fit, with reasons, and stores them', async () => {
    const result = await answer(ctx, campaignId, 'match@example.com', { bhk: 3, where: ['Powai', 'Whitefield'], budget: 10000000, style: ['Boho'] });
    expect(result.matches.projects.map((p) => [p.name, p.reasons])).toEqual([
      ['Lakeside', ['3 BHK', 'in Whitefield', 'within your budget']],
      ['Powai Crest', ['3 BHK', 'in Powai']],
    ]);
    expect(result.matches.projects[0]!.image).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    expect(result.matches.products.map((p) => [p.name, p.reasons])).toEqual([['Cane Armchair', ['Boho']]]);
    // The same reasons as values, which /hi/result and a Hindi e-mail say in Hindi (decision 0047).
    expect(result.matches.projects.map((p) => p.reasonValues)).toEqual([
      [{ kind: 'bedrooms', n: 3 }, { kind: 'locality', name: 'Whitefield' }, { kind: 'budget' }],
      [
        { kind: 'bedrooms', n: 3 },
        { kind: 'locality', name: 'Powai' },
      ],
    ]);
    expect(result.matches.products[0]).toMatchObject({ reasonValues: [{ kind: 'words', text: 'Boho' }], missValues: [] });

    const stored = await ctx.database.db
      .selectFrom('surveyResponses')
      .innerJoin('emailRecords', 'emailRecords.id', 'surveyResponses.emailRecordId')
      .select('surveyResponses.matches')
      .where('emailRecords.email', '=', 'match@example.com')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.matches!)).toEqual(result.matches);
    const leads = (await ctx.asStaff({ method: 'GET', url: '/api/leads?q=match%40example.com' })).json<LeadList>();
    const lead = (await ctx.asStaff({ method: 'GET', url: `/api/leads/${leads.items[0]!._id}` })).json<LeadDetail>();
    expect(lead.activities.find((a) => a.type === 'response')?.matches).toEqual(result.matches);
  });

  it('takes "5 or more" and a new listing into account at once', async () => {
    expect((await addListing(ctx, 'project', project('Eight Rooms', 'Baner, Pune', '8 BHK', '50000000'))).statusCode).toBe(201);
    const result = await answer(ctx, campaignId, 'big@example.com', { bhk: 5 });
    expect(result.matches.projects.map((p) => p.name).sort()).toEqual(['Big House', 'Eight Rooms']);
    expect(result.matches.products).toEqual([]);
  });

  it('answers the nearest, each with why it is not a fit, when nothing fits; nothing when the survey sets no listingMatch', async () => {
    const { matches } = await answer(ctx, campaignId, 'none@example.com', { where: ['Baner'], bhk: 2 });
    expect(matches.projects.filter((p) => p.misses.length === 0)).toEqual([]);
    expect(matches.projects[0]).toMatchObject({
      name: 'Eight Rooms',
      reasons: ['in Baner'],
      misses: ['8 BHK, you asked for 2'],
      reasonValues: [{ kind: 'locality', name: 'Baner' }],
      missValues: [{ kind: 'bedrooms', beds: 8, size: '', asked: [{ n: 2, atLeast: false }] }],
    });
    // No decor answer: nothing is said of decor.
    expect(matches.asked).toEqual({ projects: true, products: false });
    const plain = await createActiveCampaign(ctx, { name: 'Plain', questions: surveyText({ elements: [{ type: 'text', name: 'city' }] }) });
    expect((await answer(ctx, plain, 'plain@example.com', { city: 'Pune' })).matches).toEqual({
      projects: [],
      products: [],
      asked: { projects: false, products: false },
    });
  });
});
