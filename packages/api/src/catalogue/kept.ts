import type { CategoryProvider, SiteLookup } from '../sites/index.js';

/**
 * Values derived from a site's catalogue (its home lists, its lobbies' providers), kept the way
 * startup keeps its reply (startup.ts): by the site cache's category/provider rows of the site.
 * The site cache hands out the same rows until the site's providers or the shared catalogue change
 * (the database's NOTIFY, site-cache.ts) or its TTL ends; then the rows are new, and what was kept
 * for the old ones is never read again. So every process sees a change as soon as its site cache
 * does. Without a site cache (notifications down) the rows are read anew on every call and
 * nothing is reused: correct, only slower.
 */
export class KeptPerSite<V> {
  private readonly kept = new WeakMap<readonly CategoryProvider[], Map<string, Promise<V>>>();

  /** The value of `key` for the site, loaded once per state of the site's catalogue (shared by every call: load frozen values). */
  async get(sites: SiteLookup, siteId: number, key: string, load: () => Promise<V>): Promise<V> {
    const rows = await sites.categoryProviders(siteId);
    let byKey = this.kept.get(rows);
    if (!byKey) this.kept.set(rows, (byKey = new Map()));
    const known = byKey.get(key);
    if (known) return known;
    const loading = load();
    byKey.set(key, loading);
    // A failed load is not kept: the next call tries again.
    const entries = byKey;
    loading.catch(() => entries.delete(key));
    return loading;
  }
}
