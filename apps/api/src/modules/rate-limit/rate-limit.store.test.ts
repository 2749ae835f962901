import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type Redis } from '../../lib/redis';
import { consume } from './rate-limit.service';
import { type RateLimitStore, redisFirst, redisStore } from './rate-limit.store';

// Two connections stand for two instances of the shop counting against one Redis.
describe.runIf(process.env.TEST_REDIS_URL)('rate limits in Redis', () => {
  const url = process.env.TEST_REDIS_URL as string;
  let connections: Redis[] = [];
  let a: RateLimitStore;
  let b: RateLimitStore;
  const key = () => `test:${randomUUID()}`;

  beforeAll(async () => {
    connections = [await connectRedis(url), await connectRedis(url)];
    [a, b] = connections.map(redisStore) as [RateLimitStore, RateLimitStore];
  });

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.quit()));
  });

  it('counts hits from every instance against one budget', async () => {
    const k = key();
    const rule = { max: 5, windowSeconds: 60 };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => consume(index % 2 ? a : b, k, rule)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
    const { count, resetIn } = await a.hit(k, 60);
    expect(count).toBe(9);
    expect(resetIn).toBeGreaterThan(55);
    expect(resetIn).toBeLessThanOrEqual(60);
  });

  it('starts afresh once the window ends', async () => {
    const k = key();
    expect((await a.hit(k, 1)).count).toBe(1);
    expect((await b.hit(k, 1)).count).toBe(2);
    // Kept: the point is to let the real one-second window run out (with margin) in Redis and PG.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await a.hit(k, 1)).count).toBe(1);
  });

  it('takes a hit back, never below zero', async () => {
    const k = key();
    await a.hit(k, 60);
    await b.refund(k);
    await b.refund(k);
    expect((await a.hit(k, 60)).count).toBe(1);
  });

  it('clears a counter and every counter under it', async () => {
    const k = key();
    await a.hit(k, 60);
    await a.hit(`${k}:ip:10.0.0.1`, 60);
    await a.hit(`${k}x`, 60);
    await b.clear(k);
    expect((await a.hit(k, 60)).count).toBe(1);
    expect((await a.hit(`${k}:ip:10.0.0.1`, 60)).count).toBe(1);
    expect((await a.hit(`${k}x`, 60)).count).toBe(2);
  });
});

describe('while Redis cannot be reached', () => {
  it('counts in the database instead, against one budget', async () => {
    const counts = new Map<string, number>();
    const database = {
      hit: async (key: string) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return { count: counts.get(key) ?? 0, resetIn: 60 };
      },
      refund: async () => {},
      clear: async () => {},
      prune: async () => {},
    };
    const down = {
      hit: () => Promise.reject(new Error('ECONNREFUSED')),
      refund: () => Promise.reject(new Error('ECONNREFUSED')),
      clear: () => Promise.reject(new Error('ECONNREFUSED')),
      prune: () => Promise.reject(new Error('ECONNREFUSED')),
    };
    const warnings: string[] = [];
    const store = redisFirst(down, database, { warn: (_object, message) => warnings.push(message) });
    const rule = { max: 2, windowSeconds: 60 };
    await consume(store, 'k', rule);
    await consume(store, 'k', rule);
    await expect(consume(store, 'k', rule)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await store.refund('k');
    expect(warnings.length).toBeGreaterThan(0);
  });
});
