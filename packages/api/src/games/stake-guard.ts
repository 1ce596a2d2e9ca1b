import { sql } from 'drizzle-orm';
import type { ExclusionKind, WalletErrorCode } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { runningExclusionKind, stakeLimitRefusal, stakeLimitsSet, type LimitRefusal } from '../responsible/index.js';

/*
 * The one place every game stake passes before money moves (issue 23 §4): each provider wallet
 * debit, the house studio's included, asks it inside the debit's transaction. Today it refuses a
 * blocked or closed player; the responsible-gaming rules (loss and wager limits, time outs,
 * self-exclusion) are added here, each refusal a wallet code the game shows the player.
 */

export interface StakeRefusal {
  code: WalletErrorCode;
  message: string;
  /** The error key the player's own calls answer (place_bet). */
  key: 'BLOCK' | 'selfExcluded' | 'timedOut' | 'limitExceeded';
  /** A limit's refusal: which limit, and what it leaves. */
  limit?: LimitRefusal;
}

export interface StakeRequest {
  siteId: number;
  playerId: number;
  /** The stake, a decimal string of the site's currency. */
  amount: string;
}

/** null when the stake may be taken; else why not. One statement: it is on every stake's path (ADR 0033). */
export async function refuseStake(tx: Db, stake: StakeRequest): Promise<StakeRefusal | null> {
  const [player] = await queryRows<{ status: string; excluded: ExclusionKind | null; limited: boolean }>(
    tx,
    sql`select p.status, ${runningExclusionKind(sql`p.id`)} as excluded, ${stakeLimitsSet(sql`p.id`)} as limited from players p where p.id = ${stake.playerId}`,
  );
  // A blocked or closed player stakes nothing more; the wins of rounds in play still settle.
  if (player?.status !== 'active') return { code: 'PLAYER_BLOCKED', message: 'The player may not place bets.', key: 'BLOCK' };
  // A term ends the player's sessions at once, but a game already open keeps its own token (ADR 0039).
  if (player.excluded) return { code: 'PLAYER_EXCLUDED', message: 'The player is in a time-out or self-exclusion.', key: player.excluded === 'timeout' ? 'timedOut' : 'selfExcluded' };
  // Only a player with a loss or wager limit pays for counting (issue 25 §2).
  const limit = player.limited ? await stakeLimitRefusal(tx, stake.playerId, stake.amount) : null;
  if (limit) return { code: 'LIMIT_EXCEEDED', message: `The stake is above what the player's ${limit.period} ${limit.kind} limit leaves (${limit.left}).`, key: 'limitExceeded', limit };
  return null;
}
