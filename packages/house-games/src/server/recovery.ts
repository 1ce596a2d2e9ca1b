import type { StudioSql } from './sql.js';
import type { WalletClient } from './wallet-client.js';
import { creditRound, moveRound, rollBackStake, type Logger } from './rounds.js';

/*
 * Rounds whose money was left half-moved (the studio died between the debit and the credit, a
 * wallet call went unanswered, the player closed the tab mid-call) are finished here, per the
 * round's recorded status (ADR 0029):
 *   debiting:     whether the stake was taken is unknown, and the player was never shown an
 *                 outcome: the stake is rolled back (a rollback of an id the wallet never saw
 *                 bars that debit for good, so a late one cannot take it after all);
 *   crediting:    the outcome is decided and shown: the credit is sent again (same id, so paid once);
 *   rolling_back: the rollback is sent again.
 * It runs when the studio starts and then every RECOVERY_EVERY_MS, in every process: a round is
 * claimed by moving its updated_at, and every wallet call is idempotent, so two processes at
 * once do no harm. Rounds younger than `minAgeSeconds` are left to the request still handling them.
 */

export const RECOVERY_EVERY_MS = 15_000;
/** After this many failed attempts a round is left for an operator (and logged as an error). */
const MAX_ATTEMPTS = 50;

interface PendingRow {
  id: string;
  status: 'debiting' | 'crediting' | 'rolling_back';
  stake: string;
  win: string | null;
  wallet_token: string;
  attempts: number;
}

export interface RecoveryResult {
  settled: number;
  rolledBack: number;
  failed: number;
}

export async function recoverRounds(sql: StudioSql, wallet: WalletClient, log: Logger, minAgeSeconds = 30): Promise<RecoveryResult> {
  const result: RecoveryResult = { settled: 0, rolledBack: 0, failed: 0 };
  // Claimed in one statement: the rows' updated_at moves, so another process's scan skips them.
  const rows = await sql.query<PendingRow>(
    `UPDATE house.rounds SET updated_at = now(), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM house.rounds
         WHERE status IN ('debiting', 'crediting', 'rolling_back') AND NOT demo AND attempts < $2
           AND updated_at <= now() - make_interval(secs => $1)
         ORDER BY updated_at LIMIT 100 FOR UPDATE SKIP LOCKED)
      RETURNING id, status, stake::text AS stake, win::text AS win, wallet_token, attempts`,
    [minAgeSeconds, MAX_ATTEMPTS],
  );
  for (const row of rows) {
    try {
      if (row.status === 'crediting') {
        const answer = await creditRound(wallet, { id: row.id, token: row.wallet_token, win: row.win ?? '0' });
        if (answer.kind === 'ok') {
          await moveRound(sql, row.id, 'crediting', 'settled');
          result.settled += 1;
          continue;
        }
      } else {
        if (row.status === 'debiting' && !(await moveRound(sql, row.id, 'debiting', 'rolling_back'))) continue;
        const answer = await rollBackStake(wallet, { id: row.id, token: row.wallet_token, stake: row.stake });
        if (answer.kind === 'ok') {
          await moveRound(sql, row.id, 'rolling_back', 'rolled_back');
          result.rolledBack += 1;
          continue;
        }
      }
      result.failed += 1;
      const report = row.attempts >= MAX_ATTEMPTS ? log.error.bind(log) : log.warn.bind(log);
      report({ roundId: row.id, status: row.status, attempts: row.attempts }, 'round recovery did not finish; retried later');
    } catch (error) {
      result.failed += 1;
      log.warn({ roundId: row.id, err: error instanceof Error ? error.message : String(error) }, 'round recovery failed; retried later');
    }
  }
  return result;
}
