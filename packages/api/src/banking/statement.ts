import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { StatementReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { ledgerEntries, type LedgerAccount } from '../db/schema.js';
import type { Owner } from './tx.js';

export interface StatementFilters {
  account: LedgerAccount;
  types?: string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

export type Statement = Omit<StatementReply, 'statusCode' | 'message' | 'currency'>;

/**
 * The player's ledger entries of one account, newest first, filtered by type and time, a page at a
 * time, with the count and sums of every matching entry (not only the page) and the types the
 * player has in that account (for the filter). Straight from ledger_entries: what the statement
 * shows is what moved the balance, with the balance after each entry.
 */
export async function readStatement(db: Db, owner: Owner, filters: StatementFilters): Promise<Statement> {
  const mine = and(eq(ledgerEntries.playerId, owner.id), eq(ledgerEntries.siteId, owner.siteId), eq(ledgerEntries.account, filters.account));
  const where = and(
    mine,
    filters.types && filters.types.length > 0 ? inArray(ledgerEntries.type, filters.types) : undefined,
    filters.from ? gte(ledgerEntries.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lt(ledgerEntries.createdAt, new Date(filters.to)) : undefined,
  );
  const [rows, [totals], types] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db
      .select({
        count: sql<number>`count(*)::int`,
        credits: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)::numeric(20,4)::text`,
        debits: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)::numeric(20,4)::text`,
        net: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::numeric(20,4)::text`,
      })
      .from(ledgerEntries)
      .where(where),
    db.selectDistinct({ type: ledgerEntries.type }).from(ledgerEntries).where(mine).orderBy(asc(ledgerEntries.type)),
  ]);
  return {
    account: filters.account,
    value: rows.map((row) => ({
      entry_id: row.id,
      type: row.type,
      amount: row.amount,
      balance_after: row.balanceAfter,
      reference: row.reference,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(totals?.count ?? 0),
    page: filters.page,
    page_size: filters.pageSize,
    totals: {
      count: Number(totals?.count ?? 0),
      credits: totals?.credits ?? '0.0000',
      debits: totals?.debits ?? '0.0000',
      net: totals?.net ?? '0.0000',
    },
    types: types.map((row) => row.type),
  };
}
