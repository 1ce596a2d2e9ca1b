import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { OPERATOR_IDLE_MS, OPERATOR_SECOND_FACTOR_MS, OPERATOR_SESSION_MAX_MS } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { operatorAccounts, operatorSessions } from '../db/schema.js';
import { hashToken } from '../shared/hash-token.js';
import type { OperatorAccountRow } from './accounts.js';

/*
 * Back-office sessions (issue 26 §1, ADR 0044): a random token in an HttpOnly, SameSite=Strict
 * cookie, kept hashed. A session ends after OPERATOR_IDLE_MS without a call, OPERATOR_SESSION_MAX_MS
 * after login, at logout, or when its account is disabled. Until the second factor is done it
 * allows nothing but that step, and only for OPERATOR_SECOND_FACTOR_MS.
 */

/** last_seen_at is written at most this often: a busy console is not a write per call. */
const TOUCH_EVERY_MS = 60_000;

export async function startOperatorSession(db: Db, accountId: number, secondFactorDone: boolean, client: { ip: string; userAgent: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = secondFactorDone ? OPERATOR_SESSION_MAX_MS : OPERATOR_SECOND_FACTOR_MS;
  await db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    accountId,
    secondFactorDone,
    expiresAt: new Date(Date.now() + lifetime),
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 512),
  });
  return token;
}

export type SessionState = { ok: true; tokenHash: string; secondFactorDone: boolean; account: OperatorAccountRow } | { ok: false };

/** The live session of a cookie's token with its (active) account, or not; a live one is touched. */
export async function readOperatorSession(db: Db, token: string | undefined): Promise<SessionState> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false };
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: operatorSessions, account: operatorAccounts })
    .from(operatorSessions)
    .innerJoin(operatorAccounts, eq(operatorAccounts.id, operatorSessions.accountId))
    .where(eq(operatorSessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.session.revokedAt || row.account.disabledAt) return { ok: false };
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now || row.session.lastSeenAt.getTime() + OPERATOR_IDLE_MS <= now) return { ok: false };
  if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(operatorSessions).set({ lastSeenAt: sql`now()` }).where(eq(operatorSessions.tokenHash, tokenHash));
  }
  return { ok: true, tokenHash, secondFactorDone: row.session.secondFactorDone, account: row.account };
}

/** The second factor done: the session becomes a full one (its lifetime counted from now). */
export async function completeSecondFactor(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ secondFactorDone: true, lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + OPERATOR_SESSION_MAX_MS) })
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
}

export async function revokeOperatorSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(operatorSessions).set({ revokedAt: sql`now()` }).where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
}

/** Ends every session of an account but `keep` (a password change keeps the session that made it). */
export async function revokeAccountSessions(db: Db, accountId: number, keep: string | null = null): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.accountId, accountId), isNull(operatorSessions.revokedAt), keep === null ? undefined : ne(operatorSessions.tokenHash, keep)));
}
