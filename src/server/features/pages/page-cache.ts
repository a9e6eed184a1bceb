import type { RenderedPage } from './page-renderer';

/**
 * Rendered public pages, kept briefly. Any successful write through this instance clears it; the
 * short lifetime bounds how stale another instance's copy can be when several share a database.
 */
export class PageCache {
  private readonly entries = new Map<string, { page: RenderedPage; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 200,
  ) {}

  get(key: string): RenderedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.page;
  }

  set(key: string, page: RenderedPage): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { page, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
