import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_ODDS_CHANGE, DEFAULT_ODDS_FORMAT, ODDS_CHANGE_CHOICES, ODDS_FORMATS } from '@wl/contracts';
import { at, createdAt, money, sqlList, updatedAt } from './columns.js';
import { siteRef, sites } from './sites.js';

/** Players of a site. account_id is stored in lower case: unique per site, case-insensitive. */
export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    status: text('status', { enum: ['active', 'blocked', 'closed'] }).notNull().default('active'),
    /** The player's own code, shared to refer others. */
    referralCode: text('referral_code').notNull(),
    /** The player whose code this player signed up with. */
    referredBy: integer('referred_by'),
    // Tracking fields of signup (docs/product.md §7), as received.
    referrerCode: text('referrer_code'),
    ch: text('ch'),
    cm: text('cm'),
    pp: text('pp'),
    affiliateCode: text('affiliate_code'),
    fbp: text('fbp'),
    appsflyerId: text('appsflyer_id'),
    visitorId: text('visitor_id'),
    /** Asked at signup since ADR 0040 (null for accounts made before). */
    birthDate: date('birth_date', { mode: 'string' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_site_account_key').on(t.siteId, t.accountId),
    uniqueIndex('players_site_referral_code_key').on(t.siteId, t.referralCode),
    index('players_referred_by_idx').on(t.referredBy),
    // The AML rule on shared devices looks visitor ids up across the owner's sites (ADR 0040).
    index('players_visitor_idx').on(t.visitorId).where(sql`${t.visitorId} IS NOT NULL`),
    // The back office's player search (ADR 0047): an account id, a phone or an email matched exactly
    // on any of the operator's sites, a full name by its start (case-insensitive).
    index('players_account_idx').on(t.accountId),
    index('players_phone_idx').on(t.contactPhone).where(sql`${t.contactPhone} <> ''`),
    index('players_email_lower_idx').using('btree', sql`lower(${t.contactEmail})`).where(sql`${t.contactEmail} <> ''`),
    index('players_name_prefix_idx').using('btree', sql`lower(${t.fullName}) text_pattern_ops`),
    check('players_account_lower', sql`${t.accountId} = lower(${t.accountId})`),
    check('players_status_valid', sql`${t.status} IN ('active','blocked','closed')`),
  ],
);

export const playerRef = () =>
  integer('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' });

/**
 * A player's betslip settings (ADR 0038): the odds format and the odds-change choice, kept with the
 * account so they follow the player to another device. A row exists once the player saved any; a
 * player without one has the defaults, and the site takes the browser's choice made before logging in.
 */
export const playerSportsSettings = pgTable(
  'player_sports_settings',
  {
    siteId: siteRef(),
    playerId: playerRef(),
    oddsFormat: text('odds_format', { enum: ODDS_FORMATS }).notNull().default(DEFAULT_ODDS_FORMAT),
    oddsChange: text('odds_change', { enum: ODDS_CHANGE_CHOICES }).notNull().default(DEFAULT_ODDS_CHANGE),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.playerId] }),
    check('player_sports_settings_odds_format_valid', sql.raw(`"odds_format" IN (${sqlList(ODDS_FORMATS)})`)),
    check('player_sports_settings_odds_change_valid', sql.raw(`"odds_change" IN (${sqlList(ODDS_CHANGE_CHOICES)})`)),
  ],
);

/** Player sessions. Only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** The absolute end (7 days after login); idleness (2 hours) is measured from last_seen_at. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** When the player's session limit ends it (ADR 0041); null: no session limit in force. */
    limitEndsAt: at('limit_ends_at'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_player_idx').on(t.playerId)],
);

/** One-time codes (TAC). Only a hash of the code is stored; the outbox holds the message sent. */
export const tacCodes = pgTable(
  'tac_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    accountId: text('account_id').notNull(),
    purpose: text('purpose', { enum: ['login', 'register', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    phone: text('phone').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Set when the code was checked right (tac/verify) */
    verifiedAt: at('verified_at'),
    /** Set when the code was used up (login_tac, signup) or replaced by a newer one. */
    consumedAt: at('consumed_at'),
  },
  (t) => [
    index('tac_codes_lookup_idx').on(t.siteId, t.accountId, t.purpose, t.createdAt),
    check('tac_codes_purpose_valid', sql`${t.purpose} IN ('login','register','reset')`),
    check('tac_codes_account_lower', sql`${t.accountId} = lower(${t.accountId})`),
  ],
);

/** Messages handed to the TAC sender. The default sender only keeps them here. */
export const tacOutbox = pgTable(
  'tac_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    accountId: text('account_id').notNull(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [index('tac_outbox_account_idx').on(t.siteId, t.accountId, t.createdAt)],
);

/** VIP levels of a site, with the deposit and turnover needed to reach each. */
export const vipLevels = pgTable(
  'vip_levels',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    depositTarget: money('deposit_target').notNull(),
    turnoverTarget: money('turnover_target').notNull(),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('vip_levels_site_level_key').on(t.siteId, t.level)],
);

/** A player's VIP standing: level, and deposit and turnover carried in and made this cycle. */
export const playerVip = pgTable('player_vip', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  level: integer('level').notNull().default(0),
  startingDeposit: money('starting_deposit').notNull().default('0'),
  cycleDeposit: money('cycle_deposit').notNull().default('0'),
  startingTurnover: money('starting_turnover').notNull().default('0'),
  cycleTurnover: money('cycle_turnover').notNull().default('0'),
  totalDeposit: money('total_deposit').notNull().default('0'),
  totalTurnover: money('total_turnover').notNull().default('0'),
  updatedAt: updatedAt(),
});
