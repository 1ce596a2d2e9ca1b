/**
 * The player cache's storage is bounded least-recently-used (lru-cache): past the bound the entry
 * read longest ago goes, not the one stored first, so a flood of new sessions or wallets cannot
 * push out the ones being read on every request. The loaders stand in for the database.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { PlayerCache, type CachedBalances, type SessionJoin } from '../../src/accounts/player-cache.js';

/** The bound of each of the player cache's maps (MAX_SESSIONS, MAX_WALLETS). */
const BOUND = 100_000;
const db = {} as Db;
const balances: CachedBalances = { balance: '10.00', tokens: '0', frozenTokens: '0' };
const loadBalances = async () => balances;

/** A session row of player `playerId` (only the fields the cache reads). */
function sessionOf(playerId: number): SessionJoin {
  return {
    session: { lastSeenAt: new Date(0) },
    player: { id: playerId },
    site: { id: 1 },
  } as unknown as SessionJoin;
}
const loadSession = async (_db: Db, tokenHash: string) => sessionOf(Number(tokenHash.slice('token-'.length)));

describe('PlayerCache storage (least recently used)', () => {
  it('wallets: past the bound the least recently read goes; one read recently survives', async () => {
    const cache = new PlayerCache();
    for (let id = 1; id <= BOUND; id++) void cache.balances(id, loadBalances, db);
    await cache.balances(BOUND, loadBalances, db);
    // Player 1 was stored first but is read now: player 2 is now the least recently used.
    expect(cache.balancesNow(1)).toEqual(balances);
    await cache.balances(BOUND + 1, loadBalances, db);
    expect(cache.size.wallets).toBe(BOUND);
    expect(cache.balancesNow(1)).toEqual(balances);
    expect(cache.balancesNow(2)).toBeUndefined();
    expect(cache.balancesNow(BOUND + 1)).toEqual(balances);
  });

  it('sessions: the same, and an evicted session leaves its player index (forgetting the player still works)', async () => {
    const cache = new PlayerCache();
    for (let id = 1; id <= BOUND; id++) void cache.session(`token-${id}`, loadSession, db);
    await cache.session(`token-${BOUND}`, loadSession, db);
    expect(cache.sessionNow('token-1')?.row.player.id).toBe(1);
    await cache.session(`token-${BOUND + 1}`, loadSession, db);
    expect(cache.size.sessions).toBe(BOUND);
    expect(cache.sessionNow('token-1')?.row.player.id).toBe(1);
    expect(cache.sessionNow('token-2')).toBeUndefined();
    cache.forgetSessions(1);
    expect(cache.sessionNow('token-1')).toBeUndefined();
    expect(cache.size.sessions).toBe(BOUND - 1);
  });

  it('an entry expires its TTL after it was loaded, read or not', async () => {
    let now = 1_000_000;
    const cache = new PlayerCache({ ttlMs: 30_000, now: () => now });
    await cache.balances(7, loadBalances, db);
    now += 29_999;
    expect(cache.balancesNow(7)).toEqual(balances);
    now += 2;
    expect(cache.balancesNow(7)).toBeUndefined();
  });
});
