import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
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

/**
 * Locks the wallets of these players (in id order, as every transfer does) until the caller's
 * transaction ends, and answers their balances: what a debit decided from them can take without
 * going below zero. A player without a wallet has none in the map.
 */
export async function lockBalances(db: Db, playerIds: number[]): Promise<Map<number, string>> {
  if (playerIds.length === 0) return new Map();
  const rows = await queryRows<{ player_id: number; balance: string }>(
    db,
    sql`select player_id, balance::text as balance from wallets where player_id = any(${`{${[...new Set(playerIds)].join(',')}}`}::bigint[]) order by player_id for update`,
  );
  return new Map(rows.map((row) => [Number(row.player_id), row.balance]));
}
