import { expect, it } from 'vitest';
import { seedDemoContent } from '../../src/server/db/seed';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('demo content at first start', (ctx) => {
  it('fills an empty database once: listings and one active survey, served by the public API', async () => {
    expect(await seedDemoContent(ctx.database.db, ctx.dialect)).toBe(true);
    const projects = await ctx.app.inject({ method: 'GET', url: '/api/project/get' });
    const products = await ctx.app.inject({ method: 'GET', url: '/api/product/get' });
    const studios = await ctx.app.inject({ method: 'GET', url: '/api/studio/get' });
    expect(projects.json()).toHaveLength(6);
    expect(products.json()).toHaveLength(6);
    expect(studios.json()).toHaveLength(3);
    const active = await ctx.app.inject({ method: 'GET', url: '/api/campagin/active' });
    const campaigns = active.json<Array<{ questions: string; isActive: boolean }>>();
    expect(campaigns).toHaveLength(1);
    expect(JSON.parse(campaigns[0]!.questions).pages.length).toBeGreaterThan(1);

    // A second start (or a second instance) changes nothing.
    expect(await seedDemoContent(ctx.database.db, ctx.dialect)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project/get' })).json()).toHaveLength(6);
  });
});

describeEachDatabase('demo content on a database with content', (ctx) => {
  it('never touches a database that already has anything, even only a contact message', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/contactus/add',
      payload: { response: { firstname: 'Asha', lastname: 'Rao', email: 'asha@example.com', requestquotation: 'Homes', message: 'Hello' } },
    });
    expect(sent.statusCode).toBeLessThan(300);
    expect(await seedDemoContent(ctx.database.db, ctx.dialect)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project/get' })).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/campagin/active' })).json()).toEqual([]);
  });
});
