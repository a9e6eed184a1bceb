import path from 'node:path';
import { expect, it } from 'vitest';
import { REQUEST_QUOTATIONS } from '../../src/shared/contact';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

// Server-rendered pages through a stand-in for the SSR bundle (tests/fixtures/ssr), which lists the
// projects its loader gets from the API: what the page cache keeps, shares and throws away.
describeEachDatabase(
  'server-rendered pages and their cache',
  (ctx) => {
    const page = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/viewProjects' });
      expect(res.statusCode).toBe(200);
      return {
        projects: [...res.body.matchAll(/<li class="project">([^<]*)<\/li>/g)].map((m) => m[1]),
        render: Number(/<p class="renders">(\d+)<\/p>/.exec(res.body)?.[1]),
      };
    };
    const addProject = async (name: string) => {
      const body = await multipart(
        { name, area: 'Whitefield, Bengaluru', squareft: '1450', dateofcomplition: '15-08-2027', sizeofunit: '3 BHK' },
        { bytes: await testImage('png'), filename: 'photo.png', type: 'image/png' },
      );
      const res = await ctx.asStaff({ method: 'POST', url: '/api/project/add', payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
    };
    const visitorWrites = async (c: TestContext) => {
      const res = await c.app.inject({ method: 'POST', url: '/api/email/add', payload: { email: 'visitor@pages.test' } });
      expect(res.statusCode).toBeLessThan(300);
      const contact = await c.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: { response: { firstname: 'Asha', lastname: 'Rao', email: 'visitor@pages.test', requestquotation: REQUEST_QUOTATIONS[0], message: 'Hello there' } },
      });
      expect(contact.statusCode, contact.body).toBeLessThan(300);
    };

    it('renders once for many concurrent requests, then serves the same page', async () => {
      const pages = await Promise.all(Array.from({ length: 20 }, page));
      expect(new Set(pages.map((p) => p.render)).size).toBe(1);
      expect((await page()).render).toBe(pages[0]!.render);
    });

    it('shows a listing as soon as staff have added it', async () => {
      const before = await page();
      await addProject('Cache Test Heights');
      const after = await page();
      expect(after.projects).toContain('Cache Test Heights');
      expect(after.render).toBeGreaterThan(before.render);
    });

    it("keeps the cached page through visitors' writes (e-mails, messages)", async () => {
      const before = await page();
      await visitorWrites(ctx);
      expect((await page()).render).toBe(before.render);
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr') },
);
