import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, pageProblems, PHONE, useBrowser, waitForApp } from './browser';

const browser = useBrowser();

const SERVER_RENDERED = ['/', '/viewProjects', '/viewProducts', '/viewStudio', '/viewContact', '/viewAboutus', '/no-such-page'];

describe('server-rendered public pages', () => {
  it.each(SERVER_RENDERED)('%s carries its content in the HTML, before any JavaScript runs', async (path) => {
    const res = await fetch(`${baseURL()}${path}`);
    const html = await res.text();
    expect(res.status).toBe(path === '/no-such-page' ? 404 : 200);
    expect(html).toMatch(/<div id="root"><[a-z]/); // markup inside the root, not an empty shell
    expect(html).toContain('<script type="application/json" id="__abode_data">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline executable script (CSP)
  });

  it.each(SERVER_RENDERED)('%s hydrates without warnings and stays interactive', async (path) => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (/hydrat|did not match|server rendered/i.test(msg.text())) warnings.push(msg.text());
    });
    await page.goto(path);
    await waitForApp(page);
    expect(warnings).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    expect(await page.locator('title').count()).toBe(1);
    // Client-side navigation works after hydration (no full reload).
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).first().click();
    await page.waitForURL(/\/viewAboutus$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });
});

describe('compression', () => {
  it('serves pages and built assets compressed (brotli) with Vary: Accept-Encoding', async () => {
    const page = await fetch(`${baseURL()}/viewAboutus`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('vary')).toContain('accept-encoding');
    const html = await page.text(); // fetch decodes brotli
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/[\w.-]+\.js$/);
    const asset = await fetch(`${baseURL()}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const plain = await fetch(`${baseURL()}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(0);
  });
});

describe('metadata and structured data', () => {
  const get = async (path: string) => (await fetch(`${baseURL()}${path}`)).text();
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const meta = (html: string, attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

  it.each(['/', '/viewProjects', '/viewProducts', '/viewStudio', '/viewContact', '/viewAboutus'])(
    '%s has its canonical URL, share-card tags and the studio as a LocalBusiness',
    async (path) => {
      const html = await get(path);
      expect(html).toContain(`<link rel="canonical" href="${baseURL()}${path}"/>`);
      expect(meta(html, 'property', 'og:title')).toMatch(/Abode/);
      expect(meta(html, 'property', 'og:description')?.length).toBeGreaterThan(20);
      expect(meta(html, 'property', 'og:url')).toBe(`${baseURL()}${path}`);
      expect(meta(html, 'name', 'twitter:card')).toMatch(/^summary/);
      const business = jsonLd(html).find((d) => d['@type'] === 'LocalBusiness');
      expect(business).toMatchObject({ '@context': 'https://schema.org', name: expect.any(String), telephone: expect.any(String) });
      expect((business!.address as { streetAddress: string }).streetAddress.length).toBeGreaterThan(5);
    },
  );

  it('describes each home as a RealEstateListing of a Residence, with the first picture on the share card', async () => {
    const projects = (await (await fetch(`${baseURL()}/api/project/get`)).json()) as Array<{ name: string; image: string }>;
    expect(projects.length).toBeGreaterThan(0);
    const html = await get('/viewProjects');
    const list = jsonLd(html).find((d) => d['@type'] === 'ItemList') as { itemListElement: Array<{ item: Record<string, unknown> }> };
    const items = list.itemListElement.map((e) => e.item);
    expect(items.map((i) => i.name)).toEqual(projects.map((p) => p.name));
    expect(items[0]).toMatchObject({ '@type': 'RealEstateListing', about: { '@type': 'Residence', floorSize: { unitCode: 'FTK' } } });
    expect(meta(html, 'property', 'og:image')).toBe(`${baseURL()}${projects[0]!.image}`);
  });

  it('describes each decor product as a Product with an Offer in INR', async () => {
    const products = (await (await fetch(`${baseURL()}/api/product/get`)).json()) as Array<{ productname: string; price: number }>;
    const html = await get('/viewProducts');
    const list = jsonLd(html).find((d) => d['@type'] === 'ItemList') as { itemListElement: Array<{ item: { name: string; offers: Record<string, unknown> } }> };
    const items = list.itemListElement.map((e) => e.item);
    expect(items.map((i) => i.name)).toEqual(products.map((p) => p.productname));
    expect(items[0]!.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'INR', price: products[0]!.price.toFixed(2) });
  });
});

describe('public pages without JavaScript', () => {
  it('show their content: the landing form, listing names and prices, studio addresses, the contact form, the services', async () => {
    const page = await browser.newPage(DESKTOP, { javaScriptEnabled: false });
    const api = async <T>(path: string) => (await (await fetch(`${baseURL()}${path}`)).json()) as T;
    const [projects, products, studios] = await Promise.all([
      api<Array<{ name: string }>>('/api/project/get'),
      api<Array<{ productname: string }>>('/api/product/get'),
      api<Array<{ title: string; address: string }>>('/api/studio/get'),
    ]);

    await page.goto('/');
    expect(await page.getByPlaceholder('Enter email to begin survey').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Choose Your Lifestyle' }).isVisible()).toBe(true);

    await page.goto('/viewProjects');
    for (const p of projects) expect(await page.getByRole('heading', { name: p.name }).isVisible()).toBe(true);

    await page.goto('/viewProducts');
    for (const p of products) expect(await page.getByRole('heading', { name: p.productname }).isVisible()).toBe(true);
    expect(
      await page
        .getByText(/₹[\d,]+\/-/)
        .first()
        .isVisible(),
    ).toBe(true);

    await page.goto('/viewStudio');
    for (const s of studios) expect(await page.getByText(s.address).first().isVisible()).toBe(true);

    await page.goto('/viewContact');
    expect(await page.getByRole('button', { name: /send/i }).isVisible()).toBe(true);
    expect(await page.locator('textarea[name="message"]').isVisible()).toBe(true);

    await page.goto('/viewAboutus');
    expect(await page.getByRole('heading', { name: 'Find Homes' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Get Quote' }).isVisible()).toBe(true);
  });
});

describe('the landing page starts without the router, within its script budget', () => {
  /** The app's chunk (React Router, the routes): never part of the landing page's first view. */
  const appChunk = () => {
    const manifest = JSON.parse(readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    return `/${manifest['start-app.tsx']!.file}`;
  };

  it.each([
    ['/', 'Homes', '/viewProjects'],
    ['/hi/', 'घर', '/hi/viewProjects'],
  ])('%s hydrates on its own, and a link then opens the next page in the app, focus on its content', async (start, linkName, next) => {
    const page = await browser.newPage(PHONE);
    // A page that never goes idle: nothing is fetched ahead, so what loads is the first view's.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const scripts: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    await page.goto(start);
    await waitForApp(page);
    expect(scripts).not.toContain(appChunk());
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

    // On a phone the links are in the menu.
    await page.locator('summary.phone-menu__button').click();
    await page.locator('#phone-menu-panel').getByRole('link', { name: linkName, exact: true }).click();
    await page.waitForURL((url) => url.pathname === next);
    // The landing page stays, with the progress bar, until the next page's code and data are in.
    await page.getByRole('textbox', { name: /E-mail|ई-मेल/ }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(scripts).toContain(appChunk());
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Back is the app's too: the landing page again, without a reload.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === start.replace(/\/$/, '') || url.pathname === start);
    await page.getByRole('textbox', { name: /E-mail|ई-मेल/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(pageProblems(page)).toEqual([]);
  });
});
