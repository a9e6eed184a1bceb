import type { RenderedPage } from './page-renderer';

/**
 * Rendered public pages, kept briefly. A staff write through this instance clears it; the short
 * lifetime bounds how stale another instance's copy can be when several share a database.
 * Concurrent requests for a page that is not cached share one render.
 */
export class PageCache {
  private readonly entries = new Map<string, { page: Promise<RenderedPage>; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 200,
  ) {}

  /** The cached page, or the one `render` makes (a failed render is not kept). */
  get(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const hit = this.entries.get(key);
    if (hit && hit.expires >= Date.now()) return hit.page;
    if (hit) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const page = render();
    const entry = { page, expires: Date.now() + this.ttlMs };
    this.entries.set(key, entry);
    page.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return page;
  }

  clear(): void {
    this.entries.clear();
  }
}
