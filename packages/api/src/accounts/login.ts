import { randomBytes } from 'node:crypto';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { publicCall } from '../http/guards.js';
import { RATE_LIMITS } from '../security/rate-limit.js';
import { hashPassword, verifyPassword } from './password.js';
import { accountKey, overLimit } from './limits.js';
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
 * POST /api/auth/login (decisions.md §5). Unknown account and wrong password both answer
 * invalidCredentials; BLOCK and CLOSE come only after the right password, so the status of an
 * account does not leak to whoever knows its id. A successful login clears the account's counter.
 */
export const loginHandlers: CallHandlers = {
  login: publicCall<'login'>(async ({ account_id, password }, ctx) => {
    const { site } = ctx;
    const accountLimit = [RATE_LIMITS.loginAccount, accountKey(site.id, account_id)] as const;
    if (await overLimit(ctx, [[RATE_LIMITS.loginIp, ctx.clientIp], accountLimit])) return failure('tooManyRequests');

    const player = await findPlayer(ctx.db, site.id, account_id);
    const matches = await verifyPassword(password, player?.passwordHash ?? (await dummyPasswordHash()));
    if (!player || !matches) return failure('invalidCredentials');
    const refused = statusFailureOf(player);
    if (refused) return failure(refused);

    await ctx.services.rateLimiter.reset(...accountLimit);
    return logIn(ctx.db, ctx, player);
  }),
};
