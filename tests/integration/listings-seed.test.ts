import sharp from 'sharp';
import { expect, it } from 'vitest';
import { seedDemoListings } from '#server/features/listings/listings.seed';
import type { Product, Project, Studio } from '#shared/listings/listings.contract';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('demo listings', (ctx) => {
  it('adds six projects, six decor products and three studios, each with a served 300×300 illustration', async () => {
    await seedDemoListings(ctx.database.db);
    const get = async <T>(kind: string) => (await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get` })).json<T[]>();
    const projects = await get<Project>('project');
    const products = await get<Product>('product');
    const studios = await get<Studio>('studio');
    expect([projects.length, products.length, studios.length]).toEqual([6, 6, 3]);

    const images = new Set([...projects, ...products, ...studios].map((item) => item.image));
    expect(images.size).toBe(15);
    for (const url of images) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 300]);
      // An illustration, not a blank: its pixels vary.
      const stats = await sharp(res.rawPayload).stats();
      expect(stats.channels[0]!.stdev).toBeGreaterThan(10);
    }

    for (const item of [...projects, ...studios]) {
      if (item.gmaplink) expect(item.gmaplink).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    }
    expect(studios.every((s) => s.gmaplink !== '')).toBe(true);
    expect(projects[0]!.name).toBe('Lakeside Residency');
    expect(products.every((p) => p.price > 0 && p.filename.endsWith('.png'))).toBe(true);
  });

  it('adds nothing to kinds that already have records', async () => {
    const before = await ctx.database.db.selectFrom('images').select('hash').execute();
    await seedDemoListings(ctx.database.db);
    const counts = await Promise.all(
      (['projects', 'products', 'studios'] as const).map(async (table) =>
        Number((await ctx.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      ),
    );
    expect(counts).toEqual([6, 6, 3]);
    expect(await ctx.database.db.selectFrom('images').select('hash').execute()).toHaveLength(before.length);
  });
});
