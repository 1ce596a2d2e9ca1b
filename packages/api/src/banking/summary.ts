import { and, eq, sql } from 'drizzle-orm';
import { addDecimals } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { payments } from '../db/schema.js';
import type { BankingBalances } from './balances.js';
import type { Owner } from './tx.js';

/** How many deposits and withdrawals the player has waiting, and the total balance (available + held, exactly). */
export async function countPendingOf(db: Db, owner: Owner) {
  const [row] = await db
    .select({
      deposits: sql<number>`count(*) filter (where ${payments.kind} = 'deposit')::int`,
      withdrawals: sql<number>`count(*) filter (where ${payments.kind} = 'withdrawal')::int`,
    })
    .from(payments)
    .where(and(eq(payments.playerId, owner.id), eq(payments.siteId, owner.siteId), eq(payments.status, 'pending')));
  return {
    deposits: Number(row?.deposits ?? 0),
    withdrawals: Number(row?.withdrawals ?? 0),
    total: (balances: BankingBalances) => addDecimals(balances.balance, balances.held),
  };
}
