// Fifteen minutes of fetched pages, so asking several questions about one page fetches it once.
// Oldest entries go first once the total passes 50 MB.
import { CACHE_MAX_BYTES, CACHE_TTL_MS } from './limits.js';

export type CachedPage = { url: string; status: number; statusText: string; contentType: string; markdown: string; bytes: number };

type Entry = { page: CachedPage; storedAt: number };

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private size = 0;

  constructor(
    private readonly ttlMs = CACHE_TTL_MS,
    private readonly maxBytes = CACHE_MAX_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  get(url: string): CachedPage | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.delete(url);
      return undefined;
    }
    return entry.page;
  }

  set(url: string, page: CachedPage): void {
    this.delete(url);
    this.entries.set(url, { page, storedAt: this.now() });
    this.size += page.markdown.length;
    for (const key of this.entries.keys()) {
      if (this.size <= this.maxBytes) break;
      this.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  private delete(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.size -= entry.page.markdown.length;
    this.entries.delete(url);
  }
}
