import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ledgerEntries, wallets, type LedgerAccount } from '../db/schema.js';

export interface LedgerPosting {
  siteId: number;
  playerId: number;
  account: LedgerAccount;
  /** Exact decimal string, signed: credits positive, debits negative. */
  amount: string;
  type: string;
  reference?: string;
  /** Unique per site: the same cause posted twice changes the balance once. */
  idempotencyKey: string;
}

export type PostingResult =
  | { ok: true; applied: boolean; entryId: number; balanceAfter: string }
  | { ok: false; message: 'insufficientBalance' };

const COLUMN = { balance: wallets.balance, tokens: wallets.tokens, frozen_tokens: wallets.frozenTokens } as const;
const DECIMAL = /^-?\d{1,16}(\.\d{1,4})?$/;

/**
 * Posts one ledger entry and moves the wallet by the same amount, in one transaction (the caller's,
 * when `db` is one). The wallet row is locked by the conditional UPDATE, so concurrent debits
 * serialise and none takes a balance below zero; the balance always equals the sum of its entries.
 */
export async function postToLedger(db: Db, posting: LedgerPosting): Promise<PostingResult> {
  if (!DECIMAL.test(posting.amount) || /^-?0+(\.0+)?$/.test(posting.amount)) {
    throw new Error(`Invalid ledger amount: ${posting.amount}`);
  }
  try {
    return await postOnce(db, posting);
  } catch (error) {
    // A concurrent post of the same cause won the unique key: that one stands.
    if (!isUniqueViolation(error)) throw error;
    const existing = await findEntry(db, posting.siteId, posting.idempotencyKey);
    if (!existing) throw error;
    return { ok: true, applied: false, entryId: existing.id, balanceAfter: existing.balanceAfter };
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function postOnce(db: Db, posting: LedgerPosting): Promise<PostingResult> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const existing = await findEntry(tx, posting.siteId, posting.idempotencyKey);
    if (existing) return { ok: true, applied: false, entryId: existing.id, balanceAfter: existing.balanceAfter };

    const column = COLUMN[posting.account];
    await tx.insert(wallets).values({ playerId: posting.playerId, siteId: posting.siteId }).onConflictDoNothing();
    const [moved] = await tx
      .update(wallets)
      .set({ [posting.account === 'frozen_tokens' ? 'frozenTokens' : posting.account]: sql`${column} + ${posting.amount}::numeric`, updatedAt: sql`now()` })
      .where(and(eq(wallets.playerId, posting.playerId), eq(wallets.siteId, posting.siteId), sql`${column} + ${posting.amount}::numeric >= 0`))
      .returning({ after: column });
    if (!moved) return { ok: false, message: 'insufficientBalance' } as const;

    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        siteId: posting.siteId,
        playerId: posting.playerId,
        account: posting.account,
        amount: posting.amount,
        balanceAfter: moved.after,
        type: posting.type,
        reference: posting.reference ?? '',
        idempotencyKey: posting.idempotencyKey,
      })
      .returning({ id: ledgerEntries.id });
    return { ok: true, applied: true, entryId: entry!.id, balanceAfter: moved.after };
  });
}

async function findEntry(db: Db, siteId: number, key: string) {
  const [row] = await db
    .select({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.siteId, siteId), eq(ledgerEntries.idempotencyKey, key)))
    .limit(1);
  return row;
}

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
