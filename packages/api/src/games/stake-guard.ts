import { eq } from 'drizzle-orm';
import type { WalletErrorCode } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { players } from '../db/schema.js';

/*
 * The one place every game stake passes before money moves (issue 23 §4): each provider wallet
 * debit, the house studio's included, asks it inside the debit's transaction. Today it refuses a
 * blocked or closed player; the responsible-gaming rules (loss and wager limits, time outs,
 * self-exclusion) are added here, each refusal a wallet code the game shows the player.
 */

export interface StakeRefusal {
  code: WalletErrorCode;
  message: string;
}

export interface StakeRequest {
  siteId: number;
  playerId: number;
  /** The stake, a decimal string of the site's currency. */
  amount: string;
}

/** null when the stake may be taken; else why not. */
export async function refuseStake(tx: Db, stake: StakeRequest): Promise<StakeRefusal | null> {
  const [player] = await tx.select({ status: players.status }).from(players).where(eq(players.id, stake.playerId)).limit(1);
  // A blocked or closed player stakes nothing more; the wins of rounds in play still settle.
  if (player?.status !== 'active') return { code: 'PLAYER_BLOCKED', message: 'The player may not place bets.' };
  return null;
}
