import type { CallHandlers } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import type { Db } from '../db/client.js';
import { revokeOtherSessions } from '../accounts/index.js';
import { startExclusion } from './exclusions.js';
import { confirmLimit, limitsOf, setLimit } from './limits.js';
import { failure } from '../http/calls.js';

/** Responsible-gaming calls (issue 25, ADR 0039). */
export const responsibleHandlers: CallHandlers = {
  /**
   * POST /api/responsible/self_exclude: the term is written for every account of the person on the
   * owner's sites, and their sessions end, in one transaction. revokeOtherSessions makes this
   * process's cache forget them and read them from the database until the commit is surely seen
   * (its hold); the other processes hear the sessions trigger.
   */
  selfExclude: sessionCall<'selfExclude'>(async ({ period }, { db, log, session, services }) => {
    const started = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const term = await startExclusion(tx, { siteId: session.site.id, playerId: session.player.id, period });
      for (const playerId of term.playerIds) await revokeOtherSessions(tx, services.playerCache, playerId, null, term.kind === 'timeout' ? 'timed_out' : 'self_excluded');
      return term;
    });
    log.info({ siteId: session.site.id, playerId: session.player.id, period, started: started.started, accounts: started.playerIds.length }, 'self-exclusion requested');
    return { statusCode: 1, message: 'OK', kind: started.kind, period: started.period, until: started.until?.toISOString() ?? null };
  }),

  responsibleStatus: sessionCall<'responsibleStatus'>(async (_payload, { db, session }) => ({
    statusCode: 1,
    message: 'OK',
    limits: await limitsOf(db, session.player.id),
  })),

  /** A first or lower limit applies at once; a higher one or a removal waits 24 hours (issue 25 §2). */
  setLimit: sessionCall<'setLimit'>(async ({ kind, period, amount }, { db, log, session }) => {
    await db.transaction(async (trx) => setLimit(trx as unknown as Db, { siteId: session.site.id, playerId: session.player.id }, kind, period, amount));
    log.info({ siteId: session.site.id, playerId: session.player.id, kind, period, amount }, 'limit set');
    return { statusCode: 1, message: 'OK', limits: await limitsOf(db, session.player.id) };
  }),

  confirmLimit: sessionCall<'confirmLimit'>(async ({ kind, period }, { db, log, session }) => {
    const confirmed = await db.transaction(async (trx) => confirmLimit(trx as unknown as Db, session.player.id, kind, period));
    if (!confirmed) return failure('limitNotReady');
    log.info({ siteId: session.site.id, playerId: session.player.id, kind, period }, 'limit change confirmed');
    return { statusCode: 1, message: 'OK', limits: await limitsOf(db, session.player.id) };
  }),
};
