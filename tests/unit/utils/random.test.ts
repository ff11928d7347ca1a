import { describe, expect, it } from 'vitest';
import { randomHex, randomUuid } from '../../../src/utils/random.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('makes version 4 UUIDs', () => {
    for (let index = 0; index < 50; index++) expect(randomUuid()).toMatch(UUID_V4);
  });

  it('never repeats across more ids than one block of random bytes holds', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => randomUuid()));
    expect(ids.size).toBe(2000);
  });
});

describe('randomHex', () => {
  it('gives two hex digits per byte, different each time', () => {
    const first = randomHex(8);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(randomHex(8)).not.toBe(first);
  });

  it('serves requests larger than a block', () => {
    expect(randomHex(5000)).toHaveLength(10000);
  });
});
