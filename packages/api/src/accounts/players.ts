import { and, eq } from 'drizzle-orm';
import { STATUS, type ExcludedFailureReply, type LoginReply, type SessionLimitFailureReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { players } from '../db/schema.js';
import type { CallContext } from '../http/context.js';
import { applySessionLimit, normalisedPerson, runningExclusionOf, sessionLimitAtLogin, type RunningExclusion } from '../responsible/index.js';
import { createSession, type PlayerRow } from './sessions.js';

/** A player of one site by account id (already lower case from the contract). */
export async function findPlayer(db: Db, siteId: number, accountId: string): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.siteId, siteId), eq(players.accountId, accountId.toLowerCase())))
    .limit(1);
  return row;
}

/** The status failure of a player who may not log in, or null for an active one. */
export function statusFailureOf(player: Pick<PlayerRow, 'status'>): 'BLOCK' | 'CLOSE' | null {
  if (player.status === 'blocked') return 'BLOCK';
  if (player.status === 'closed') return 'CLOSE';
  return null;
}

/** The reply of login, login_tac and signup (docs/product.md §3 user session). */
export function loginReplyOf(player: Pick<PlayerRow, 'accountId' | 'fullName' | 'contactEmail'>, token: string): LoginReply {
  return {
    statusCode: 1,
    message: 'OK',
    token,
    user: { account_id: player.accountId, session_token: token, full_name: player.fullName, contact_email: player.contactEmail },
    fullname: player.fullName,
    email: player.contactEmail,
  };
}

/** The failure of a login or signup during a time-out or self-exclusion, with its end (issue 25 §3). */
export function excludedFailure(term: RunningExclusion): ExcludedFailureReply {
  return { statusCode: STATUS.failure, message: term.kind === 'timeout' ? 'timedOut' : 'selfExcluded', until: term.until?.toISOString() ?? null };
}

/**
 * Starts a session for the player (on `db`, which may be the caller's transaction) and answers the
 * login reply; every way in (password, one-time code, signup) passes here, so a time-out or
 * self-exclusion of the person on any site of the owner refuses them all (ADR 0039).
 */
export async function logIn(db: Db, ctx: CallContext, player: PlayerRow): Promise<LoginReply | ExcludedFailureReply | SessionLimitFailureReply> {
  const term = await runningExclusionOf(db, { playerId: player.id, siteId: player.siteId, person: normalisedPerson(player) });
  if (term) {
    ctx.log.info({ siteId: player.siteId, playerId: player.id, kind: term.kind }, 'login refused: excluded');
    return excludedFailure(term);
  }
  // The session limit (ADR 0041): used up, refused until time is left again; else the session ends when it is.
  const now = Date.now();
  const limit = await sessionLimitAtLogin(db, player.id, now);
  if ('refusedUntil' in limit) {
    ctx.log.info({ siteId: player.siteId, playerId: player.id }, 'login refused: session limit');
    return { statusCode: STATUS.failure, message: 'sessionLimitReached', until: limit.refusedUntil.toISOString() };
  }
  const token = await createSession(db, player, { ip: ctx.clientIp, userAgent: ctx.userAgent }, limit.endsAt, now);
  // The player's other live sessions count as one with it from now on: they end at the same moment.
  if (limit.endsAt) await applySessionLimit(db, ctx.services.playerCache, player.id, now);
  ctx.log.info({ siteId: player.siteId, playerId: player.id }, 'player logged in');
  return loginReplyOf(player, token);
}
