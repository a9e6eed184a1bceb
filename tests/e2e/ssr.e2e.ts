import { describe, expect, it } from 'vitest';
import { baseURL, pageProblems, useBrowser } from './browser';

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
    await page.waitForLoadState('networkidle');
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
    expect(script).toBeDefined();
    const asset = await fetch(`${baseURL()}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const plain = await fetch(`${baseURL()}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(0);
  });
});
