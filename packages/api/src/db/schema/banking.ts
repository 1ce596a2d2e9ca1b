import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { playerRef } from './accounts.js';
import { operatorAccounts } from './backoffice.js';
import { at, bytea, createdAt, money, updatedAt } from './columns.js';
import { SELECTION_RESULTS, matchOdds, matches } from './content.js';
import { promotions } from './rewards.js';
import { siteRef, sites } from './sites.js';

/**
 * Deposits and withdrawals: `pending` → `approved` | `rejected` by an operator, or `cancelled` by the
 * player while pending (ADR 0015). The money moves in ledger entries keyed by the row and the
 * transition (`deposit:<id>:approve`, `withdrawal:<id>:hold`...), in the transaction that moves the status.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    kind: text('kind', { enum: ['deposit', 'withdrawal'] }).notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] }).notNull().default('pending'),
    /** The platform's reference of the request (DP-<id>, WD-<id>; the demo data's own). */
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
    /** A deposit: the method and the operator's account paid into, the player's transfer reference and receipt, a promotion joined. */
    methodId: integer('method_id').references(() => depositMethods.id),
    receivingAccountId: integer('receiving_account_id').references(() => receivingAccounts.id),
    transferReference: text('transfer_reference').notNull().default(''),
    receiptId: integer('receipt_id').references(() => receipts.id),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    /** A withdrawal: the player's account paid to. */
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    /** Who decided ("operator:<name>", "cli:<name>", "player") and why. */
    decidedBy: text('decided_by'),
    decisionReason: text('decision_reason').notNull().default(''),
  },
  (t) => [
    index('payments_site_kind_idx').on(t.siteId, t.kind, t.status, t.decidedAt),
    index('payments_player_idx').on(t.playerId, t.createdAt),
    // A receipt proves one deposit.
    uniqueIndex('payments_receipt_key').on(t.receiptId).where(sql`${t.receiptId} IS NOT NULL`),
    check('payments_kind_valid', sql`${t.kind} IN ('deposit','withdrawal')`),
    check('payments_status_valid', sql`${t.status} IN ('pending','approved','rejected','cancelled')`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A site's deposit and withdrawal limits and how many bank accounts a player may hold. */
export const bankingSettings = pgTable(
  'banking_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    minDeposit: money('min_deposit').notNull(),
    maxDeposit: money('max_deposit').notNull(),
    minWithdrawal: money('min_withdrawal').notNull(),
    maxWithdrawal: money('max_withdrawal').notNull(),
    maxBankAccounts: integer('max_bank_accounts').notNull().default(3),
    /** Pending deposits a player may have at once (a flood of unmatched requests helps nobody). */
    maxPendingDeposits: integer('max_pending_deposits').notNull().default(3),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('banking_settings_deposit_range', sql`${t.minDeposit} > 0 AND ${t.maxDeposit} >= ${t.minDeposit}`),
    check('banking_settings_withdrawal_range', sql`${t.minWithdrawal} > 0 AND ${t.maxWithdrawal} >= ${t.minWithdrawal}`),
    check('banking_settings_max_accounts', sql`${t.maxBankAccounts} BETWEEN 1 AND 20`),
    check('banking_settings_max_pending', sql`${t.maxPendingDeposits} BETWEEN 1 AND 100`),
  ],
);

export const BANK_KIND_VALUES = ['bank', 'e_wallet'] as const;

/** The banks (and mobile wallets) of a site's currency, for player accounts and receiving accounts. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: BANK_KIND_VALUES }).notNull().default('bank'),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('banks_site_code_key').on(t.siteId, t.code), check('banks_kind_valid', sql`${t.kind} IN ('bank','e_wallet')`)],
);

/**
 * A player's bank account. Removing one only stamps removed_at: withdrawals requested to it keep
 * their payee. At most one live default per player; one live row per bank and number.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    removedAt: at('removed_at'),
  },
  (t) => [
    index('bank_accounts_player_idx').on(t.playerId),
    // The AML rule on shared bank accounts looks numbers up across the owner's sites (ADR 0040).
    index('bank_accounts_number_idx').on(t.accountNumber).where(sql`${t.removedAt} IS NULL`),
    uniqueIndex('bank_accounts_one_default_key').on(t.playerId).where(sql`${t.isDefault} AND ${t.removedAt} IS NULL`),
    uniqueIndex('bank_accounts_live_number_key').on(t.playerId, t.bankId, t.accountNumber).where(sql`${t.removedAt} IS NULL`),
    check('bank_accounts_number_digits', sql`${t.accountNumber} ~ '^[0-9]{6,30}$'`),
    check('bank_accounts_removed_not_default', sql`${t.removedAt} IS NULL OR NOT ${t.isDefault}`),
  ],
);

/** Every change of a player's bank accounts: who, what and when (ADR 0015). */
export const bankAccountChanges = pgTable(
  'bank_account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['add', 'set_default', 'remove'] }).notNull(),
    /** "player" (the player's own session) or an operator actor. */
    actor: text('actor').notNull(),
    ip: text('ip').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('bank_account_changes_player_idx').on(t.playerId, t.createdAt)],
);

export const DEPOSIT_METHOD_KIND_VALUES = ['bank_transfer', 'e_wallet'] as const;

/** How a site takes deposits: a transfer to one of its receiving accounts. */
export const depositMethods = pgTable(
  'deposit_methods',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    code: text('code').notNull(),
    kind: text('kind', { enum: DEPOSIT_METHOD_KIND_VALUES }).notNull(),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('deposit_methods_site_code_key').on(t.siteId, t.code), check('deposit_methods_kind_valid', sql`${t.kind} IN ('bank_transfer','e_wallet')`)],
);

/** The operator's accounts a deposit method's transfers go to, shown to the player. */
export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    methodId: integer('method_id')
      .notNull()
      .references(() => depositMethods.id, { onDelete: 'cascade' }),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('receiving_accounts_method_idx').on(t.methodId)],
);

/** Receipt images of deposits, checked by their real type and size, kept in the database (several processes share it). */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('receipts_player_idx').on(t.playerId, t.createdAt),
    check('receipts_content_type_valid', sql`${t.contentType} IN ('image/png','image/jpeg','image/webp')`),
    check('receipts_size_valid', sql`${t.size} > 0 AND ${t.size} <= 2097152 AND octet_length(${t.data}) = ${t.size}`),
  ],
);

/** `pending` is an open bet; `cashed_out`: the player took the cash-out price before it settled (ADR 0035). */
export const SPORTS_BET_STATUS_VALUES = ['pending', 'won', 'lost', 'void', 'cashed_out'] as const;

/**
 * A sports bet with the bet display fields of docs/product.md §3, copied from the match and its odds when
 * placed (a later change of the feed does not rewrite a ticket). The stake and payout move in
 * ledger entries `sports:<id>:stake` and `sports:<id>:payout`.
 */
export const sportsBets = pgTable(
  'sports_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    ticket: text('ticket').notNull(),
    sport: text('sport').notNull(),
    league: text('league').notNull(),
    matchStart: at('match_start').notNull(),
    homeTeamName: text('home_team_name').notNull(),
    awayTeamName: text('away_team_name').notNull(),
    localNames: jsonb('local_names').$type<Record<string, { home: string; away: string }>>().notNull().default({}),
    betType: text('bet_type').notNull(),
    homeAway: text('home_away').notNull(),
    criteria1: text('criteria1').notNull().default(''),
    /** The price taken; an accumulator's is the product of its legs' prices, exact. */
    odds: numeric('odds').notNull(),
    stake: money('stake').notNull(),
    payout: money('payout').notNull().default('0'),
    /**
     * Of a payout a corrected result took back, what the player's balance could not cover (ADR 0037):
     * the player holds payout + unrecovered of this bet, and a later correction nets against it. Only
     * a bet whose legs all have results ever had a payout, so a bet owing this is never open again.
     */
    unrecovered: money('unrecovered').notNull().default('0'),
    status: text('status', { enum: SPORTS_BET_STATUS_VALUES }).notNull().default('pending'),
    placedAt: at('placed_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    /** The betslip's id of the bet: the same id placed twice places once (ADR 0035). Null for imported bets. */
    clientBetId: text('client_bet_id'),
    kind: text('kind', { enum: ['single', 'accumulator'] }).notNull().default('single'),
    /** Stake × odds, cut to the money scale: what the bet pays if every leg wins. */
    potentialReturn: money('potential_return'),
    /** Placed on a match under way (after the in-play acceptance delay). */
    inPlay: boolean('in_play').notNull().default(false),
  },
  (t) => [
    uniqueIndex('sports_bets_site_ticket_key').on(t.siteId, t.ticket),
    uniqueIndex('sports_bets_client_bet_key').on(t.siteId, t.playerId, t.clientBetId),
    index('sports_bets_player_idx').on(t.playerId, t.placedAt),
    index('sports_bets_open_idx').on(t.siteId).where(sql`${t.status} = 'pending'`),
    check('sports_bets_status_valid', sql`${t.status} IN ('pending','won','lost','void','cashed_out')`),
    check('sports_bets_amounts_valid', sql`${t.stake} > 0 AND ${t.payout} >= 0 AND ${t.unrecovered} >= 0`),
  ],
);

/**
 * The selections of a sports bet (one for a single), each with its price and the display fields of
 * its match copied when placed. `result` is its selection's result, written once when it settles.
 */
export const sportsBetLegs = pgTable(
  'sports_bet_legs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => sportsBets.id, { onDelete: 'cascade' }),
    siteId: siteRef(),
    legIndex: integer('leg_index').notNull(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    selectionId: integer('selection_id')
      .notNull()
      .references(() => matchOdds.id),
    sport: text('sport').notNull(),
    league: text('league').notNull(),
    matchStart: at('match_start').notNull(),
    homeTeamName: text('home_team_name').notNull(),
    awayTeamName: text('away_team_name').notNull(),
    localNames: jsonb('local_names').$type<Record<string, { home: string; away: string }>>().notNull().default({}),
    betType: text('bet_type').notNull(),
    homeAway: text('home_away').notNull(),
    criteria1: text('criteria1').notNull().default(''),
    odds: numeric('odds', { precision: 10, scale: 3 }).notNull(),
    result: text('result', { enum: SELECTION_RESULTS }),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('sports_bet_legs_bet_key').on(t.betId, t.legIndex),
    // Every leg of a selection, settled or not: settlement reads the open ones, a corrected result all (ADR 0037).
    index('sports_bet_legs_selection_idx').on(t.selectionId),
    check('sports_bet_legs_odds_valid', sql`${t.odds} >= 1`),
  ],
);

/** Back-office operators: only the SHA-256 of the API key is kept (like session tokens); a site scope limits one to its site. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** null: every site. */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** A key made by a back-office account acts with that account's role and sites (ADR 0044); null: a platform key of the CLI. */
    accountId: integer('account_id').references(() => operatorAccounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    disabledAt: at('disabled_at'),
  },
  (t) => [uniqueIndex('operators_name_key').on(t.name), uniqueIndex('operators_key_hash_key').on(t.keyHash)],
);

/** Every operator action: who (operator or CLI user), what, on what, when and why. */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** The back-office account that acted (its session, or a key it made). */
    accountId: integer('account_id').references(() => operatorAccounts.id, { onDelete: 'set null' }),
    /** "operator:<name>" (HTTP API) or "cli:<name>" (command-line tool). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('operator_audit_site_idx').on(t.siteId, t.createdAt), index('operator_audit_target_idx').on(t.targetType, t.targetId)],
);
