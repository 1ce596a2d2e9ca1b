import type { CallHandlers } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import type { Db } from '../db/client.js';
import { revokeOtherSessions } from '../accounts/index.js';
import { startExclusion } from './exclusions.js';
import { confirmLimit, limitsOf, setLimit } from './limits.js';
import { realityCheckOf, saveRealityCheck } from './reality-check.js';
import { applySessionLimit } from './session-limits.js';
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
  setLimit: sessionCall<'setLimit'>(async ({ kind, period, amount }, { db, log, session, services }) => {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await setLimit(tx, { siteId: session.site.id, playerId: session.player.id }, kind, period, amount);
      // A session limit moves the end of the live sessions at once (ADR 0041): a lower one may end this one.
      if (kind === 'session') await applySessionLimit(tx, services.playerCache, session.player.id);
    });
    log.info({ siteId: session.site.id, playerId: session.player.id, kind, period, amount }, 'limit set');
    return { statusCode: 1, message: 'OK', limits: await limitsOf(db, session.player.id) };
  }),

  confirmLimit: sessionCall<'confirmLimit'>(async ({ kind, period }, { db, log, session, services }) => {
    const confirmed = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const done = await confirmLimit(tx, session.player.id, kind, period);
      if (done && kind === 'session') await applySessionLimit(tx, services.playerCache, session.player.id);
      return done;
    });
    if (!confirmed) return failure('limitNotReady');
    log.info({ siteId: session.site.id, playerId: session.player.id, kind, period }, 'limit change confirmed');
    return { statusCode: 1, message: 'OK', limits: await limitsOf(db, session.player.id) };
  }),

  /** The reality check of this session (issue 25 §3, ADR 0041): interval, start, limit end, stakes and wins. */
  realityCheck: sessionCall<'realityCheck'>(async (_payload, { db, session }) => realityCheckOf(db, session.player.id, session.sessionId)),

  saveRealityCheck: sessionCall<'saveRealityCheck'>(async ({ interval_minutes: minutes }, { db, log, session }) => {
    await saveRealityCheck(db, { siteId: session.site.id, playerId: session.player.id }, minutes);
    log.info({ siteId: session.site.id, playerId: session.player.id, minutes }, 'reality check set');
    return realityCheckOf(db, session.player.id, session.sessionId);
  }),
};
