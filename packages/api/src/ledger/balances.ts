import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { wallets } from '../db/schema.js';

export interface Balances {
  balance: string;
  tokens: string;
  frozenTokens: string;
}

/** A player's balances (zero when the player has no wallet yet). */
export async function readBalances(db: Db, playerId: number): Promise<Balances> {
  const [row] = await db
    .select({ balance: wallets.balance, tokens: wallets.tokens, frozenTokens: wallets.frozenTokens })
    .from(wallets)
    .where(eq(wallets.playerId, playerId))
    .limit(1);
  return row ?? { balance: '0.0000', tokens: '0.0000', frozenTokens: '0.0000' };
}
