import type { FailureReply, TacRequestReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { publicCall } from '../http/guards.js';
import { RATE_LIMITS } from '../security/index.js';
import { accountAddressKey, accountKey, overLimit } from './limits.js';
import { findPlayer, logIn, statusFailureOf } from './players.js';
import { checkTac, consumeTac, issueTac, markTacVerified, type IssueResult } from './tac-codes.js';

/** A refused code request: tooManyRequests, with the seconds until a new code may be asked for. */
type TooSoonReply = FailureReply & { resend_in: number };

function requestReply(result: IssueResult): TacRequestReply | TooSoonReply {
  if (!result.ok) return { ...failure('tooManyRequests'), resend_in: result.resendIn };
  return { statusCode: 1, message: 'OK', expires_in: result.expiresIn, resend_in: result.resendIn };
}

/**
 * One-time code calls (docs/product.md D5).
 *
 * - tac/request_login: an existing, active account with a phone on record (accountNotFound
 *   without one; BLOCK and CLOSE as the contract lists them).
 * - tac/request_new_register: an account id not taken yet; the code goes to contact_phone when
 *   given, and signup must then use that phone.
 * - tac/verify: checks a code of any purpose. A register code is marked verified (signup needs
 *   that within 30 minutes); a login or reset code is only checked, not used up, so the client
 *   may check it before login_tac. Wrong codes count towards the code's 5 tries either way.
 * - login_tac: logs in with a login or reset (forgot_password) code and uses it up.
 * - forgot_password: the phone must match the account's; sends a reset code. The answers
 *   accountNotFound and phoneMismatch do tell whether an account id exists, as
 *   tac/request_new_register (accountExists) must for any sign-up form; the phone on record is
 *   never revealed, and the per-account and per-address limits bound the guessing.
 */
export const tacHandlers: CallHandlers = {
  tacRequestLogin: publicCall<'tacRequestLogin'>(async ({ account_id }, ctx) => {
    const { site } = ctx;
    const limits = [[RATE_LIMITS.tacRequestIp, ctx.clientIp], [RATE_LIMITS.tacRequestAccount, accountKey(site.id, account_id)]] as const;
    if (await overLimit(ctx, limits)) return failure('tooManyRequests');
    const player = await findPlayer(ctx.db, site.id, account_id);
    if (!player) return failure('accountNotFound');
    const refused = statusFailureOf(player);
    if (refused) return failure(refused);
    // No phone on record: the code could reach nobody.
    if (!player.contactPhone) return failure('accountNotFound');
    return requestReply(await issueTac(ctx, { site, accountId: player.accountId, purpose: 'login', phone: player.contactPhone }));
  }),

  tacRequestNewRegister: publicCall<'tacRequestNewRegister'>(async ({ account_id, contact_phone }, ctx) => {
    const { site } = ctx;
    const limits = [[RATE_LIMITS.tacRequestIp, ctx.clientIp], [RATE_LIMITS.tacRequestAccount, accountKey(site.id, account_id)]] as const;
    if (await overLimit(ctx, limits)) return failure('tooManyRequests');
    if (await findPlayer(ctx.db, site.id, account_id)) return failure('accountExists');
    return requestReply(await issueTac(ctx, { site, accountId: account_id, purpose: 'register', phone: contact_phone ?? '' }));
  }),

  tacVerify: publicCall<'tacVerify'>(async ({ account_id, tac }, ctx) => {
    const { site } = ctx;
    const limits = [[RATE_LIMITS.tacVerifyIp, ctx.clientIp], [RATE_LIMITS.tacVerifyAccount, accountKey(site.id, account_id)]] as const;
    if (await overLimit(ctx, limits)) return failure('tooManyRequests');
    return ctx.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const check = await checkTac(tx, { siteId: site.id, accountId: account_id, purposes: ['register', 'login', 'reset'], code: tac });
      if (!check.ok) return failure(check.message);
      if (check.purpose === 'register') await markTacVerified(tx, check.codeId);
      return { statusCode: 1 as const, message: 'OK' as const, verified: true as const };
    });
  }),

  loginTac: publicCall<'loginTac'>(async ({ account_id, tac }, ctx) => {
    const { site } = ctx;
    const limits = [[RATE_LIMITS.tacVerifyIp, ctx.clientIp], [RATE_LIMITS.tacVerifyAccount, accountKey(site.id, account_id)]] as const;
    if (await overLimit(ctx, limits)) return failure('tooManyRequests');
    const reply = await ctx.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const check = await checkTac(tx, { siteId: site.id, accountId: account_id, purposes: ['login', 'reset'], code: tac });
      if (!check.ok) return failure(check.message);
      const player = await findPlayer(tx, site.id, account_id);
      if (!player) return failure('accountNotFound');
      if (!(await consumeTac(tx, check.codeId))) return failure('invalidTac');
      const refused = statusFailureOf(player);
      if (refused) return failure(refused);
      // Same transaction as the code's use: update_password recognises a reset session by it.
      return logIn(tx, ctx, player);
    });
    // The player proved the phone: password failures from this address no longer hold it back.
    // The account-wide ceiling stays: it counts a stranger's guesses, not the owner's (ADR 0021).
    if (reply.statusCode === 1) await ctx.services.rateLimiter.reset(RATE_LIMITS.loginAccountAddress, accountAddressKey(site.id, account_id, ctx.clientIp));
    return reply;
  }),

  forgotPassword: publicCall<'forgotPassword'>(async ({ account_id, contact_phone }, ctx) => {
    const { site } = ctx;
    const limits = [[RATE_LIMITS.forgotIp, ctx.clientIp], [RATE_LIMITS.forgotAccount, accountKey(site.id, account_id)]] as const;
    if (await overLimit(ctx, limits)) return failure('tooManyRequests');
    const player = await findPlayer(ctx.db, site.id, account_id);
    if (!player) return failure('accountNotFound');
    if (!player.contactPhone || player.contactPhone !== contact_phone) return failure('phoneMismatch');
    const refused = statusFailureOf(player);
    if (refused) return failure(refused);
    return requestReply(await issueTac(ctx, { site, accountId: player.accountId, purpose: 'reset', phone: player.contactPhone }));
  }),
};
