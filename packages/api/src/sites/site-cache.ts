import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db/client.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { entryLimit } from '../shared/entry-limit.js';
import {
  loadCategoryProviders,
  loadSiteByDomain,
  type CategoryProvider,
  type SiteLookup,
  type SiteRow,
} from './sites.repo.js';

/**
 * The channel of drizzle/0001_site_change_notify.sql: its payload is the id of the site whose
 * row, domains or providers changed, or '*' after a change of the shared catalogue.
 */
export const SITE_CHANGED_CHANNEL = 'wl_site_changed';

/** A missed notification heals after this long at most. */
export const SITE_CACHE_TTL_MS = 30_000;
/**
 * Unknown domains are cached too (a flood of made-up hosts must not reach the database); bounded,
 * the least recently read going first, so a flood cannot push out the domains being served.
 */
const MAX_DOMAINS = 10_000;
/**
 * A payload of this prefix is a fence of catchUp(), not a change: sent by one process, ignored by
 * the others.
 */
const FENCE_PREFIX = 'fence:';
/** How long catchUp() waits for its fence before forgetting every site instead. */
const CATCH_UP_TIMEOUT_MS = 2_000;

/** A cache that keeps site rows too and follows the site cache's invalidations. */
export interface SiteChangeFollower {
  /** A notification of wl_site_changed: a site id, or '*'. */
  siteChanged(payload: string): void;
  /** false: notifications may be missed (read through); true: listening again. */
  siteListening(listening: boolean): void;
}

export interface SiteCacheOptions {
  ttlMs?: number;
  maxDomains?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

interface Entry<T> {
  promise: Promise<T>;
  /** Set once the load has finished. */
  settled: boolean;
  value?: T;
}

/**
 * The sites this process serves, in memory: the site by domain and the startup reply's
 * category/provider rows by site. Processes share nothing but the database: a change in any of
 * them (or by hand in SQL) reaches every process through NOTIFY (the triggers of the migration),
 * and a TTL bounds the staleness should a notification be missed. Nothing time-dependent is
 * cached: maintenance and expiry are decided by the caller at read time from the cached window.
 *
 * Concurrent misses share one load. An entry is stored before its load starts, so a change
 * committed while the load runs removes it: a load that may have read the old state is never
 * served after the notification.
 */
export class SiteCache implements SiteLookup {
  /** Least recently used entries go first past the bound; an entry expires ttlMs after its load started. */
  private readonly domains: LRUCache<string, Entry<SiteRow | null>>;
  private readonly providers: LRUCache<number, Entry<CategoryProvider[]>>;
  /** false while notifications cannot arrive (the listening connection is down): read through. */
  private listening = true;
  /** Counters for tests and diagnostics. */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };
  /** Other caches holding site rows (the player cache's sessions): told of every change and connection state. */
  private readonly followers = new Set<SiteChangeFollower>();
  /** The fences of catchUp() still on their way: token → resolve. */
  private readonly fences = new Map<string, () => void>();

  constructor(
    private readonly db: Db,
    options: SiteCacheOptions = {},
  ) {
    const now = options.now ?? Date.now;
    const storage = {
      ...entryLimit(options.maxDomains ?? MAX_DOMAINS),
      ttl: options.ttlMs ?? SITE_CACHE_TTL_MS,
      // The clock is read on every check (no 1 ms memo), so an injected clock is exact.
      ttlResolution: 0,
      perf: { now },
    };
    this.domains = new LRUCache(storage);
    // Sites are fewer than domains: the same bound is never reached in practice.
    this.providers = new LRUCache(storage);
  }

  siteByDomain(domain: string): Promise<SiteRow | null> {
    if (!this.listening) return loadSiteByDomain(this.db, domain);
    const cached = this.fresh(this.domains, domain);
    if (cached) return cached;
    return this.store(this.domains, domain, () => loadSiteByDomain(this.db, domain).then(deepFreeze));
  }

  categoryProviders(siteId: number): Promise<CategoryProvider[]> {
    if (!this.listening) return loadCategoryProviders(this.db, siteId);
    return this.fresh(this.providers, siteId) ?? this.store(this.providers, siteId, () => loadCategoryProviders(this.db, siteId).then(deepFreeze));
  }

  /**
   * Resolves once every site change committed before the call has reached this cache, so a request
   * that follows a change made through this process reads it (the operator who creates a site
   * opens it at once). PostgreSQL delivers notifications asynchronously, in commit order: the
   * cache sends a fence notification of its own and waits for it. Should it not come back in time,
   * the cache forgets every site instead.
   */
  async catchUp(timeoutMs = CATCH_UP_TIMEOUT_MS): Promise<void> {
    if (!this.listening) return;
    const token = `${FENCE_PREFIX}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.fences.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await this.db.execute(sql`select pg_notify(${SITE_CHANGED_CHANNEL}, ${token})`);
      if (!(await arrived)) this.invalidate('*');
    } catch {
      this.invalidate('*');
    } finally {
      clearTimeout(timer);
      this.fences.delete(token);
    }
  }

  /** A notification: '*' forgets everything; a site id forgets that site (and every unknown domain, which it may now own). */
  invalidate(payload: string): void {
    if (payload.startsWith(FENCE_PREFIX)) {
      this.fences.get(payload)?.();
      return;
    }
    this.stats.invalidations += 1;
    for (const follower of this.followers) follower.siteChanged(payload);
    const siteId = Number(payload);
    if (payload === '*' || !Number.isInteger(siteId)) {
      this.clear();
      return;
    }
    // A load still running may be reading the site that changed. (Listed first: no deletes while iterating.)
    const stale = [...this.domains.entries()].filter(([, entry]) => !entry.settled || entry.value === null || entry.value?.id === siteId);
    for (const [domain] of stale) this.domains.delete(domain);
    this.providers.delete(siteId);
  }

  /** Forgets everything. */
  clear(): void {
    this.domains.clear();
    this.providers.clear();
  }

  /** The listening connection went down (reads go to the database) or came back (the cache starts empty). */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening;
    for (const follower of this.followers) follower.siteListening(listening);
  }

  /** Follows this cache's notifications (the same connection, no LISTEN of its own); answers the unfollow. */
  follow(follower: SiteChangeFollower): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  get size(): { domains: number; providers: number } {
    return { domains: this.domains.size, providers: this.providers.size };
  }

  /** The entry's load, unless it expired (an expired entry is dropped by the read); marks it recently used. */
  private fresh<K extends string | number, T>(map: LRUCache<K, Entry<T>>, key: K): Promise<T> | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    this.stats.hits += 1;
    return entry.promise;
  }

  private store<K extends string | number, T>(map: LRUCache<K, Entry<T>>, key: K, load: () => Promise<T>): Promise<T> {
    this.stats.misses += 1;
    const entry: Entry<T> = { promise: load(), settled: false };
    map.set(key, entry);
    entry.promise.then(
      (value) => {
        entry.settled = true;
        entry.value = value;
      },
      () => {
        // A failed load is not cached; the caller gets the error. (peek: looking is not a use.)
        if (map.peek(key) === entry) map.delete(key);
      },
    );
    return entry.promise;
  }
}

export interface RunningSiteCache {
  cache: SiteCache;
  /** Stops listening and forgets what it kept. */
  stop(): Promise<void>;
}

/**
 * Starts a site cache of a database: LISTENs for site changes first, then serves the site reads
 * of the app it is passed to (its services, http/app.ts) from memory. Each app has its own, like
 * each process. When listening cannot start, answers null (the app then reads the database:
 * correct, only slower) and a warning is logged.
 */
export async function startSiteCache(
  database: Database,
  options: SiteCacheOptions & { log?: FastifyBaseLogger } = {},
): Promise<RunningSiteCache | null> {
  const cache = new SiteCache(database.db, options);
  let stopListening: () => Promise<void>;
  try {
    stopListening = await database.listen(SITE_CHANGED_CHANNEL, (payload) => cache.invalidate(payload), {
      onConnectionChange: (connected) => {
        cache.setListening(connected);
        if (connected) options.log?.info('site cache: listening again');
        else options.log?.warn('site cache: lost the notification connection, reading sites from the database');
      },
    });
  } catch (error) {
    options.log?.warn({ err: error }, 'site cache: cannot listen for site changes, reading sites from the database');
    return null;
  }
  const stop = async () => {
    cache.clear();
    await stopListening().catch(() => undefined);
  };
  return { cache, stop: once(stop) };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
