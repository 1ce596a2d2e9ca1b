import type { ErrorKey } from '@wl/contracts';
import type { Db } from '../db/client.js';
import type { CallContext } from '../http/context.js';
import { PASSWORD_CHANGE_LIMIT } from './change-password.js';
import { accountKey, overLimit } from './limits.js';
import { verifyPassword } from '../shared/password.js';
import type { SessionContext } from './sessions.js';
import { checkTac, consumeTac } from './tac-codes.js';

/** What the player sent to prove it is the owner, not only a holder of the session token. */
export interface OwnerProof {
  password?: string | undefined;
  tac?: string | undefined;
}

export type ProofMethod = 'password' | 'tac';

export type ProofCheck = { ok: true; method: ProofMethod } | { ok: false; message: ErrorKey };

/**
 * Checks the proof of a change that redirects money (issue 21 §7, ADR 0022): the account's
 * password, or an unused login code (tac/request_login), which is used up. Every try counts under
 * the same per-account limit as update_password's current password, so a stolen token cannot turn
 * either call into a password-guessing oracle; a success clears it, as update_password does.
 */
export async function checkOwnerProof(ctx: CallContext & { session: SessionContext }, proof: OwnerProof): Promise<ProofCheck> {
  const { player, site } = ctx.session;
  const key = accountKey(site.id, player.accountId);
  if (await overLimit(ctx, [[PASSWORD_CHANGE_LIMIT, key]])) return { ok: false, message: 'tooManyRequests' };
  const checked = await verify(ctx, proof);
  if (checked.ok) await ctx.services.rateLimiter.reset(PASSWORD_CHANGE_LIMIT, key);
  else ctx.log.info({ siteId: site.id, playerId: player.id, refused: checked.message }, 'owner proof refused');
  return checked;
}

async function verify(ctx: CallContext & { session: SessionContext }, proof: OwnerProof): Promise<ProofCheck> {
  const { player, site } = ctx.session;
  if (proof.password !== undefined) {
    return (await verifyPassword(proof.password, player.passwordHash)) ? { ok: true, method: 'password' } : { ok: false, message: 'invalidPassword' };
  }
  const code = proof.tac;
  if (code === undefined) return { ok: false, message: 'invalidPassword' };
  return ctx.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const check = await checkTac(tx, { siteId: site.id, accountId: player.accountId, purposes: ['login'], code });
    if (!check.ok) return { ok: false as const, message: check.message };
    if (!(await consumeTac(tx, check.codeId))) return { ok: false as const, message: 'invalidTac' as const };
    return { ok: true as const, method: 'tac' as const };
  });
}
