import { describe, expect, it } from 'vitest';
import { TwoGenerationCache } from '../../../src/utils/twoGenerationCache.js';

describe('TwoGenerationCache', () => {
  it('keeps at most two generations of entries; a hit in the older one carries the entry forward', () => {
    const cache = new TwoGenerationCache<number>(3, 1_000);
    for (const [n, key] of ['a', 'b', 'c'].entries()) cache.set(key, n);
    // The first generation is full: it is now the previous one.
    cache.set('d', 3);
    expect(cache.get('a')).toBe(0);
    cache.set('e', 4);
    // 'a' moved forward with d and e; b and c went with the generation before.
    cache.set('f', 5);
    expect([cache.get('a'), cache.get('d'), cache.get('b'), cache.get('c')]).toEqual([0, 3, undefined, undefined]);
  });

  it('turns a generation over by the characters it holds as well', () => {
    const cache = new TwoGenerationCache<string>(1_000, 10);
    cache.set('k1', 'v', 6);
    cache.set('k2', 'v', 6);
    cache.set('k3', 'v', 6);
    cache.set('k4', 'v', 6);
    expect([cache.get('k1'), cache.get('k3')]).toEqual([undefined, 'v']);
  });
});
