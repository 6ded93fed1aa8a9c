import { describe, expect, it } from 'vitest';
import { cacheKey, StatsCache } from './stats-cache.ts';

describe('StatsCache', () => {
  it('serves a value until its TTL runs out, and never caches with TTL 0', async () => {
    let now = 1000;
    const cache = new StatsCache(10, () => now);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.getOrCompute('k', 500, compute)).toBe(1);
    now += 499;
    expect(await cache.getOrCompute('k', 500, compute)).toBe(1);
    now += 1;
    expect(await cache.getOrCompute('k', 500, compute)).toBe(2);
    expect(await cache.getOrCompute('z', 0, compute)).toBe(3);
    expect(await cache.getOrCompute('z', 0, compute)).toBe(4);
    expect(cache.size).toBe(1);
  });

  it('evicts the least recently used entry beyond its capacity', async () => {
    const cache = new StatsCache(2);
    const value = (v: string) => async () => v;
    await cache.getOrCompute('a', 60_000, value('a1'));
    await cache.getOrCompute('b', 60_000, value('b1'));
    await cache.getOrCompute('a', 60_000, value('a2')); // a is now the most recent
    await cache.getOrCompute('c', 60_000, value('c1')); // evicts b
    expect(cache.size).toBe(2);
    expect(await cache.getOrCompute('a', 60_000, value('a3'))).toBe('a1');
    expect(await cache.getOrCompute('b', 60_000, value('b2'))).toBe('b2');
  });

  it('keys equal requests equally whatever their key order, and different scopes differently', () => {
    expect(cacheKey({ a: 1, b: { c: [1, 2], d: null } })).toBe(cacheKey({ b: { d: null, c: [1, 2] }, a: 1 }));
    expect(cacheKey({ q: 1, scope: { clientIds: [1] } })).not.toBe(cacheKey({ q: 1, scope: { clientIds: [2] } }));
  });
});
