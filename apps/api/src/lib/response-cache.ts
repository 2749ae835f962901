/**
 * Serialised responses kept for a few seconds, least recently used evicted first. The catalogue list is
 * the hottest, most repeated read of the shop; serving it from here spares the database and the
 * serialisation. Writes that change what it shows call `clear()`; other instances catch up within `ttlMs`.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();
  /** Productions under way: concurrent misses of one key wait for the same one (no stampede on expiry). */
  private readonly producing = new Map<string, Promise<string>>();
  /** Bumped by `clear()`, so a body produced from data older than the clear is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= Date.now()) return undefined;
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, body: string): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /**
   * The cached body, or the body `produce` makes, which is then cached. While one production of a key is
   * under way, other requests for the key wait for it instead of producing their own.
   */
  async getOrProduce(key: string, produce: () => Promise<string>): Promise<string> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    if (!this.enabled) return produce();
    const pending = this.producing.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const production = produce()
      .then((body) => {
        if (generation === this.generation) this.set(key, body);
        return body;
      })
      .finally(() => {
        if (this.producing.get(key) === production) this.producing.delete(key);
      });
    this.producing.set(key, production);
    return production;
  }

  clear(): void {
    this.entries.clear();
    // Requests after a write must not join a production that read the data before it.
    this.producing.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A key that does not depend on the order of the query parameters. */
export function cacheKey(route: string, query: object): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}?${JSON.stringify(entries)}`;
}
