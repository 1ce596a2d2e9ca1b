import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { EXCLUSION_PERIODS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES } from '@wl/contracts';
import { at, createdAt, money, sqlList, updatedAt } from './columns.js';
import { playerRef } from './accounts.js';
import { brandOwners, siteRef } from './sites.js';

/**
 * Time-outs and self-exclusions (issue 25 §3, ADR 0039): one row per account it covers, the one
 * that asked and the same person's accounts on the operator's other sites, so the checks of a login
 * and of a stake read one indexed row. The person's phone and email are kept, normalised, to refuse
 * a new registration of the same person on any of the operator's sites. Rows are never updated or
 * deleted: a term ends by its date alone.
 */
export const playerExclusions = pgTable(
  'player_exclusions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandOwnerId: integer('brand_owner_id')
      .notNull()
      .references(() => brandOwners.id),
    siteId: siteRef(),
    playerId: playerRef(),
    kind: text('kind', { enum: ['timeout', 'exclusion'] }).notNull(),
    period: text('period', { enum: EXCLUSION_PERIODS }).notNull(),
    startsAt: at('starts_at').notNull().defaultNow(),
    /** null: permanent. */
    endsAt: at('ends_at'),
    /** The person's phone and email (trimmed, email in lower case; '' when unknown), as they were at the request. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** The account on which the player asked for it (this row's own, or the same person's on another site). */
    requestedByPlayerId: integer('requested_by_player_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('player_exclusions_player_idx').on(t.playerId, t.endsAt),
    index('player_exclusions_owner_phone_idx').on(t.brandOwnerId, t.phone),
    index('player_exclusions_owner_email_idx').on(t.brandOwnerId, t.email),
    check('player_exclusions_kind_valid', sql`${t.kind} IN ('timeout','exclusion')`),
    check('player_exclusions_period_valid', sql.raw(`"period" IN (${sqlList(EXCLUSION_PERIODS)})`)),
    check('player_exclusions_term', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A player's limits (issue 25 §2, ADR 0039): one per kind and period. `amount` is the limit in force
 * (null: none yet, a first change waiting); a higher limit or a removal waits in `pending_*` until
 * `pending_from`, and applies when the player confirms it then.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    siteId: siteRef(),
    playerId: playerRef(),
    kind: text('kind', { enum: LIMIT_KINDS }).notNull(),
    period: text('period', { enum: LIMIT_PERIODS }).notNull(),
    amount: money('amount'),
    /** A change waiting: raise (to pending_amount) or remove. */
    pending: text('pending', { enum: ['raise', 'remove'] }),
    pendingAmount: money('pending_amount'),
    pendingFrom: at('pending_from'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind, t.period] }),
    check('player_limits_kind_valid', sql.raw(`"kind" IN (${sqlList(LIMIT_KINDS)})`)),
    check('player_limits_period_valid', sql.raw(`"period" IN (${sqlList(LIMIT_PERIODS)})`)),
    check('player_limits_amount_positive', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check(
      'player_limits_pending_valid',
      sql`(${t.pending} IS NULL AND ${t.pendingAmount} IS NULL AND ${t.pendingFrom} IS NULL)
        OR (${t.pending} = 'raise' AND ${t.pendingAmount} > 0 AND ${t.pendingFrom} IS NOT NULL)
        OR (${t.pending} = 'remove' AND ${t.pendingAmount} IS NULL AND ${t.pendingFrom} IS NOT NULL)`,
    ),
    check('player_limits_something', sql`${t.amount} IS NOT NULL OR ${t.pending} IS NOT NULL`),
    // A session limit (ADR 0041) is whole minutes over the rolling day.
    check(
      'player_limits_session_valid',
      sql`${t.kind} <> 'session' OR (${t.period} = 'day' AND (${t.amount} IS NULL OR (${t.amount} = trunc(${t.amount}) AND ${t.amount} <= 1440))
        AND (${t.pendingAmount} IS NULL OR (${t.pendingAmount} = trunc(${t.pendingAmount}) AND ${t.pendingAmount} <= 1440)))`,
    ),
  ],
);

/**
 * A player's reality-check interval (issue 25 §3, ADR 0041): a table of its own, not a players
 * column, because an update of players tells every process's session cache to forget the player's
 * sessions (drizzle/0002), which a display preference should not. No row: the check is off.
 */
export const playerRealityChecks = pgTable(
  'player_reality_checks',
  {
    siteId: siteRef(),
    playerId: playerRef().primaryKey(),
    intervalMinutes: integer('interval_minutes').notNull(),
    updatedAt: updatedAt(),
  },
  () => [
    check(
      'player_reality_checks_interval_valid',
      sql.raw(`"interval_minutes" BETWEEN ${REALITY_CHECK_MINUTES.min} AND ${REALITY_CHECK_MINUTES.max}`),
    ),
  ],
);
