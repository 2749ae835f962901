import type { Redis } from './redis';

/**
 * Serialised responses kept for a few seconds, least recently used evicted first. The catalogue list is
 * the hottest, most repeated read of the shop; serving it from here spares the database and the
 * serialisation. Writes that change what it shows call `clear()`. With a shared generation (Redis), a
 * clear on any instance empties every instance's cache before its next answer; without one, other
 * instances catch up within `ttlMs`.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();
  /** Productions under way: concurrent misses of one key wait for the same one (no stampede on expiry). */
  private readonly producing = new Map<string, Promise<string>>();
  /** Bumped by `clear()`, so a body produced from data older than the clear is not kept. */
  private generation = 0;

  /** Answers served from here, and answers produced (the metrics' hit rate). */
  hits = 0;
  misses = 0;
  /** The shared generation this cache's entries were made in (unknown until first read). */
  private sharedGeneration: number | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly shared: SharedGeneration | null = null,
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
    if (this.shared && !(await this.catchUp(this.shared))) return produce();
    const cached = this.get(key);
    if (cached !== undefined) {
      this.hits += 1;
      return cached;
    }
    if (!this.enabled) return produce();
    this.misses += 1;
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

  /** Forgets every entry, here and (with a shared generation) on every other instance. */
  async clear(): Promise<void> {
    this.clearHere();
    await this.shared?.bump();
  }

  private clearHere(): void {
    this.entries.clear();
    // Requests after a write must not join a production that read the data before it.
    this.producing.clear();
    this.generation += 1;
  }

  /**
   * Empties this cache when another instance cleared it since. Answers whether the cache may be used:
   * when the shared generation cannot be read, nothing is served from here or kept.
   */
  private async catchUp(shared: SharedGeneration): Promise<boolean> {
    if (!this.enabled) return true;
    let generation: number;
    try {
      generation = await shared.read();
    } catch {
      this.clearHere();
      this.sharedGeneration = undefined;
      return false;
    }
    if (generation !== this.sharedGeneration) {
      this.clearHere();
      this.sharedGeneration = generation;
    }
    return true;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A number every instance reads before using its cache and bumps when it clears it. */
export interface SharedGeneration {
  read(): Promise<number>;
  bump(): Promise<void>;
}

/** One request's worth of latency: a Redis GET per cached answer, batched with its neighbours. */
export function redisGeneration(
  redis: Redis,
  name: string,
  log: { warn(object: object, message: string): void },
): SharedGeneration {
  const key = `shop:${name}:generation`;
  return {
    async read() {
      return Number((await redis.get(key)) ?? 0);
    },
    async bump() {
      // The write is committed already; failing its request would tell the person it did not happen.
      await redis.incr(key).catch((error: unknown) => {
        log.warn({ err: error }, `could not tell the other instances to clear ${name}`);
      });
    },
  };
}

/** A key that does not depend on the order of the query parameters. */
export function cacheKey(route: string, query: object): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}?${JSON.stringify(entries)}`;
}
