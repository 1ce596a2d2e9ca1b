import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { forgetWallet } from '../accounts/player-cache.js';
import { ledgerEntries, players, wallets, type LedgerAccount } from '../db/schema.js';

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

const COLUMN = { balance: wallets.balance, tokens: wallets.tokens, frozen_tokens: wallets.frozenTokens, held: wallets.held } as const;
/** The wallets property of each ledger account (drizzle's update takes property names). */
const PROPERTY = { balance: 'balance', tokens: 'tokens', frozen_tokens: 'frozenTokens', held: 'held' } as const;
const DECIMAL = /^-?\d{1,16}(\.\d{1,4})?$/;

/**
 * Posts one ledger entry and moves the wallet by the same amount, in one transaction (the caller's,
 * when `db` is one). The wallet row is locked by the conditional UPDATE, so concurrent debits
 * serialise and none takes a balance below zero; the balance always equals the sum of its entries.
 * A key already posted on the site (also by a concurrent post) answers `applied: false` with the
 * standing entry and moves nothing; a debit larger than the balance answers insufficientBalance
 * and writes nothing (its key stays free). A player of another site is a caller's bug: it throws.
 */
export async function postToLedger(db: Db, posting: LedgerPosting): Promise<PostingResult> {
  assertLedgerAmount(posting.amount);
  // This process is never stale on its own writes (other processes hear the wallets' NOTIFY).
  forgetWallet(posting.playerId);
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

/** Refuses what is not a non-zero exact decimal of numeric(20,4): a caller's bug, never a player's input. */
export function assertLedgerAmount(amount: string): void {
  if (!DECIMAL.test(amount) || /^-?0+(\.0+)?$/.test(amount)) throw new Error(`Invalid ledger amount: ${amount}`);
}


async function postOnce(db: Db, posting: LedgerPosting): Promise<PostingResult> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const existing = await findEntry(tx, posting.siteId, posting.idempotencyKey);
    if (existing) return { ok: true, applied: false, entryId: existing.id, balanceAfter: existing.balanceAfter };

    const column = COLUMN[posting.account];
    // The first posting opens the wallet, only for a player of that site.
    await tx.execute(sql`
      insert into wallets (player_id, site_id)
      select ${players.id}, ${players.siteId} from ${players}
      where ${players.id} = ${posting.playerId} and ${players.siteId} = ${posting.siteId}
      on conflict do nothing`);
    const [moved] = await tx
      .update(wallets)
      .set({ [PROPERTY[posting.account]]: sql`${column} + ${posting.amount}::numeric`, updatedAt: sql`now()` })
      .where(and(eq(wallets.playerId, posting.playerId), eq(wallets.siteId, posting.siteId), sql`${column} + ${posting.amount}::numeric >= 0`))
      .returning({ after: column });
    if (!moved) {
      // A concurrent post of the same cause may have committed while this one waited for the wallet's
      // lock and left too little for a second debit: that one stands, and this is its replay.
      const replayed = await findEntry(tx, posting.siteId, posting.idempotencyKey);
      if (replayed) return { ok: true, applied: false, entryId: replayed.id, balanceAfter: replayed.balanceAfter };
      const [wallet] = await tx
        .select({ playerId: wallets.playerId })
        .from(wallets)
        .where(and(eq(wallets.playerId, posting.playerId), eq(wallets.siteId, posting.siteId)))
        .limit(1);
      // A posting naming a player of another site is a bug of its caller, never a refusal to show.
      if (!wallet) throw new Error(`Ledger posting for player ${posting.playerId}, who is not a player of site ${posting.siteId}`);
      return { ok: false, message: 'insufficientBalance' } as const;
    }

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
