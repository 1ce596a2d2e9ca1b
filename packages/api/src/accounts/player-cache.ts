import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db/client.js';
import type { players, sessions, sites } from '../db/schema.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { entryLimit } from '../shared/entry-limit.js';
import { SITE_CHANGED_CHANNEL, type SiteCache } from '../sites/index.js';
import { onWalletChange } from '../ledger/index.js';

/**
 * The channels of drizzle/0002_session_wallet_notify.sql: the payload is a player id. Sessions
 * (UPDATE/DELETE of sessions, UPDATE of players) and wallets (INSERT/UPDATE of wallets).
 */
export const SESSION_CHANGED_CHANNEL = 'wl_session_changed';
export const WALLET_CHANGED_CHANNEL = 'wl_wallet_changed';

/** A missed notification heals after this long at most. */
export const PLAYER_CACHE_TTL_MS = 30_000;
/**
 * After this process writes a player's session or wallet (maybe inside a transaction not yet
 * committed), that player's reads go to the database for this long: a read of the state before
 * the commit must not be cached and served after it, before the commit's notification arrives.
 */
const OWN_WRITE_HOLD_MS = 5_000;
/** Bounds of the caches: past them the least recently read entry goes. */
const MAX_SESSIONS = 100_000;
const MAX_WALLETS = 100_000;

/** The row of a session check: the session, its player and the player's site (cached rows are frozen). */
export interface SessionJoin {
  session: typeof sessions.$inferSelect;
  player: typeof players.$inferSelect;
  site: typeof sites.$inferSelect;
}

/** A cached session check row; last_seen_at is the one value this process moves itself (its own touches, and another process's read back before an idle expiry: sessions.ts). */
export interface CachedSession {
  row: SessionJoin;
  lastSeenAt: number;
}

export interface CachedBalances {
  balance: string;
  tokens: string;
  frozenTokens: string;
}

interface Entry<T> {
  promise: Promise<T>;
  settled: boolean;
  value?: T;
}

/**
 * Who follows the cache's notifications (the live balance streams, live-balance.ts) on its own
 * connections, without a LISTEN of their own. A null player id: everyone (a TRUNCATE).
 */
export interface PlayerChangeFollower {
  walletChanged(playerId: number | null): void;
  sessionChanged(playerId: number | null): void;
  /** false: notifications may be missed (a channel's connection is down); true: listening again. */
  listeningChanged(listening: boolean): void;
}

export interface PlayerCacheOptions {
  /**
   * The running site cache of the same database: sessions carry their site's row, invalidated by
   * its notifications. Without one (it could not listen), sessions are read from the database.
   */
  siteCache?: SiteCache | null;
  ttlMs?: number;
  now?: () => number;
  log?: FastifyBaseLogger;
}

/**
 * Sessions (by token hash) and wallets (by player id) of this process, in memory, for the calls
 * read on every request (the session guard, get_balance). Invalidated by the NOTIFY of the
 * database's triggers (any process, or SQL by hand), by this process's own writes at once
 * (the ledger's announcements, onWalletChange; session changes through forgetSessions), and by a TTL.
 * Time-dependent verdicts (idle and absolute expiry) are decided by the caller at read time.
 * While a notification connection is down, every read goes to the database.
 */
export class PlayerCache {
  /**
   * Least recently used entries go first past the bound; an entry expires ttlMs after its load
   * started. However an entry goes (evicted, expired, forgotten), its token leaves sessionsByPlayer.
   */
  private readonly sessions: LRUCache<string, Entry<CachedSession | null>>;
  private readonly sessionsByPlayer = new Map<number, Set<string>>();
  private readonly wallets: LRUCache<number, Entry<CachedBalances>>;
  /** player id → until when (ms) reads bypass the cache after an own write. */
  private readonly holds = new Map<number, number>();
  private readonly now: () => number;
  /** Channels whose notification connection is down. */
  private readonly down = new Set<string>();
  private readonly followers = new Set<PlayerChangeFollower>();
  readonly log: FastifyBaseLogger | undefined;
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(options: PlayerCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
    const expiry = {
      ttl: options.ttlMs ?? PLAYER_CACHE_TTL_MS,
      // The clock is read on every check (no 1 ms memo), so an injected clock is exact.
      ttlResolution: 0,
      perf: { now: this.now },
    };
    this.sessions = new LRUCache({
      ...expiry,
      ...entryLimit(MAX_SESSIONS),
      dispose: (entry, tokenHash) => this.unindexSession(tokenHash, entry),
    });
    this.wallets = new LRUCache({ ...expiry, ...entryLimit(MAX_WALLETS) });
  }

  get listening(): boolean {
    return this.down.size === 0;
  }

  /** The session row of a token hash; `load` reads it from the database (null: no such session). */
  session(tokenHash: string, load: (db: Db, tokenHash: string) => Promise<SessionJoin | null>, db: Db): Promise<CachedSession | null> {
    // The loader and its Db come apart: no closure per call on the hot path.
    if (!this.listening) return readSession(load, db, tokenHash);
    // An expired entry is dropped by the read; a live one becomes the most recently used.
    const known = this.sessions.get(tokenHash);
    if (known) {
      this.stats.hits += 1;
      return known.promise;
    }
    this.stats.misses += 1;
    const entry: Entry<CachedSession | null> = {
      promise: readSession(load, db, tokenHash).then((value) =>
        value ? { row: deepFreeze(value.row), lastSeenAt: value.lastSeenAt } : null,
      ),
      settled: false,
    };
    this.sessions.set(tokenHash, entry);
    entry.promise.then(
      (value) => {
        // peek: looking is not a use.
        if (this.sessions.peek(tokenHash) !== entry) return;
        // Unknown tokens are not kept; neither is a player's session read during an own write's hold.
        if (!value || this.held(value.row.player.id)) {
          this.sessions.delete(tokenHash);
          return;
        }
        entry.settled = true;
        entry.value = value;
        const playerId = value.row.player.id;
        let tokens = this.sessionsByPlayer.get(playerId);
        if (!tokens) this.sessionsByPlayer.set(playerId, (tokens = new Set()));
        tokens.add(tokenHash);
      },
      () => {
        if (this.sessions.peek(tokenHash) === entry) this.sessions.delete(tokenHash);
      },
    );
    return entry.promise;
  }

  /**
   * The session row of a token hash when it is in memory now (undefined otherwise: then ask
   * `session`). The hot session calls answer from here without waiting a turn of the event loop.
   */
  sessionNow(tokenHash: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    const known = this.sessions.get(tokenHash);
    if (!known?.settled) return undefined;
    this.stats.hits += 1;
    return known.value ?? undefined;
  }

  /** A player's balances when they are in memory now (undefined otherwise: then ask `balances`). */
  balancesNow(playerId: number): CachedBalances | undefined {
    if (!this.listening || this.held(playerId)) return undefined;
    const known = this.wallets.get(playerId);
    if (!known?.settled) return undefined;
    this.stats.hits += 1;
    return known.value;
  }

  /** A player's balances; `load` reads them from the database. */
  balances(playerId: number, load: (db: Db, playerId: number) => Promise<CachedBalances>, db: Db): Promise<CachedBalances> {
    if (!this.listening || this.held(playerId)) return load(db, playerId);
    const known = this.wallets.get(playerId);
    if (known) {
      this.stats.hits += 1;
      return known.promise;
    }
    this.stats.misses += 1;
    const entry: Entry<CachedBalances> = { promise: load(db, playerId).then(deepFreeze), settled: false };
    this.wallets.set(playerId, entry);
    entry.promise.then(
      (value) => {
        if (this.wallets.peek(playerId) !== entry) return;
        if (this.held(playerId)) this.wallets.delete(playerId);
        else {
          entry.settled = true;
          entry.value = value;
        }
      },
      () => {
        if (this.wallets.peek(playerId) === entry) this.wallets.delete(playerId);
      },
    );
    return entry.promise;
  }

  /** Forgets a player's sessions (a notification, or an own write when `hold`). */
  forgetSessions(playerId: number, hold = false): void {
    this.stats.invalidations += 1;
    if (hold) this.hold(playerId);
    for (const tokenHash of [...(this.sessionsByPlayer.get(playerId) ?? [])]) this.sessions.delete(tokenHash);
    this.sessionsByPlayer.delete(playerId);
    // A load still running may be reading that player's session.
    this.dropSessions((entry) => !entry.settled);
  }

  /** Forgets a player's wallet (a notification, or an own write when `hold`). */
  forgetWallet(playerId: number, hold = false): void {
    this.stats.invalidations += 1;
    if (hold) this.hold(playerId);
    this.wallets.delete(playerId);
  }

  /** A site changed: its sessions carry its row. '*' or a site id. */
  forgetSite(payload: string): void {
    this.stats.invalidations += 1;
    const siteId = Number(payload);
    const all = payload === '*' || !Number.isInteger(siteId);
    this.dropSessions((entry) => all || !entry.settled || entry.value?.row.site.id === siteId);
  }

  clear(): void {
    this.sessions.clear();
    this.sessionsByPlayer.clear();
    this.wallets.clear();
  }

  /** A notification connection went down (reads go to the database) or came back (the cache starts empty). */
  setListening(channel: string, listening: boolean): void {
    this.clear();
    const before = this.listening;
    if (listening) this.down.delete(channel);
    else this.down.add(channel);
    if (this.listening !== before) for (const follower of this.followers) follower.listeningChanged(this.listening);
  }

  /** Follows the wallet and session notifications this cache hears; answers the unfollow. */
  follow(follower: PlayerChangeFollower): () => void {
    this.followers.add(follower);
    return () => void this.followers.delete(follower);
  }

  /** A wallet notification (a player id, or '*' for everyone): forgets, then tells the followers. */
  walletNotified(payload: string): void {
    const playerId = isId(payload) ? Number(payload) : null;
    if (playerId === null) this.clear();
    else this.forgetWallet(playerId);
    for (const follower of this.followers) follower.walletChanged(playerId);
  }

  /** A session notification (a player id, or '*' for everyone): forgets, then tells the followers. */
  sessionNotified(payload: string): void {
    const playerId = isId(payload) ? Number(payload) : null;
    if (playerId === null) this.clear();
    else this.forgetSessions(playerId);
    for (const follower of this.followers) follower.sessionChanged(playerId);
  }

  get size(): { sessions: number; wallets: number } {
    return { sessions: this.sessions.size, wallets: this.wallets.size };
  }

  private hold(playerId: number): void {
    this.holds.set(playerId, this.now() + OWN_WRITE_HOLD_MS);
  }

  private held(playerId: number): boolean {
    const until = this.holds.get(playerId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.holds.delete(playerId);
    return false;
  }

  /** Forgets the sessions that match (listed first: no deletes while iterating the cache). */
  private dropSessions(matches: (entry: Entry<CachedSession | null>) => boolean): void {
    const dropped: string[] = [];
    for (const [tokenHash, entry] of this.sessions.entries()) if (matches(entry)) dropped.push(tokenHash);
    for (const tokenHash of dropped) this.sessions.delete(tokenHash);
  }

  /** An entry left the cache (evicted, expired or forgotten): its token leaves the player's index. */
  private unindexSession(tokenHash: string, entry: Entry<CachedSession | null>): void {
    const playerId = entry.value?.row.player.id;
    if (playerId === undefined) return;
    const tokens = this.sessionsByPlayer.get(playerId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.sessionsByPlayer.delete(playerId);
  }
}

async function readSession(
  load: (db: Db, tokenHash: string) => Promise<SessionJoin | null>,
  db: Db,
  tokenHash: string,
): Promise<CachedSession | null> {
  const row = await load(db, tokenHash);
  return row ? { row, lastSeenAt: row.session.lastSeenAt.getTime() } : null;
}

export interface RunningPlayerCache {
  cache: PlayerCache;
  stop(): Promise<void>;
}

/**
 * Starts a player cache of a database: LISTENs on the session and wallet channels first (site
 * changes come through the app's site cache), then keeps the session checks and balances its app
 * reads through it (the app passes it to its handlers, http/app.ts). Each app has its own, like
 * each process. When listening cannot start, answers null: reads stay uncached.
 */
export async function startPlayerCache(database: Database, options: PlayerCacheOptions = {}): Promise<RunningPlayerCache | null> {
  const cache = new PlayerCache(options);
  const channels: [string, (payload: string) => void][] = [
    [SESSION_CHANGED_CHANNEL, (payload) => cache.sessionNotified(payload)],
    [WALLET_CHANGED_CHANNEL, (payload) => cache.walletNotified(payload)],
  ];
  const stops: (() => Promise<void>)[] = [];
  try {
    for (const [channel, handler] of channels) {
      stops.push(
        await database.listen(channel, handler, {
          onConnectionChange: (connected) => {
            cache.setListening(channel, connected);
            if (connected) options.log?.info({ channel }, 'player cache: listening again');
            else
              options.log?.warn(
                { channel },
                'player cache: lost the notification connection, reading sessions and wallets from the database',
              );
          },
        }),
      );
    }
  } catch (error) {
    await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    options.log?.warn({ err: error }, 'player cache: cannot listen for changes, reading sessions and wallets from the database');
    return null;
  }
  // Site changes come through the site cache's own listening connection.
  if (options.siteCache) {
    const unfollow = options.siteCache.follow({
      siteChanged: (payload) => cache.forgetSite(payload),
      siteListening: (listening) => cache.setListening(SITE_CHANGED_CHANNEL, listening),
    });
    stops.push(async () => void unfollow());
  } else {
    cache.setListening(SITE_CHANGED_CHANNEL, false);
  }
  // This process's own wallet writes: the ledger announces them before it moves the money.
  const unsubscribe = onWalletChange((playerId) => cache.forgetWallet(playerId, true));
  stops.push(async () => unsubscribe());
  const stop = async () => {
    cache.clear();
    await Promise.all(stops.map((one) => one().catch(() => undefined)));
  };
  return { cache, stop: once(stop) };
}

/** A player id payload; anything else ('*' after a TRUNCATE) forgets everything. */
function isId(payload: string): boolean {
  return /^\d+$/.test(payload);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
