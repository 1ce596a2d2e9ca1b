import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { players } from '../db/schema.js';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import { recordOwnerChange } from './owner-changes.js';
import { checkOwnerProof, type ProofMethod } from './owner-proof.js';

/** check_status and profile_update. */
export const profileHandlers: CallHandlers = {
  /** The session guard answers an ended session (sessionExpired, BLOCK, CLOSE, permissionDenied) and keeps a live one alive. */
  checkStatus: sessionCall<'checkStatus'>(async () => ({ statusCode: 1, message: 'OK' })),

  /**
   * The contact email changes on the session alone; the full name, which bank accounts must carry,
   * needs the player's proof, is audited and sends an inbox notice (ADR 0022).
   */
  profileUpdate: sessionCall<'profileUpdate'>(async ({ full_name, contact_email, password, tac }, ctx) => {
    const { session } = ctx;
    let proof: ProofMethod | null = null;
    if (full_name !== session.player.fullName) {
      const proven = await checkOwnerProof(ctx, { password, tac });
      if (!proven.ok) return failure(proven.message);
      proof = proven.method;
    }
    const stored = await ctx.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx
        .update(players)
        .set({ fullName: full_name, contactEmail: contact_email, updatedAt: sql`now()` })
        .where(and(eq(players.id, session.player.id), eq(players.siteId, session.site.id)))
        .returning({ full_name: players.fullName, contact_email: players.contactEmail });
      if (row && proof) {
        const by = { siteId: session.site.id, playerId: session.player.id, accountId: session.player.accountId, ip: ctx.clientIp, proof };
        await recordOwnerChange(tx, by, 'full_name', { full_name: row.full_name, previous_full_name: session.player.fullName });
      }
      return row;
    });
    if (!stored) return failure('sessionExpired');
    // This app's cached player row must not outlive the change (others hear the NOTIFY).
    ctx.services.playerCache?.forgetSessions(session.player.id, true);
    return { statusCode: 1, message: 'OK', value: [{ contact_email: stored.contact_email, full_name: stored.full_name }] };
  }),
};
