import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { SESSION_IDLE_MS } from './sessions.js';
import { TAC_TTL_SECONDS } from './tac-codes.js';

/**
 * Purge of what must not outlive its use (ADR 0019, issue 21 §2):
 *
 * - tac_outbox rows hold the code in clear (the message handed to the sender): deleted once the
 *   code can no longer be used (its 5 minutes), checked every minute.
 * - tac_codes (hashes only) are kept an hour past their expiry, because a verified register code
 *   stays good for signup and a reset session is recognised by its code for 30 minutes after use.
 * - sessions that ended (logged out, revoked, past their 7 days or idle) are kept a day for the
 *   support desk, then deleted; their token hash is useless by then.
 *
 * Every statement is an idempotent DELETE by time: several processes may run it at once.
 */
export const OUTBOX_PURGE_EVERY_MS = 60 * 1000;
export const RECORDS_PURGE_EVERY_MS = 10 * 60 * 1000;
const CODE_KEEP_AFTER_EXPIRY_MINUTES = 60;
/** Never under 24: the session limit counts the sessions of the last 24 hours (ADR 0041). */
const ENDED_SESSION_KEEP_HOURS = 24;

export interface PurgeCounts {
  outbox: number;
  codes: number;
  sessions: number;
}

/** Deletes the outbox messages whose code has expired; answers how many. */
export async function purgeTacOutbox(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from tac_outbox where created_at <= now() - make_interval(secs => ${TAC_TTL_SECONDS}) returning id`,
  );
  return rows.length;
}

/** Deletes old expired codes and sessions that ended more than a day ago. */
export async function purgeEndedRecords(db: Db): Promise<Pick<PurgeCounts, 'codes' | 'sessions'>> {
  const codes = await queryRows<{ id: number }>(
    db,
    sql`delete from tac_codes where expires_at <= now() - make_interval(mins => ${CODE_KEEP_AFTER_EXPIRY_MINUTES}) returning id`,
  );
  const idleSeconds = SESSION_IDLE_MS / 1000;
  const sessions = await queryRows<{ id: number }>(
    db,
    sql`delete from sessions
        where revoked_at <= now() - make_interval(hours => ${ENDED_SESSION_KEEP_HOURS})
           or expires_at <= now() - make_interval(hours => ${ENDED_SESSION_KEEP_HOURS})
           or last_seen_at <= now() - make_interval(secs => ${idleSeconds}) - make_interval(hours => ${ENDED_SESSION_KEEP_HOURS})
        returning id`,
  );
  return { codes: codes.length, sessions: sessions.length };
}

/** Both purges at once (the job's first run, and the tests). */
export async function purgeExpired(db: Db): Promise<PurgeCounts> {
  const outbox = await purgeTacOutbox(db);
  return { outbox, ...(await purgeEndedRecords(db)) };
}

export interface PurgeJob {
  stop(): Promise<void>;
}

/**
 * Runs the purges once at start, then on their schedules. The timers do not keep the process
 * alive; stop() waits for a run in progress, so the database is not closed under it. A failed run
 * is logged and retried at the next tick.
 */
export function startPurgeJob(db: Db, log: FastifyBaseLogger): PurgeJob {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = (name: string, purge: () => Promise<unknown>) => {
    if (stopped) return;
    running = running
      .then(purge)
      .then((counts) => log.debug({ purge: name, counts }, 'expired records purged'))
      .catch((error: unknown) => log.warn({ err: error, purge: name }, 'purge of expired records failed; retried later'));
  };
  run('all', () => purgeExpired(db));
  const outboxTimer = setInterval(() => run('outbox', () => purgeTacOutbox(db)), OUTBOX_PURGE_EVERY_MS).unref();
  const recordsTimer = setInterval(() => run('records', () => purgeEndedRecords(db)), RECORDS_PURGE_EVERY_MS).unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(outboxTimer);
      clearInterval(recordsTimer);
      await running;
    },
  };
}
