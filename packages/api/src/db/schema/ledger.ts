import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, foreignKey, index, integer, pgTable, pgView, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { players } from './accounts.js';
import { createdAt, money, updatedAt } from './columns.js';
import { siteRef } from './sites.js';

/**
 * A player's balances, moved with every transfer of the player's accounts (ADR 0024); none goes
 * below zero. `held` is the sum of the unsettled pending transfers out of the balance.
 */
export const wallets = pgTable(
  'wallets',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    siteId: siteRef(),
    balance: money('balance').notNull().default('0'),
    tokens: money('tokens').notNull().default('0'),
    frozenTokens: money('frozen_tokens').notNull().default('0'),
    /** Pending withdrawals: held out of the balance until paid out or returned (ADR 0015). */
    held: money('held').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wallets_balance_nonnegative', sql`${t.balance} >= 0`),
    check('wallets_tokens_nonnegative', sql`${t.tokens} >= 0`),
    check('wallets_frozen_tokens_nonnegative', sql`${t.frozenTokens} >= 0`),
    check('wallets_held_nonnegative', sql`${t.held} >= 0`),
  ],
);

/** What an account counts: the site's currency, or game tokens (never exchanged for each other). */
export const LEDGER_UNITS = ['money', 'tokens'] as const;

export type LedgerUnit = (typeof LEDGER_UNITS)[number];

/**
 * The accounts of the double-entry ledger (ADR 0024): each player's wallets (balance, tokens,
 * frozen_tokens; created with the player) and the site's system accounts (deposits, withdrawals,
 * adjustments, bonuses, rewards, sportsbook, created with the site; game:<provider> on first use).
 * A player account's balance is kept in its wallet row; a system account's is the sum of its transfers.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    /** The owner of a player account; null for a system account. */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    unit: text('unit', { enum: LEDGER_UNITS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The target of the transfers' foreign keys: both sides of a transfer are of its site and unit.
    uniqueIndex('ledger_accounts_site_id_unit_key').on(t.siteId, t.id, t.unit),
    uniqueIndex('ledger_accounts_player_code_key').on(t.playerId, t.code).where(sql`${t.playerId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_code_key').on(t.siteId, t.code).where(sql`${t.playerId} IS NULL`),
    check('ledger_accounts_unit_valid', sql`${t.unit} IN ('money','tokens')`),
    check(
      'ledger_accounts_player_code_valid',
      sql`${t.playerId} IS NULL OR (${t.code} = 'balance' AND ${t.unit} = 'money') OR (${t.code} IN ('tokens','frozen_tokens') AND ${t.unit} = 'tokens')`,
    ),
  ],
);

/**
 * posted: moves money now. pending: reserves it on the debit side (a withdrawal request);
 * post_pending and void_pending settle a pending transfer, once (ADR 0024, after TigerBeetle).
 */
export const TRANSFER_KINDS = ['posted', 'pending', 'post_pending', 'void_pending'] as const;

export type TransferKind = (typeof TRANSFER_KINDS)[number];

/**
 * Every movement of money or tokens: one amount debited from one account and credited to another
 * of the same site and unit, so every transfer sums to zero and so does each site's trial balance.
 * Its idempotency key (unique per site) is its identity: a cause posted twice moves money once.
 * Append-only (a trigger refuses UPDATE and DELETE). The *_after columns are the player accounts'
 * balances after it, for statements (null on a system account's side).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' }).notNull(),
    creditAccountId: bigint('credit_account_id', { mode: 'number' }).notNull(),
    unit: text('unit', { enum: LEDGER_UNITS }).notNull(),
    amount: money('amount').notNull(),
    /** For post_pending and void_pending: the pending transfer they settle. */
    pendingId: bigint('pending_id', { mode: 'number' }).references((): AnyPgColumn => ledgerTransfers.id),
    /** What caused it: deposit, withdrawal, bet, win, bonus, claim, adjustment, spin, referral... */
    type: text('type').notNull(),
    reference: text('reference').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The debited player account's balance after (for a balance account: what is available). */
    debitAfter: money('debit_after'),
    creditAfter: money('credit_after'),
    /** For the transfers of a hold on a player's balance: the amount held after. */
    heldAfter: money('held_after'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(t.siteId, t.idempotencyKey),
    // A pending transfer is posted or voided once.
    uniqueIndex('ledger_transfers_pending_key').on(t.pendingId),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    index('ledger_transfers_site_time_idx').on(t.siteId, t.createdAt),
    foreignKey({
      name: 'ledger_transfers_debit_account_fk',
      columns: [t.siteId, t.debitAccountId, t.unit],
      foreignColumns: [ledgerAccounts.siteId, ledgerAccounts.id, ledgerAccounts.unit],
    }),
    foreignKey({
      name: 'ledger_transfers_credit_account_fk',
      columns: [t.siteId, t.creditAccountId, t.unit],
      foreignColumns: [ledgerAccounts.siteId, ledgerAccounts.id, ledgerAccounts.unit],
    }),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_kind_valid', sql`${t.kind} IN ('posted','pending','post_pending','void_pending')`),
    check('ledger_transfers_settles_pending', sql`(${t.kind} IN ('post_pending','void_pending')) = (${t.pendingId} IS NOT NULL)`),
  ],
);

export const LEDGER_ACCOUNTS = ['balance', 'tokens', 'frozen_tokens', 'held'] as const;

export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * A player's statement lines, derived from the transfers (a view, migration 0013): each transfer
 * touching a player's account is a line of that account, credits positive, debits negative, with the
 * account's balance after it. A hold on the balance also shows as lines of the `held` account: +X
 * when placed, -X when paid out or returned. Lines of one transfer share its id and key.
 */
export const ledgerEntries = pgView('ledger_entries', {
  id: bigint('id', { mode: 'number' }).notNull(),
  siteId: integer('site_id').notNull(),
  playerId: integer('player_id').notNull(),
  account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
  amount: money('amount').notNull(),
  balanceAfter: money('balance_after').notNull(),
  type: text('type').notNull(),
  reference: text('reference').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
}).existing();
