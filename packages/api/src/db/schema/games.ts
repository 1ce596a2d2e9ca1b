import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { playerRef } from './accounts.js';
import { games, providers } from './catalogue.js';
import { at, createdAt, money } from './columns.js';
import { ledgerTransfers } from './ledger.js';
import { siteRef } from './sites.js';

/**
 * A game opened by a player (the launch call). The provider's wallet callbacks name it by its
 * token, stored hashed like every other secret; a session stays usable for the provider's late
 * callbacks (a win settles after the window closed), so there is no end state to check.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: siteRef(),
    playerId: playerRef(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** sha256 of the token handed to the provider at launch. */
    tokenHash: text('token_hash').notNull(),
    /** The site's currency when the game opened: the provider plays in it. */
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_sessions_token_key').on(t.tokenHash), index('game_sessions_player_idx').on(t.playerId, t.createdAt)],
);

export const PROVIDER_TRANSACTION_KINDS = ['debit', 'credit', 'rollback'] as const;

export type ProviderTransactionKind = (typeof PROVIDER_TRANSACTION_KINDS)[number];

/** applied: the callback was carried out (its money, if any, moved); refused: answered with an error, kept so a replay gets the same answer (ADR 0020). */
export const PROVIDER_TRANSACTION_STATUSES = ['applied', 'refused'] as const;

export type ProviderTransactionStatus = (typeof PROVIDER_TRANSACTION_STATUSES)[number];

/**
 * A seamless-wallet callback of a provider: a stake (debit), a win (credit) or the reversal of an
 * earlier one (rollback), unique by the provider's own transaction id within a site so a retried
 * callback moves money once. The money moves in the ledger entry written in the same transaction; a
 * rollback that found nothing to reverse is kept too, so the late original is refused, and so is a
 * refused debit (status refused, no ledger entry), so its id cannot be reused for another action.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    gameSessionId: uuid('game_session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    providerTxId: text('provider_tx_id').notNull(),
    kind: text('kind', { enum: PROVIDER_TRANSACTION_KINDS }).notNull(),
    /** Positive; the direction follows from kind. Zero for a win of nothing or an empty rollback. */
    amount: money('amount').notNull(),
    /** The provider's round, grouping a stake with its win. */
    roundId: text('round_id').notNull().default(''),
    /** For a rollback: the provider transaction it reverses. */
    reversesTxId: text('reverses_tx_id'),
    /** The ledger transfer that moved the money; null when nothing moved. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** Set on a debit or credit when a rollback reversed it. */
    rolledBack: boolean('rolled_back').notNull().default(false),
    status: text('status', { enum: PROVIDER_TRANSACTION_STATUSES }).notNull().default('applied'),
    /** For a refused transaction: the wallet error code it was answered with. */
    refusalCode: text('refusal_code'),
    createdAt: createdAt(),
  },
  (t) => [
    // Per site: two tenants of one provider may use the same ids (ADR 0020).
    uniqueIndex('provider_transactions_site_provider_tx_key').on(t.siteId, t.providerId, t.providerTxId),
    index('provider_transactions_player_idx').on(t.playerId, t.id),
    index('provider_transactions_round_idx').on(t.gameSessionId, t.roundId),
    // The wallet's lookups per callback (games/wallet-callbacks.ts), which would otherwise read
    // every transaction of the player: a rollback that came before its transaction, a round's stakes.
    index('provider_transactions_reverses_idx').on(t.providerId, t.reversesTxId).where(sql`${t.kind} = 'rollback'`),
    index('provider_transactions_player_round_idx').on(t.playerId, t.providerId, t.roundId),
    check('provider_transactions_kind_valid', sql`${t.kind} IN ('debit','credit','rollback')`),
    check('provider_transactions_amount_nonnegative', sql`${t.amount} >= 0`),
    check('provider_transactions_status_valid', sql`${t.status} IN ('applied','refused')`),
    check('provider_transactions_refused_moves_nothing', sql`${t.status} = 'applied' OR (${t.ledgerEntryId} IS NULL AND ${t.refusalCode} IS NOT NULL)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Rewards: missions, lucky spin, frozen-token releases, promotions and news (ADR 0013)
