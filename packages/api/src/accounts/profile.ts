import { and, eq, sql } from 'drizzle-orm';
import { players } from '../db/schema.js';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import { forgetPlayerSessions } from './player-cache.js';

/** check_status and profile_update. */
export const profileHandlers: CallHandlers = {
  /** The session guard answers an ended session (sessionExpired, BLOCK, CLOSE, permissionDenied) and keeps a live one alive. */
  checkStatus: sessionCall<'checkStatus'>(async () => ({ statusCode: 1, message: 'OK' })),

  profileUpdate: sessionCall<'profileUpdate'>(async ({ full_name, contact_email }, { db, session }) => {
    const [stored] = await db
      .update(players)
      .set({ fullName: full_name, contactEmail: contact_email, updatedAt: sql`now()` })
      .where(and(eq(players.id, session.player.id), eq(players.siteId, session.site.id)))
      .returning({ full_name: players.fullName, contact_email: players.contactEmail });
    if (!stored) return failure('sessionExpired');
    // This process's cached player row must not outlive the change (others hear the NOTIFY).
    forgetPlayerSessions(session.player.id);
    return { statusCode: 1, message: 'OK', value: [{ contact_email: stored.contact_email, full_name: stored.full_name }] };
  }),
};
