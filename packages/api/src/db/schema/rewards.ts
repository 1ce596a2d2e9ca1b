import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { playerRef } from './accounts.js';
import { at, createdAt, money, updatedAt } from './columns.js';
import { ledgerTransfers } from './ledger.js';
import { localeList, siteRef, sites } from './sites.js';

/** A player's favourite games. */
export const favourites = pgTable(
  'favourites',
  {
    playerId: playerRef(),
    providerCode: text('provider_code').notNull(),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    gameType: text('game_type').notNull(),
    imgUrl: text('img_url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.providerCode, t.gameCode] })],
);

/** Messages to a player, some carrying a reward claimable once. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    rewardAmount: money('reward_amount'),
    rewardType: text('reward_type', { enum: ['balance', 'token'] }),
    createdAt: createdAt(),
    readAt: at('read_at'),
    claimedAt: at('claimed_at'),
    /** The operator's campaign key of a marketing message (ADR 0042); null for a service notice. */
    campaign: text('campaign'),
  },
  (t) => [
    index('inbox_items_player_idx').on(t.playerId, t.createdAt),
    uniqueIndex('inbox_items_campaign_key').on(t.playerId, t.campaign).where(sql`${t.campaign} IS NOT NULL`),
    check('inbox_items_reward_valid', sql`(${t.rewardAmount} IS NULL) = (${t.rewardType} IS NULL) AND (${t.rewardAmount} IS NULL OR ${t.rewardAmount} > 0)`),
  ],
);

export const MISSION_KIND_VALUES = ['login', 'deposit', 'game_rounds', 'turnover', 'vip_level'] as const;

export const MISSION_PERIOD_VALUES = ['once', 'daily'] as const;

/** A site's missions: a target of one kind of real activity, rewarded in game tokens. */
export const missions = pgTable(
  'missions',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    code: text('code').notNull(),
    kind: text('kind', { enum: MISSION_KIND_VALUES }).notNull(),
    period: text('period', { enum: MISSION_PERIOD_VALUES }).notNull(),
    /** A count, an amount (turnover) or a VIP level. */
    target: money('target').notNull(),
    rewardTokens: money('reward_tokens').notNull(),
    /** Title and description by locale code; EN always present. */
    texts: jsonb('texts').$type<Record<string, { title: string; description: string }>>().notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('missions_site_code_key').on(t.siteId, t.code),
    check('missions_kind_valid', sql`${t.kind} IN ('login','deposit','game_rounds','turnover','vip_level')`),
    check('missions_period_valid', sql`${t.period} IN ('once','daily')`),
    check('missions_target_positive', sql`${t.target} > 0`),
    check('missions_reward_positive', sql`${t.rewardTokens} > 0`),
  ],
);

/** A claimed mission reward: one per player, mission and period (`once` or the UTC day). */
export const missionClaims = pgTable(
  'mission_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    rewardTokens: money('reward_tokens').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mission_claims_once_key').on(t.playerId, t.missionId, t.periodKey)],
);

/** A site's lucky spin: its cost in game tokens. The prizes are spin_prizes. */
export const spinSettings = pgTable(
  'spin_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    cost: money('cost').notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check('spin_settings_cost_positive', sql`${t.cost} > 0`)],
);

export const PRIZE_TYPE_VALUES = ['none', 'balance', 'tokens', 'frozen_tokens'] as const;

/**
 * The prize table of a site's wheel, in wheel order. Weights are parts per million and a table's
 * weights sum to exactly 1,000,000 (checked on every write by savePrizeTable and on every read).
 */
export const spinPrizes = pgTable(
  'spin_prizes',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    prizeType: text('prize_type', { enum: PRIZE_TYPE_VALUES }).notNull(),
    amount: money('amount').notNull().default('0'),
    weight: integer('weight').notNull(),
  },
  (t) => [
    uniqueIndex('spin_prizes_site_position_key').on(t.siteId, t.position),
    check('spin_prizes_type_valid', sql`${t.prizeType} IN ('none','balance','tokens','frozen_tokens')`),
    check('spin_prizes_weight_valid', sql`${t.weight} > 0 AND ${t.weight} <= 1000000`),
    check('spin_prizes_amount_valid', sql`(${t.prizeType} = 'none') = (${t.amount} = 0) AND ${t.amount} >= 0`),
  ],
);

/** Every spin: its cost and the prize drawn (the money moved in ledger entries `spin:<id>:cost|prize`). */
export const spins = pgTable(
  'spins',
  {
    id: uuid('id').primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    /** The prize row drawn; null once the operator replaced the table (position, label, type and amount stay). */
    prizeId: integer('prize_id').references(() => spinPrizes.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    cost: money('cost').notNull(),
    prizeType: text('prize_type', { enum: PRIZE_TYPE_VALUES }).notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('spins_player_idx').on(t.playerId, t.createdAt)],
);

/** What releases a site's frozen tokens to the game tokens: an amount of deposits or turnover. */
export const frozenTokenSettings = pgTable(
  'frozen_token_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    releaseKind: text('release_kind', { enum: ['deposit', 'turnover'] }).notNull(),
    releaseTarget: money('release_target').notNull(),
  },
  (t) => [
    check('frozen_token_settings_kind_valid', sql`${t.releaseKind} IN ('deposit','turnover')`),
    check('frozen_token_settings_target_positive', sql`${t.releaseTarget} > 0`),
  ],
);

/** A release of frozen tokens to game tokens (ledger entries `frozen-release:<id>:frozen|tokens`). */
export const frozenTokenReleases = pgTable(
  'frozen_token_releases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('frozen_token_releases_player_idx').on(t.playerId, t.createdAt)],
);

export const PROMOTION_KIND_VALUES = ['promotion', 'news'] as const;

/** Promotions and news of a site; texts per locale are promotion_texts. */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    kind: text('kind', { enum: PROMOTION_KIND_VALUES }).notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at'),
    claimType: text('claim_type', { enum: ['none', 'join', 'claim'] }).notNull().default('none'),
    rewardAmount: money('reward_amount'),
    rewardType: text('reward_type', { enum: ['balance', 'tokens'] }),
    /**
     * A deposit promotion's least qualifying deposit (approved, made while it runs); null: any
     * approved deposit of the site's limits qualifies (issue 21 §7, ADR 0022).
     */
    minDeposit: money('min_deposit'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotions_site_kind_idx').on(t.siteId, t.kind, t.startAt),
    check('promotions_kind_valid', sql`${t.kind} IN ('promotion','news')`),
    check('promotions_claim_type_valid', sql`${t.claimType} IN ('none','join','claim')`),
    check('promotions_period_valid', sql`${t.endAt} IS NULL OR ${t.endAt} > ${t.startAt}`),
    check(
      'promotions_reward_valid',
      sql`(${t.rewardAmount} IS NULL) = (${t.rewardType} IS NULL) AND (${t.rewardAmount} IS NULL OR (${t.rewardAmount} > 0 AND ${t.claimType} = 'claim'))`,
    ),
  ],
);

/** A promotion's title, summary and sanitised body in one locale. */
export const promotionTexts = pgTable(
  'promotion_texts',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.locale] }), check('promotion_texts_locale_valid', sql.raw(`"locale" IN (${localeList})`))],
);

/** A player's join or claim of a promotion: once per player. */
export const promotionEntries = pgTable(
  'promotion_entries',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    playerId: playerRef(),
    siteId: siteRef(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.playerId] })],
);

// ---------------------------------------------------------------------------------------------
// Banking: banks, bank accounts, deposit methods, receipts, sports bets, operators (ADR 0015)
