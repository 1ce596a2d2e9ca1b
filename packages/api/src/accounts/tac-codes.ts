import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { transactionUnderLock } from '../db/locked-transaction.js';
import { tacCodes } from '../db/schema.js';
import type { CallContext } from '../http/context.js';
import type { SiteRow } from './sessions.js';
import { smsRefusal } from './limits.js';

/**
 * One-time codes (TAC) of docs/product.md D5: 6 random digits, valid 5 minutes, 5 wrong tries, a new
 * one at most every 60 seconds per account and purpose; a new code replaces the older unused ones
 * of its purpose. Only a SHA-256 of (site, account, purpose, code) is stored, so a code of one
 * site or purpose never matches on another. Times are the database's (now()), not the process's.
 */
export type TacPurpose = 'login' | 'register' | 'reset';

export const TAC_TTL_SECONDS = 5 * 60;
export const TAC_RESEND_SECONDS = 60;
/** Wrong tries a code survives; after the fifth it is dead and answers tacExpired. */
export const TAC_MAX_TRIES = 5;
/** How long a register code checked by tac/verify stays good for signup. */
export const REGISTER_VERIFIED_MINUTES = 30;
/** How long a session opened with a forgot_password code may set a new password without the old one. */
export const RESET_SESSION_MINUTES = 30;

export function tacHash(siteId: number, accountId: string, purpose: TacPurpose, code: string): string {
  return createHash('sha256').update(`${siteId}:${accountId}:${purpose}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newTacCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export type IssueResult = { ok: true; expiresIn: number; resendIn: number } | { ok: false; resendIn: number };

/**
 * Issues a code and hands it to the TAC sender, in one transaction: the code is stored only if it
 * was sent (the default sender writes the outbox in the same transaction). Refused while the
 * previous code of the same account and purpose is younger than 60 seconds, and when the phone's
 * or the site's SMS limits are reached (limits.ts).
 */
export async function issueTac(
  ctx: CallContext,
  request: { site: SiteRow; accountId: string; purpose: TacPurpose; phone: string },
): Promise<IssueResult> {
  const { site, accountId, purpose, phone } = request;
  // Serialises requests of one account and purpose, so two at once cannot both pass the interval.
  return transactionUnderLock(ctx.db, { namespace: site.id, name: `tac:${accountId}:${purpose}` }, async (tx) => {
    const [latest] = await queryRows<{ wait: number | string | null }>(
      tx,
      sql`select ceil(extract(epoch from (created_at + make_interval(secs => ${TAC_RESEND_SECONDS}) - now())))::int as wait
          from tac_codes where site_id = ${site.id} and account_id = ${accountId} and purpose = ${purpose}
          order by id desc limit 1`,
    );
    const wait = Number(latest?.wait ?? 0);
    if (wait > 0) return { ok: false, resendIn: Math.min(wait, TAC_RESEND_SECONDS) } as const;
    // Per phone and per site, whatever the account or the client's address: rotating either
    // sends no more SMS (ADR 0021). Counted only once the account's own interval has passed.
    const smsWait = await smsRefusal(ctx, site.id, phone);
    if (smsWait !== null) return { ok: false, resendIn: smsWait } as const;

    // The new code replaces every unused one of its purpose.
    await tx
      .update(tacCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(tacCodes.siteId, site.id), eq(tacCodes.accountId, accountId), eq(tacCodes.purpose, purpose), isNull(tacCodes.consumedAt)));
    const code = newTacCode();
    await tx.insert(tacCodes).values({
      siteId: site.id,
      accountId,
      purpose,
      codeHash: tacHash(site.id, accountId, purpose, code),
      phone,
      expiresAt: sql`now() + make_interval(secs => ${TAC_TTL_SECONDS})`,
    });
    await ctx.services.tacSender.send(
      tx,
      { siteId: site.id, siteName: site.siteName, accountId, phone, purpose, code, expiresInSeconds: TAC_TTL_SECONDS },
      ctx.log,
    );
    return { ok: true, expiresIn: TAC_TTL_SECONDS, resendIn: TAC_RESEND_SECONDS } as const;
  });
}

export type TacCheck = { ok: true; codeId: number; purpose: TacPurpose } | { ok: false; message: 'invalidTac' | 'tacExpired' };

/**
 * Checks a code against the account's unused codes of the given purposes. Call it inside a
 * transaction (`tx`): the rows are locked, so concurrent tries count one by one and a code is
 * used once. A wrong code counts a try on every live code; a code past its time or its tries
 * answers tacExpired; no code at all answers invalidTac.
 */
export async function checkTac(
  tx: Db,
  request: { siteId: number; accountId: string; purposes: readonly TacPurpose[]; code: string },
): Promise<TacCheck> {
  const { siteId, accountId, purposes, code } = request;
  const rows = await tx
    .select({
      id: tacCodes.id,
      purpose: tacCodes.purpose,
      codeHash: tacCodes.codeHash,
      attempts: tacCodes.attempts,
      live: sql<boolean>`${tacCodes.expiresAt} > now()`,
    })
    .from(tacCodes)
    .where(
      and(
        eq(tacCodes.siteId, siteId),
        eq(tacCodes.accountId, accountId),
        inArray(tacCodes.purpose, [...purposes]),
        isNull(tacCodes.consumedAt),
      ),
    )
    .orderBy(desc(tacCodes.id))
    .for('update');
  const live = rows.filter((row) => row.live && row.attempts < TAC_MAX_TRIES);
  const match = live.find((row) => sameHash(row.codeHash, tacHash(siteId, accountId, row.purpose, code)));
  if (match) return { ok: true, codeId: match.id, purpose: match.purpose };
  if (live.length > 0) {
    await tx
      .update(tacCodes)
      .set({ attempts: sql`${tacCodes.attempts} + 1` })
      .where(inArray(tacCodes.id, live.map((row) => row.id)));
    return { ok: false, message: 'invalidTac' };
  }
  return { ok: false, message: rows.length > 0 ? 'tacExpired' : 'invalidTac' };
}

/** Uses a code up; false when it was used already (a concurrent request won). */
export async function consumeTac(tx: Db, codeId: number): Promise<boolean> {
  const used = await tx
    .update(tacCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(tacCodes.id, codeId), isNull(tacCodes.consumedAt)))
    .returning({ id: tacCodes.id });
  return used.length === 1;
}

export async function markTacVerified(tx: Db, codeId: number): Promise<void> {
  await tx.update(tacCodes).set({ verifiedAt: sql`now()` }).where(eq(tacCodes.id, codeId));
}

/**
 * The account's register code checked by tac/verify in the last 30 minutes (signup), locked until
 * the caller's transaction ends; the caller uses it up with consumeTac. `phone` is where it was
 * sent ('' when no phone was given).
 */
export async function findVerifiedRegisterCode(tx: Db, siteId: number, accountId: string): Promise<{ id: number; phone: string } | null> {
  const [row] = await tx
    .select({ id: tacCodes.id, phone: tacCodes.phone })
    .from(tacCodes)
    .where(
      and(
        eq(tacCodes.siteId, siteId),
        eq(tacCodes.accountId, accountId),
        eq(tacCodes.purpose, 'register'),
        isNull(tacCodes.consumedAt),
        sql`${tacCodes.verifiedAt} > now() - make_interval(mins => ${REGISTER_VERIFIED_MINUTES})`,
      ),
    )
    .orderBy(desc(tacCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Whether a session was opened by login_tac with a forgot_password (reset) code less than 30
 * minutes ago. login_tac uses the code up and opens the session in one transaction, so the code's
 * consumed_at and the session's created_at are the same now() of that transaction.
 */
export async function isResetSession(db: Db, sessionId: number, siteId: number, accountId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from sessions s join tac_codes t
          on t.site_id = s.site_id and t.account_id = ${accountId} and t.purpose = 'reset' and t.consumed_at = s.created_at
        where s.id = ${sessionId} and s.site_id = ${siteId}
          and s.created_at > now() - make_interval(mins => ${RESET_SESSION_MINUTES})
        limit 1`,
  );
  return rows.length > 0;
}
