import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { players } from '../db/schema.js';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import type { RateLimitRule } from '../security/index.js';
import { accountKey, overLimit } from './limits.js';
import { hashPassword, verifyPassword } from '../shared/password.js';
import { revokeOtherSessions } from './sessions.js';
import { isResetSession } from './tac-codes.js';

/** Guesses of the current password through a session (a stolen token must not brute-force it). */
export const PASSWORD_CHANGE_LIMIT: RateLimitRule = { name: 'password-change:account', limit: 10, windowMs: 15 * 60 * 1000 };

/**
 * POST /api/auth/update_password. The current password is required, except in a session opened
 * by login_tac with a forgot_password code less than 30 minutes ago (the forgot-password flow of
 * docs/product.md D5). The new password follows the strict rule; the player's other sessions end,
 * this one stays.
 */
export const changePasswordHandlers: CallHandlers = {
  updatePassword: sessionCall<'updatePassword'>(async ({ password, new_password }, ctx) => {
    const { player, site, sessionId } = ctx.session;
    if (await overLimit(ctx, [[PASSWORD_CHANGE_LIMIT, accountKey(site.id, player.accountId)]])) return failure('tooManyRequests');
    const known = password !== undefined && (await verifyPassword(password, player.passwordHash));
    if (!known && !(await isResetSession(ctx.db, sessionId, site.id, player.accountId))) return failure('invalidPassword');

    const passwordHash = await hashPassword(new_password);
    const ended = await ctx.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await tx
        .update(players)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(and(eq(players.id, player.id), eq(players.siteId, site.id)));
      return revokeOtherSessions(tx, ctx.services.playerCache, player.id, sessionId, 'password_changed');
    });
    await ctx.services.rateLimiter.reset(PASSWORD_CHANGE_LIMIT, accountKey(site.id, player.accountId));
    ctx.log.info({ siteId: site.id, playerId: player.id, sessionsEnded: ended }, 'password changed');
    return { statusCode: 1, message: 'OK' };
  }),
};
