import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { SESSION_IDLE_MS } from '../shared/session-lifetime.js';
import { SESSION_WINDOW_MS, sessionLimitEnd, sessionLimitUntil, usedAt, type Interval } from './session-time.js';

/*
 * The session limit (issue 25 §2, ADR 0041) on the sessions table: how long the player's sessions
 * of the last 24 hours lasted, when a login is refused until, and when the live sessions end.
 */

const MINUTE_MS = 60 * 1000;

interface SessionTimes {
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  limit_ends_at: Date | string | null;
}

const ms = (value: Date | string) => new Date(value).getTime();

/**
 * The player's sessions that may reach into the last 24 hours, each from its creation to its end:
 * revoked, expired, cut by its limit, or its last activity when it ended idle (docs/product.md D5);
 * a live one to `now`.
 */
export async function sessionIntervals(db: Db, playerId: number, now: number): Promise<Interval[]> {
  const rows = await queryRows<SessionTimes>(
    db,
    sql`select created_at, last_seen_at, expires_at, revoked_at, limit_ends_at from sessions
        where player_id = ${playerId} and coalesce(revoked_at, expires_at) > ${new Date(now - SESSION_WINDOW_MS).toISOString()}::timestamptz`,
  );
  return rows.map((row) => {
    let end = row.revoked_at !== null ? ms(row.revoked_at) : ms(row.expires_at) <= now ? ms(row.expires_at) : now - ms(row.last_seen_at) > SESSION_IDLE_MS ? ms(row.last_seen_at) : now;
    if (row.limit_ends_at !== null) end = Math.min(end, ms(row.limit_ends_at));
    return { start: ms(row.created_at), end: Math.min(end, now) };
  });
}

/** The session limit in force, in minutes; null: none. */
export async function sessionLimitMinutes(db: Db, playerId: number): Promise<number | null> {
  const [row] = await queryRows<{ amount: string }>(
    db,
    sql`select amount::text as amount from player_limits where player_id = ${playerId} and kind = 'session' and period = 'day' and amount is not null`,
  );
  return row ? Number(row.amount) : null;
}

/** Whole minutes logged in within the last 24 hours (rounded down), for the status. */
export async function sessionMinutesUsed(db: Db, playerId: number, now = Date.now()): Promise<number> {
  return Math.floor(usedAt(await sessionIntervals(db, playerId, now), now) / MINUTE_MS);
}

/**
 * A login under the session limit: refused until a moment (the limit is used up), or allowed with
 * the moment its session must end (null: no limit). The live sessions of the player end at the same
 * moment, as from now on they all count as one.
 */
export async function sessionLimitAtLogin(db: Db, playerId: number, now: number): Promise<{ refusedUntil: Date } | { endsAt: Date | null }> {
  const minutes = await sessionLimitMinutes(db, playerId);
  if (minutes === null) return { endsAt: null };
  const intervals = await sessionIntervals(db, playerId, now);
  const limitMs = minutes * MINUTE_MS;
  if (usedAt(intervals, now) >= limitMs) return { refusedUntil: new Date(sessionLimitUntil(intervals, limitMs, now)) };
  return { endsAt: new Date(sessionLimitEnd(intervals, limitMs, now)) };
}

/** Whoever caches sessions (the app's player cache) forgets a player's after their end moved. */
export interface SessionForgetter {
  forgetSessions(playerId: number, hold?: boolean): void;
}

/**
 * Moves the end of the player's live sessions to what the session limit in force leaves now (null
 * with none), in the caller's transaction: after a limit is set, lowered, raised or removed, and at
 * a login. The sessions trigger tells the other processes; this one's cache forgets at once.
 */
export async function applySessionLimit(tx: Db, cache: SessionForgetter | null, playerId: number, now = Date.now()): Promise<Date | null> {
  const minutes = await sessionLimitMinutes(tx, playerId);
  const endsAt = minutes === null ? null : new Date(sessionLimitEnd(await sessionIntervals(tx, playerId, now), minutes * MINUTE_MS, now));
  const live = sql`player_id = ${playerId} and revoked_at is null and expires_at > ${new Date(now).toISOString()}::timestamptz
    and last_seen_at > ${new Date(now - SESSION_IDLE_MS).toISOString()}::timestamptz`;
  // A session already cut by its limit stays ended: only live ones move.
  const notCut = sql`(limit_ends_at is null or limit_ends_at > ${new Date(now).toISOString()}::timestamptz)`;
  await tx.execute(sql`update sessions set limit_ends_at = ${endsAt?.toISOString() ?? null}::timestamptz where ${live} and ${notCut}`);
  cache?.forgetSessions(playerId, true);
  return endsAt;
}
