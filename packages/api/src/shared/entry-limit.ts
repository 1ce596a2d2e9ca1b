/**
 * lru-cache options that bound a cache by its number of entries without reserving room for all of
 * them at start (ADR 0068). With `max`, lru-cache allocates arrays of `max` slots when the cache is
 * made: about 4 MB for 100,000 entries with a ttl, held by every process whether or not the cache
 * ever fills. Counted through `maxSize` instead, its arrays grow with what it holds.
 */
export function entryLimit(entries: number) {
  return { maxSize: entries, sizeCalculation: countsOne };
}

const countsOne = (): number => 1;
