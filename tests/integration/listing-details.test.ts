import { expect, it } from 'vitest';
import { RERA_INVALID, type ListingKind } from '#shared/listings/listings.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

type Fields = Record<string, string>;

const project = (extra: Fields = {}): Fields => ({
  name: 'Lake View',
  area: 'Whitefield, Bengaluru',
  squareft: '1450',
  dateofcomplition: '15-08-2027',
  sizeofunit: '3 BHK',
  ...extra,
});

async function add(ctx: TestContext, kind: ListingKind, fields: Fields) {
  const body = await multipart(fields, { bytes: await testImage('png'), filename: 'photo.png', type: 'image/png' });
  return ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
}

describeEachDatabase('listing details', (ctx) => {
  it('GET /api/{kind}/get/{id} answers the item as the list has it, or 404 with the kind’s message', async () => {
    const projectRes = await add(ctx, 'project', project({ rera: 'P52100012345', amenities: 'Gym, Swimming pool' }));
    expect(projectRes.statusCode, projectRes.body).toBe(201);
    const productRes = await add(ctx, 'product', { productname: 'Teak Sofa', description: 'Three-seater', price: '125000' });
    const cases = [
      { kind: 'project', id: projectRes.json<{ _id: string }>()._id, notFound: 'project id not found' },
      { kind: 'product', id: productRes.json<{ _id: string }>()._id, notFound: 'product id not found' },
    ] as const;
    for (const { kind, id, notFound } of cases) {
      const one = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get/${id}` });
      expect(one.statusCode, one.body).toBe(200);
      const list = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get` });
      expect(one.json()).toEqual(list.json<Array<{ _id: string }>>().find((item) => item._id === id));
      expect(one.json().photos).toEqual([]);

      const missing = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get/no-such-id` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(notFound);
      expect(missing.body).not.toMatch(/select|stack|at \//i);
    }
    const item = (await ctx.app.inject({ method: 'GET', url: `/api/project/get/${cases[0].id}` })).json();
    expect(item).toMatchObject({ rera: 'P52100012345', amenities: ['Gym', 'Swimming pool'], floorPlan: null });
  });

  it('keeps a RERA number as the authority writes it (capitals), blank as none, and refuses anything else', async () => {
    const lower = await add(ctx, 'project', project({ rera: ' prm/ka/rera/1251/446/pr/171031/000743 ' }));
    expect(lower.statusCode, lower.body).toBe(201);
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/project/get/${lower.json<{ _id: string }>()._id}` });
    expect(stored.json().rera).toBe('PRM/KA/RERA/1251/446/PR/171031/000743');

    const none = await add(ctx, 'project', project({ rera: '  ' }));
    expect(none.statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/project/get/${none.json<{ _id: string }>()._id}` })).json().rera).toBe('');

    for (const bad of ['abc', 'RERA', '<script>1234', 'P5210 0012345', '/P52100012345']) {
      const res = await add(ctx, 'project', project({ rera: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(RERA_INVALID);
    }
  });

  it('stores amenities as a list: trimmed, duplicates dropped, at most 30 of at most 40 characters', async () => {
    const res = await add(ctx, 'project', project({ amenities: ' Gym ,gym, Power  backup,, Lift ' }));
    expect(res.statusCode, res.body).toBe(201);
    const item = (await ctx.app.inject({ method: 'GET', url: `/api/project/get/${res.json<{ _id: string }>()._id}` })).json();
    expect(item.amenities).toEqual(['Gym', 'Power backup', 'Lift']);

    const tooMany = await add(ctx, 'project', project({ amenities: Array.from({ length: 31 }, (_, i) => `A${i}`).join(',') }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 30 amenities.');
    const tooLong = await add(ctx, 'project', project({ amenities: 'x'.repeat(41) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Each amenity can be at most 40 characters.');
  });
});
