import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheKey, ResponseCache } from './response-cache';

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

  it('keys a query independently of parameter order', () => {
    expect(cacheKey('p', { brand: 'nike', page: 2 })).toBe(cacheKey('p', { page: 2, brand: 'nike' }));
    expect(cacheKey('p', { brand: 'nike', search: undefined })).toBe(cacheKey('p', { brand: 'nike' }));
    expect(cacheKey('p', { brand: 'nike' })).not.toBe(cacheKey('p', { brand: 'vans' }));
  });
});
