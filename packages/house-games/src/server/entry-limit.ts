/**
 * lru-cache options that bound a cache by its number of entries without reserving room for all of
 * them at start: with `max`, lru-cache allocates arrays of `max` slots when the cache is made (about
 * 4 MB for 100,000 entries with a ttl); counted through `maxSize`, they grow with what it holds. The
 * platform's servers do the same (its ADR 0068); the studio, a provider of its own, shares no code
 * with them.
 */
export function entryLimit(entries: number) {
  return { maxSize: entries, sizeCalculation: countsOne };
}

const countsOne = (): number => 1;
