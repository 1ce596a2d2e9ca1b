/**
 * The money core (ADR 0024): a double-entry ledger of accounts and transfers. Features move money
 * only through this module, and it depends on nothing above the database.
 */
export { PLAYER_WALLETS, SYSTEM_ACCOUNT_UNITS, gameAccount, type AccountRef, type PlayerWallet, type SystemAccount } from './accounts.js';
export { onWalletChange } from './events.js';
export { postPending, reserve, transfer, voidPending, type SettleRequest, type TransferDone, type TransferRequest, type TransferResult } from './transfer.js';
export { postToLedger, type LedgerPosting, type PostingResult } from './postings.js';
export { postBatchToLedger, type BatchPosting, type BatchResult } from './batch.js';
export { lockBalances, readBalances, type Balances } from './balances.js';
