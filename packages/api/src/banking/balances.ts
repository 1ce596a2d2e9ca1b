import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

export interface BankingBalances {
  /** Available: what can be played or withdrawn (get_balance's game_balance). */
  balance: string;
  /** Held for pending withdrawals. */
  held: string;
}

/** The player's available and held balance, read from the wallet (zero without one). */
export async function readBankingBalances(db: Db, playerId: number): Promise<BankingBalances> {
  const [row] = await queryRows<{ balance: string; held: string }>(
    db,
    sql`select balance::text as balance, held::text as held from wallets where player_id = ${playerId}`,
  );
  return row ?? { balance: '0.0000', held: '0.0000' };
}
