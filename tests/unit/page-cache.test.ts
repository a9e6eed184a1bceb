import { afterEach, describe, expect, it, vi } from 'vitest';
import { HtmlDocument } from '../../src/server/features/pages/html-document';
import { PageCache } from '../../src/server/features/pages/page-cache';
import type { RenderedPage } from '../../src/server/features/pages/page-renderer';

const page = (html: string): RenderedPage => ({ status: 200, document: new HtmlDocument(html) });
const htmlOf = (p: RenderedPage) => ('document' in p ? p.document.html : p.location);

describe('PageCache', () => {
  afterEach(() => vi.useRealTimers());

  it('renders a page once for many concurrent requests', async () => {
    const cache = new PageCache();
    let renders = 0;
    const render = () => new Promise<RenderedPage>((resolve) => setTimeout(() => resolve(page(`render ${++renders}`)), 10));
    const pages = await Promise.all(Array.from({ length: 50 }, () => cache.get('/', render)));
    expect(renders).toBe(1);
    expect(new Set(pages.map(htmlOf))).toEqual(new Set(['render 1']));
  });

  it('renders again once the page is older than its lifetime, or after clear()', async () => {
    vi.useFakeTimers();
    const cache = new PageCache(10_000);
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    expect(htmlOf(await cache.get('/', render))).toBe('render 1');
    vi.advanceTimersByTime(9_000);
    expect(htmlOf(await cache.get('/', render))).toBe('render 1');
    vi.advanceTimersByTime(2_000);
    expect(htmlOf(await cache.get('/', render))).toBe('render 2');
    cache.clear();
    expect(htmlOf(await cache.get('/', render))).toBe('render 3');
  });

  it('does not keep a failed render: the next request tries again', async () => {
    const cache = new PageCache();
    await expect(cache.get('/', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(htmlOf(await cache.get('/', async () => page('recovered')))).toBe('recovered');
  });

  it('keeps at most its limit of pages, dropping the oldest', async () => {
    const cache = new PageCache(10_000, 2);
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    await cache.get('/a', render);
    await cache.get('/b', render);
    await cache.get('/c', render); // drops /a
    expect(htmlOf(await cache.get('/b', render))).toBe('render 2');
    expect(htmlOf(await cache.get('/a', render))).toBe('render 4');
  });
});
