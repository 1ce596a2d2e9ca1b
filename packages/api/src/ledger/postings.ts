import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { PlayerWallet, SystemAccount } from './accounts.js';
import { transfer } from './transfer.js';

/**
 * A movement seen from one player's wallet: a signed amount (credits positive) against a system
 * account. The common case of the ledger, written as one transfer (ADR 0024).
 */
export interface LedgerPosting {
  siteId: number;
  playerId: number;
  account: PlayerWallet;
  /** Exact decimal string, signed: credits positive, debits negative. */
  amount: string;
  /** The system account on the other side: where a credit comes from, where a debit goes. */
  counter: SystemAccount;
  type: string;
  reference?: string;
  /** Unique per site: the same cause posted twice changes the balance once. */
  idempotencyKey: string;
  createdAt?: Date;
  /** See TransferRequest.keyLockedByCaller. */
  keyLockedByCaller?: boolean;
  /** See TransferRequest.writesWithTransfer. */
  writesWithTransfer?: SQL[];
}

export type PostingResult =
  | { ok: true; applied: boolean; transferId: number; balanceAfter: string }
  | { ok: false; message: 'insufficientBalance' };

/** Posts one player-side movement as a transfer (see `transfer` for the guarantees). */
export async function postToLedger(db: Db, posting: LedgerPosting): Promise<PostingResult> {
  const debit = posting.amount.startsWith('-');
  const player = { playerId: posting.playerId, wallet: posting.account };
  const counter = { system: posting.counter };
  const result = await transfer(db, {
    siteId: posting.siteId,
    debit: debit ? player : counter,
    credit: debit ? counter : player,
    amount: debit ? posting.amount.slice(1) : posting.amount,
    type: posting.type,
    ...(posting.reference !== undefined ? { reference: posting.reference } : {}),
    idempotencyKey: posting.idempotencyKey,
    ...(posting.createdAt ? { createdAt: posting.createdAt } : {}),
    ...(posting.keyLockedByCaller ? { keyLockedByCaller: true } : {}),
    ...(posting.writesWithTransfer ? { writesWithTransfer: posting.writesWithTransfer } : {}),
  });
  if (!result.ok) return result;
  const balanceAfter = debit ? result.debitAfter : result.creditAfter;
  if (balanceAfter === null) throw new Error(`Transfer ${posting.idempotencyKey} has no player side`);
  return { ok: true, applied: result.applied, transferId: result.transferId, balanceAfter };
}
