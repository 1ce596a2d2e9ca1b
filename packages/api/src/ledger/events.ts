import type { LedgerUnit, TransferKind } from '../db/schema.js';

/**
 * The ledger tells who listens (the player cache) that a player's wallet is about to change, so
 * this process never serves a stale balance of its own write; other processes hear the wallets'
 * NOTIFY. The money core depends on nothing above it: its readers subscribe here.
 */
type WalletListener = (playerId: number) => void;

const listeners = new Set<WalletListener>();

/** Calls `listener` with the player's id before each change of that player's wallet; answers the unsubscribe. */
export function onWalletChange(listener: WalletListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function announceWalletChange(playerIds: Iterable<number>): void {
  for (const playerId of playerIds) for (const listener of listeners) listener(playerId);
}

/** A transfer just written (before its transaction commits): what the metrics count (ADR 0062). */
export interface WrittenTransfer {
  siteId: number;
  kind: TransferKind;
  type: string;
  unit: LedgerUnit;
  /** Exact decimal string. */
  amount: string;
}
type TransferListener = (transfer: WrittenTransfer) => void;

const transferListeners = new Set<TransferListener>();

/** Calls `listener` with each transfer this process writes; answers the unsubscribe. */
export function onTransferWritten(listener: TransferListener): () => void {
  transferListeners.add(listener);
  return () => void transferListeners.delete(listener);
}

export function announceTransferWritten(transfer: WrittenTransfer): void {
  for (const listener of transferListeners) listener(transfer);
}
