import { randomBytes } from 'node:crypto';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { publicCall } from '../http/guards.js';
import { RATE_LIMITS } from '../security/index.js';
import { hashPassword, verifyPassword } from '../shared/password.js';
import { upgradePasswordHash } from './password-upgrade.js';
import { accountAddressKey, accountKey, overLimit } from './limits.js';
import { findPlayer, logIn, statusFailureOf } from './players.js';

let dummyHash: Promise<string> | undefined;

/**
 * A hash no password matches, checked when the account does not exist, so an unknown account
 * costs the same scrypt work as a wrong password and timing does not tell them apart.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}

/**
 * POST /api/auth/login (docs/product.md D5). Unknown account and wrong password both answer
 * invalidCredentials; BLOCK and CLOSE come only after the right password, so the status of an
 * account does not leak to whoever knows its id. Failed passwords lock the account from one client
 * address only (a stranger cannot lock the owner out); every address together meets a higher
 * ceiling, under which the owner logs in with a one-time code (ADR 0021). A successful login
 * clears the counter of its account and address.
 */
export const loginHandlers: CallHandlers = {
  login: publicCall<'login'>(async ({ account_id, password }, ctx) => {
    const { site } = ctx;
    // The lock is per account and address; the account-wide ceiling is counted after it, so a
    // guesser already locked on their address does not use it up (ADR 0021).
    const addressLimit = [RATE_LIMITS.loginAccountAddress, accountAddressKey(site.id, account_id, ctx.clientIp)] as const;
    const limits = [[RATE_LIMITS.loginIp, ctx.clientIp], addressLimit, [RATE_LIMITS.loginAccount, accountKey(site.id, account_id)]] as const;
    if (await overLimit(ctx, limits)) return failure('tooManyRequests');

    const player = await findPlayer(ctx.db, site.id, account_id);
    const matches = await verifyPassword(password, player?.passwordHash ?? (await dummyPasswordHash()));
    if (!player || !matches) return failure('invalidCredentials');
    const refused = statusFailureOf(player);
    if (refused) return failure(refused);

    await ctx.services.rateLimiter.reset(...addressLimit);
    // A hash of an earlier, lower cost is made again at today's (ADR 0023); a failure only waits for the next login.
    await upgradePasswordHash(ctx.db, player, password).catch((error: unknown) => ctx.log.warn({ err: error, playerId: player.id }, 'password hash upgrade failed'));
    return logIn(ctx.db, ctx, player);
  }),
};
