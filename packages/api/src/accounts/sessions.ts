import { hashToken } from '../shared/hash-token.js';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ErrorKey } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { players, sessions, sites } from '../db/schema.js';
import type { CachedSession, PlayerCache, SessionJoin } from './player-cache.js';

import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../shared/session-lifetime.js';

export { SESSION_IDLE_MS, SESSION_MAX_MS };
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

export type PlayerRow = typeof players.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;

export interface SessionContext {
  sessionId: number;
  player: PlayerRow;
  site: SiteRow;
}

/** Starts a session; returns the opaque token (only its hash is stored). */
export async function createSession(
  db: Db,
  player: Pick<PlayerRow, 'id' | 'siteId'>,
  client: { ip: string; userAgent: string },
  /** When the player's session limit ends it (ADR 0041); null: none in force. */
  limitEndsAt: Date | null = null,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    siteId: player.siteId,
    playerId: player.id,
    // created_at stays the transaction's now(): a reset session is known by it equalling its code's
    // consumed_at (tac-codes.ts isResetSession).
    tokenHash: hashToken(token),
    expiresAt: new Date(now + SESSION_MAX_MS),
    limitEndsAt,
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 512),
  });
  await db.update(players).set({ lastLoginAt: new Date(now) }).where(eq(players.id, player.id));
  return token;
}

export type SessionCheck = { ok: true; context: SessionContext } | { ok: false; message: ErrorKey };

/**
 * The session of a session call (docs/product.md §6): the token must be live and belong to account_id.
 * Blocked and closed accounts answer BLOCK and CLOSE; a token of another account permissionDenied.
 * A session in the player cache is checked at once, without a promise (get_balance and the other
 * calls read on every page are answered from memory); otherwise the check waits for the database.
 * `cache` is the app's player cache (its services, http/context.ts); null reads the database.
 */
export function checkSession(
  db: Db,
  cache: PlayerCache | null,
  accountId: string,
  token: string,
  now = Date.now(),
): SessionCheck | Promise<SessionCheck> {
  const tokenHash = hashToken(token);
  // The session, player and site rows come from memory when the player cache runs (player-cache.ts).
  const known = cache?.sessionNow(tokenHash);
  if (known && !touchDue(known, now)) return sessionVerdict(known, accountId, now);
  return checkSessionLater(db, cache, tokenHash, accountId, now);
}

async function checkSessionLater(
  db: Db,
  cache: PlayerCache | null,
  tokenHash: string,
  accountId: string,
  now: number,
): Promise<SessionCheck> {
  const cached = cache
    ? await cache.session(tokenHash, loadSession, db)
    : await loadSession(db, tokenHash).then((row) => (row ? { row, lastSeenAt: row.session.lastSeenAt.getTime() } : null));
  if (!cached) return { ok: false, message: 'sessionExpired' };
  await readTouchBeforeIdleExpiry(db, cached, now);
  const verdict = sessionVerdict(cached, accountId, now);
  if (verdict.ok && touchDue(cached, now)) {
    // Once a minute per session; the cached time moves first so concurrent calls touch once.
    cached.lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, cached.row.session.id));
  }
  return verdict;
}

/**
 * The verdict on a session without touching it: a live balance stream checks its session again
 * when the session may have changed, and an open stream is not the player's activity (the idle
 * expiry of docs/product.md D5 still ends it).
 */
export async function checkSessionQuietly(
  db: Db,
  cache: PlayerCache | null,
  accountId: string,
  tokenHash: string,
  now = Date.now(),
): Promise<SessionCheck & { endsAt?: number }> {
  const cached = cache
    ? await cache.session(tokenHash, loadSession, db)
    : await loadSession(db, tokenHash).then((row) => (row ? { row, lastSeenAt: row.session.lastSeenAt.getTime() } : null));
  if (!cached) return { ok: false, message: 'sessionExpired' };
  await readTouchBeforeIdleExpiry(db, cached, now);
  const verdict = sessionVerdict(cached, accountId, now);
  // When it ends unless the player is active meanwhile (then it is checked again, and lives on).
  // The session limit's end too (ADR 0041): a stream ends with the session it belongs to.
  const endsAt = Math.min(cached.row.session.expiresAt.getTime(), cached.lastSeenAt + SESSION_IDLE_MS, cached.row.session.limitEndsAt?.getTime() ?? Infinity);
  return verdict.ok ? { ...verdict, endsAt } : verdict;
}

/**
 * Another process's touch of last_seen_at sends no notification (migration 0030, docs/scaling.md):
 * a session this process last saw over the idle limit ago may have been used on another one since.
 * So before the idle expiry refuses it, last_seen_at is read again (a rare read: once per session
 * that really went idle, or was used elsewhere only).
 */
async function readTouchBeforeIdleExpiry(db: Db, cached: CachedSession, now: number): Promise<void> {
  if (now - cached.lastSeenAt <= SESSION_IDLE_MS) return;
  const [row] = await db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, cached.row.session.id)).limit(1);
  if (row && row.lastSeenAt.getTime() > cached.lastSeenAt) cached.lastSeenAt = row.lastSeenAt.getTime();
}

/** last_seen_at is due to be written (only ever for a session that is otherwise live). */
function touchDue(cached: CachedSession, now: number): boolean {
  return now - cached.lastSeenAt > TOUCH_EVERY_MS;
}

function sessionVerdict(cached: CachedSession, accountId: string, now: number): SessionCheck {
  const { session, player, site } = cached.row;
  if (player.accountId !== accountId.toLowerCase()) return { ok: false, message: 'permissionDenied' };
  if (player.status === 'blocked') return { ok: false, message: 'BLOCK' };
  if (player.status === 'closed') return { ok: false, message: 'CLOSE' };
  if (session.revokedAt) return { ok: false, message: 'sessionExpired' };
  // The player's session limit (ADR 0041) ends it with its own message, so the site can say why.
  if (session.limitEndsAt && session.limitEndsAt.getTime() <= now) return { ok: false, message: 'sessionLimitReached' };
  if (session.expiresAt.getTime() <= now || now - cached.lastSeenAt > SESSION_IDLE_MS) return { ok: false, message: 'sessionExpired' };
  return { ok: true, context: { sessionId: session.id, player, site } };
}

/** The session of a token hash with its player and site (the one query of an uncached session check). */
async function loadSession(db: Db, tokenHash: string): Promise<SessionJoin | null> {
  const [row] = await db
    .select({ session: sessions, player: players, site: sites })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .innerJoin(sites, eq(sites.id, sessions.siteId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Ends every live session of a player but one (after a password change, "sign out everywhere
 * else"); `cache` is the app's player cache, which forgets them at once.
 */
export async function revokeOtherSessions(
  db: Db,
  cache: PlayerCache | null,
  playerId: number,
  keepSessionId: number | null,
  reason: string,
): Promise<number> {
  const conditions = [eq(sessions.playerId, playerId), isNull(sessions.revokedAt)];
  if (keepSessionId !== null) conditions.push(ne(sessions.id, keepSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  // This app is never stale on its own writes (other apps and processes hear the trigger's NOTIFY).
  cache?.forgetSessions(playerId, true);
  return ended.length;
}

/**
 * Ends one session (log out): its token then answers sessionExpired on every process. This
 * app's player cache (`cache`) forgets it at once; the others hear the sessions trigger's NOTIFY
 * (player-cache.ts).
 */
export async function endSession(
  db: Db,
  cache: PlayerCache | null,
  session: { sessionId: number; playerId: number },
  reason: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)));
  cache?.forgetSessions(session.playerId, true);
}
