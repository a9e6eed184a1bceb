import sharp from 'sharp';
import { expect, it } from 'vitest';
import { seedDemoListings } from '#server/features/listings/listings.seed';
import { photoUrl } from '#shared/listings/listing-photos';
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
    // Every demo listing has its name (and a product its description) in Hindi, in Devanagari.
    const devanagari = /^[\u0900-\u097F][\u0900-\u097F\s\d×,.;।-]*$/;
    for (const text of [...projects.map((p) => p.nameHi), ...products.flatMap((p) => [p.productnameHi, p.descriptionHi]), ...studios.map((s) => s.titleHi)]) {
      expect(text).toMatch(devanagari);
    }

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

  it('gives each demo home 3 to 5 photos and a floor plan, and each decor piece 2 or 3 photos, all distinct and served', async () => {
    const get = async <T>(kind: string) => (await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get` })).json<T[]>();
    const projects = await get<Project>('project');
    const products = await get<Product>('product');
    for (const home of projects) {
      expect(home.photos.length, home.name).toBeGreaterThanOrEqual(3);
      expect(home.photos.length, home.name).toBeLessThanOrEqual(5);
      expect(home.floorPlan, home.name).not.toBeNull();
      expect(home.photos.every((p) => p.alt.length > 0)).toBe(true);
    }
    for (const piece of products) {
      expect(piece.photos.length, piece.productname).toBeGreaterThanOrEqual(2);
      expect(piece.photos.length, piece.productname).toBeLessThanOrEqual(3);
    }
    const photos = [...projects, ...products].flatMap((item) => item.photos);
    expect(new Set(photos.map((p) => p.id)).size).toBe(photos.length);
    for (const photo of projects.flatMap((home) => home.photos)) expect(photo).toMatchObject({ width: 960, height: 640, widths: [320, 640, 960] });
    for (const photo of products.flatMap((piece) => piece.photos)) expect(photo).toMatchObject({ width: 640, height: 427, widths: [320, 640] });
    // One of each is served: a photo in each format, and a floor plan of each type.
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: photoUrl(photos[0]!.id, 960, format) });
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).stats()).channels[0]!.stdev).toBeGreaterThan(10);
    }
    const plans = projects.map((home) => home.floorPlan!);
    expect(new Set(plans.map((plan) => plan.type))).toEqual(new Set(['image', 'pdf']));
    for (const plan of [plans.find((p) => p.type === 'image')!, plans.find((p) => p.type === 'pdf')!]) {
      const res = await ctx.app.inject({ method: 'GET', url: plan.url });
      expect(res.statusCode, plan.url).toBe(200);
      expect(res.headers['content-type']).toBe(plan.type === 'pdf' ? 'application/pdf' : 'image/png');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${plan.filename}"`);
      if (plan.type === 'pdf') expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      else expect((await sharp(res.rawPayload).metadata()).width).toBeGreaterThan(600);
    }
  });

  it('adds nothing to kinds that already have records', async () => {
    const before = await ctx.database.db.selectFrom('images').select('hash').execute();
    await seedDemoListings(ctx.database.db);
    const counts = await Promise.all(
      (['projects', 'products', 'studios'] as const).map(async (table) =>
        Number(
          (
            await ctx.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
    expect(counts).toEqual([6, 6, 3]);
    expect(await ctx.database.db.selectFrom('images').select('hash').execute()).toHaveLength(before.length);
  });
});
