import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { entryLimit } from '../../src/shared/entry-limit.js';

describe('entryLimit', () => {
  it('keeps at most that many entries, dropping the least recently used', () => {
    const cache = new LRUCache<string, number>({ ...entryLimit(3), ttl: 60_000 });
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(key, value);
    cache.get('a');
    cache.set('d', 4);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toBe(3);
  });

  it('counts an entry set again once', () => {
    const cache = new LRUCache<string, number>(entryLimit(2));
    cache.set('a', 1);
    cache.set('a', 2);
    cache.set('b', 3);
    expect(cache.calculatedSize).toBe(2);
    expect(cache.get('a')).toBe(2);
  });
});
