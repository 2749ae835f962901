import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectRedis } from './redis';
import { cacheKey, ResponseCache, redisGeneration, type SharedGeneration } from './response-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('ResponseCache', () => {
  it('answers what was stored until it expires', () => {
    vi.useFakeTimers();
    const cache = new ResponseCache(5000);
    cache.set('a', '{"x":1}');
    expect(cache.get('a')).toBe('{"x":1}');
    vi.advanceTimersByTime(4999);
    expect(cache.get('a')).toBe('{"x":1}');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = new ResponseCache(5000, 2);
    cache.set('a', '1');
    cache.set('b', '2');
    cache.get('a');
    cache.set('c', '3');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1');
    expect(cache.get('c')).toBe('3');
  });

  it('stores nothing when turned off, and forgets everything on clear', () => {
    const off = new ResponseCache(0);
    off.set('a', '1');
    expect(off.get('a')).toBeUndefined();
    const on = new ResponseCache(5000);
    on.set('a', '1');
    on.clear();
    expect(on.get('a')).toBeUndefined();
  });

  it('produces a missing body once for concurrent requests, then serves it from the cache', async () => {
    const cache = new ResponseCache(5000);
    let productions = 0;
    let finish: (body: string) => void = () => {};
    const produce = () => {
      productions += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = Array.from({ length: 50 }, () => cache.getOrProduce('a', produce));
    finish('{"x":1}');
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('{"x":1}'));
    expect(productions).toBe(1);
    expect(await cache.getOrProduce('a', produce)).toBe('{"x":1}');
    expect(productions).toBe(1);
  });

  it('does not keep a body produced before a clear, nor a failed production', async () => {
    const cache = new ResponseCache(5000);
    let finish: (body: string) => void = () => {};
    const before = cache.getOrProduce(
      'a',
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    await cache.clear();
    // A request after the write does not join the production that read the old data.
    const after = cache.getOrProduce('a', async () => 'new');
    finish('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(cache.get('a')).toBe('new');

    await expect(cache.getOrProduce('b', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.getOrProduce('b', async () => 'ok')).toBe('ok');
  });

  it('keys a query independently of parameter order', () => {
    expect(cacheKey('p', { brand: 'nike', page: 2 })).toBe(cacheKey('p', { page: 2, brand: 'nike' }));
    expect(cacheKey('p', { brand: 'nike', search: undefined })).toBe(cacheKey('p', { brand: 'nike' }));
    expect(cacheKey('p', { brand: 'nike' })).not.toBe(cacheKey('p', { brand: 'vans' }));
  });

  describe('shared between instances', () => {
    const memoryGeneration = (): SharedGeneration & { down: boolean } => {
      let value = 0;
      return {
        down: false,
        async read() {
          if (this.down) throw new Error('redis down');
          return value;
        },
        async bump() {
          value += 1;
        },
      };
    };

    it("empties every instance's cache before its next answer when one clears it", async () => {
      const shared = memoryGeneration();
      const a = new ResponseCache(60_000, 10, shared);
      const b = new ResponseCache(60_000, 10, shared);
      expect(await a.getOrProduce('list', async () => 'price 100')).toBe('price 100');
      expect(await b.getOrProduce('list', async () => 'price 100')).toBe('price 100');
      expect(await b.getOrProduce('list', async () => 'never asked')).toBe('price 100');

      await a.clear();
      expect(await b.getOrProduce('list', async () => 'price 80')).toBe('price 80');
      expect(await a.getOrProduce('list', async () => 'price 80')).toBe('price 80');
    });

    it('serves nothing from memory while the generation cannot be read', async () => {
      const shared = memoryGeneration();
      const cache = new ResponseCache(60_000, 10, shared);
      await cache.getOrProduce('list', async () => 'old');
      shared.down = true;
      expect(await cache.getOrProduce('list', async () => 'fresh')).toBe('fresh');
      expect(cache.size).toBe(0);
      shared.down = false;
      expect(await cache.getOrProduce('list', async () => 'again')).toBe('again');
    });

    it.runIf(process.env.TEST_REDIS_URL)('agrees through Redis', async () => {
      const url = process.env.TEST_REDIS_URL as string;
      const [one, two] = [await connectRedis(url), await connectRedis(url)];
      const log = { warn: () => {} };
      const name = `test-${Math.random().toString(36).slice(2)}`;
      try {
        const a = new ResponseCache(60_000, 10, redisGeneration(one, name, log));
        const b = new ResponseCache(60_000, 10, redisGeneration(two, name, log));
        await b.getOrProduce('list', async () => 'before');
        await a.clear();
        expect(await b.getOrProduce('list', async () => 'after')).toBe('after');
        expect(Number(await one.get(`shop:${name}:generation`))).toBe(1);
      } finally {
        await one.del(`shop:${name}:generation`);
        await Promise.all([one.quit(), two.quit()]);
      }
    });
  });
});
