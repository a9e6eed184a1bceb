import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

// Prices are whole rupees. A decor price typed as 14999.5 showed "₹14,999.5/-"; a
// price with paise is kept rounded to the rupee (the display rounds what was stored before).

let colour = 0;
async function send(ctx: TestContext, url: string, fields: Record<string, string>) {
  colour += 1;
  const bytes = await testImage('png', { color: `#${(0x2a4b6c + colour * 0x030507).toString(16).slice(-6)}` });
  const body = await multipart(fields, { bytes, filename: 'photo.png', type: 'image/png' });
  return ctx.asStaff({ method: 'POST', url, payload: body.payload, headers: body.headers });
}

async function listed(ctx: TestContext, kind: 'product' | 'project', id: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ _id: string; price: number | null }>).find((item) => item._id === id);
}

describeEachDatabase('listing prices in whole rupees', (ctx) => {
  it('keeps a decor price typed with paise rounded to the rupee, on add and on update', async () => {
    const added = await send(ctx, '/api/product/add', { productname: 'Cane Chair', description: 'Handwoven', price: '14999.5' });
    expect(added.statusCode, added.body).toBe(201);
    const id = ((await ctx.app.inject({ method: 'GET', url: '/api/product/get' })).json() as Array<{ _id: string; productname: string }>).find(
      (p) => p.productname === 'Cane Chair',
    )!._id;
    expect((await listed(ctx, 'product', id))?.price).toBe(15000);

    const updated = await send(ctx, '/api/product/update', { productId: id, productname: 'Cane Chair', description: 'Handwoven', price: '14999.4' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await listed(ctx, 'product', id))?.price).toBe(14999);
  });

  it('keeps a home price rounded to the rupee too, and no price as none', async () => {
    const fields = { name: 'Paise Heights', area: 'Whitefield, Bengaluru', squareft: '1450.5', dateofcomplition: '15-08-2027', sizeofunit: '3 BHK' };
    expect((await send(ctx, '/api/project/add', { ...fields, price: '9500000.75' })).statusCode).toBe(201);
    expect((await send(ctx, '/api/project/add', { ...fields, name: 'No Price Towers' })).statusCode).toBe(201);
    const projects = (await ctx.app.inject({ method: 'GET', url: '/api/project/get' })).json() as Array<{
      name: string;
      price: number | null;
      squareft: number;
    }>;
    const priced = projects.find((p) => p.name === 'Paise Heights')!;
    expect(priced.price).toBe(9500001);
    // Only prices: an area keeps its fraction.
    expect(priced.squareft).toBe(1450.5);
    expect(projects.find((p) => p.name === 'No Price Towers')!.price).toBeNull();
  });
});
