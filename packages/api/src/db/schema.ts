import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { THEMES, THEME_CODES, LOCALE_CODES, GAME_CATEGORIES, type MenuItem } from '@wl/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** SQL list literal of the allowed (theme_code, theme_color) pairs of decisions.md §1. */
const themePairs = THEME_CODES.flatMap((code) => THEMES[code].colors.map((color) => `('${code}','${color}')`)).join(',');
const localeList = LOCALE_CODES.map((code) => `'${code}'`).join(',');
const categoryList = GAME_CATEGORIES.map((key) => `'${key}'`).join(',');

/** A branded site: one theme, currency, logos and settings, reached by one or more domains. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    siteName: text('site_name').notNull(),
    themeCode: text('theme_code').notNull(),
    themeColor: text('theme_color').notNull(),
    currency: text('currency').notNull(),
    logo1: text('logo1').notNull().default(''),
    logo2: text('logo2').notNull().default(''),
    logo3: text('logo3').notNull().default(''),
    logoText: text('logo_text').notNull().default(''),
    /** false: the operator switched the site off. */
    status: boolean('status').notNull().default(true),
    expiredDate: timestamp('expired_date', { withTimezone: true, mode: 'date' }),
    androidSub: text('android_sub').notNull().default(''),
    iosSub: text('ios_sub').notNull().default(''),
    manifestIcon: text('manifest_icon').notNull().default(''),
    gamifyStatus: boolean('gamify_status').notNull().default(false),
    maintenanceStart: timestamp('maintenance_start', { withTimezone: true, mode: 'date' }),
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true, mode: 'date' }),
    liveChatStatus: boolean('live_chat_status').notNull().default(false),
    liveChatId: text('live_chat_id').notNull().default(''),
    liveChatImageId: text('live_chat_image_id').notNull().default(''),
    affDomain: text('aff_domain').notNull().default(''),
    /** Locale codes the site offers, its default first. */
    languages: text('languages').array().notNull().default(sql`ARRAY['EN']::text[]`),
    /** The operator's main navigation (spec §3 menu: content_id and children). */
    menu: jsonb('menu').$type<MenuItem[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sites_external_id_key').on(t.externalId),
    // The server refuses to store a site whose theme is not in the table of decisions.md §1.
    check('sites_theme_valid', sql.raw(`("theme_code", "theme_color") IN (${themePairs})`)),
    check('sites_languages_valid', sql.raw(`"languages" <@ ARRAY[${localeList}]::text[] AND cardinality("languages") > 0`)),
    check('sites_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('sites_maintenance_window', sql`${t.maintenanceEnd} IS NULL OR ${t.maintenanceStart} IS NULL OR ${t.maintenanceEnd} > ${t.maintenanceStart}`),
  ],
);

/** Host names a site answers to (lower case, no port). */
export const siteDomains = pgTable(
  'site_domains',
  {
    domain: text('domain').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('site_domains_site_idx').on(t.siteId), check('site_domains_lower', sql`${t.domain} = lower(${t.domain})`)],
);

/** Game providers of the platform's catalogue. */
export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('providers_code_key').on(t.code), uniqueIndex('providers_slug_key').on(t.slug)],
);

/** Games of the catalogue; a game belongs to one or more categories. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    /** The game's main category (spec §3 game_type). */
    gameType: text('game_type').notNull(),
    categories: text('categories').array().notNull(),
    imageUrl: text('image_url').notNull().default(''),
    hot: boolean('hot').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    popular: boolean('popular').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('games_provider_code_key').on(t.providerId, t.gameCode),
    index('games_categories_idx').using('gin', t.categories),
    check('games_type_valid', sql.raw(`"game_type" IN (${categoryList})`)),
    check('games_categories_valid', sql.raw(`"categories" <@ ARRAY[${categoryList}]::text[] AND "game_type" = ANY("categories")`)),
  ],
);

/** The providers a site offers, in its order. */
export const siteProviders = pgTable(
  'site_providers',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.providerId] })],
);

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
    // Tracking fields of signup (spec §7), as received.
    referrerCode: text('referrer_code'),
    ch: text('ch'),
    cm: text('cm'),
    pp: text('pp'),
    affiliateCode: text('affiliate_code'),
    fbp: text('fbp'),
    appsflyerId: text('appsflyer_id'),
    visitorId: text('visitor_id'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_site_account_key').on(t.siteId, t.accountId),
    uniqueIndex('players_site_referral_code_key').on(t.siteId, t.referralCode),
    index('players_referred_by_idx').on(t.referredBy),
    check('players_account_lower', sql`${t.accountId} = lower(${t.accountId})`),
    check('players_status_valid', sql`${t.status} IN ('active','blocked','closed')`),
  ],
);

/** Seed steps already applied, so a later release can add demo data to an existing database. */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

const money = (name: string) => numeric(name, { precision: 20, scale: 4 });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });
const playerRef = () =>
  integer('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' });

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

/** A player's balances. Each equals the sum of its ledger entries; none goes below zero. */
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

export const LEDGER_ACCOUNTS = ['balance', 'tokens', 'frozen_tokens', 'held'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** Every change of a balance, written in the same transaction as its cause. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Signed: credits are positive, debits negative. */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** What caused it: deposit, withdrawal, bet, win, bonus, claim, adjustment, spin, referral... */
    type: text('type').notNull(),
    reference: text('reference').notNull().default(''),
    /** Unique per site: replaying the same cause never changes a balance twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.siteId, t.idempotencyKey),
    index('ledger_entries_player_idx').on(t.playerId, t.account, t.id),
    check('ledger_entries_account_valid', sql`${t.account} IN ('balance','tokens','frozen_tokens','held')`),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_after_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
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
  },
  (t) => [
    index('inbox_items_player_idx').on(t.playerId, t.createdAt),
    check('inbox_items_reward_valid', sql`(${t.rewardAmount} IS NULL) = (${t.rewardType} IS NULL) AND (${t.rewardAmount} IS NULL OR ${t.rewardAmount} > 0)`),
  ],
);

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

/** Home page slides (banners). */
export const slides = pgTable('slides', {
  id: serial('id').primaryKey(),
  siteId: siteRef(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Announcements (the announcement modal and list). */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  siteId: siteRef(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Marquee texts scrolling on the home page. */
export const marquees = pgTable('marquees', {
  id: serial('id').primaryKey(),
  siteId: siteRef(),
  text: text('text').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Per-site settings by key (referral programme text, ...). */
export const siteSettings = pgTable(
  'site_settings',
  {
    siteId: siteRef(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key] })],
);

/** The site's social media accounts. */
export const socialAccounts = pgTable('social_accounts', {
  id: serial('id').primaryKey(),
  siteId: siteRef(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  link: text('link').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Partners shown in the partners modal. */
export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  siteId: siteRef(),
  partnerName: text('partner_name').notNull(),
  href: text('href').notNull(),
  imgUrl: text('img_url').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** The page check of migration 0005 (written by hand) admits terms_conditions: the list says so too, so drizzle-kit does not undo it. */
export const CMS_PAGES = ['about_us', 'privacy_policy', 'banking', 'faqs', 'responsible_gaming', 'terms_conditions'] as const;

/** CMS pages: a status per page and a sanitised body per locale. */
export const cmsPages = pgTable(
  'cms_pages',
  {
    siteId: siteRef(),
    page: text('page').notNull(),
    locale: text('locale').notNull(),
    status: boolean('status').notNull().default(true),
    body: text('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.page, t.locale] }),
    check('cms_pages_page_valid', sql.raw(`"page" IN (${CMS_PAGES.map((p) => `'${p}'`).join(',')})`)),
    check('cms_pages_locale_valid', sql.raw(`"locale" IN (${localeList})`)),
  ],
);

/** Analytics scripts injected in HEAD or BODY. */
export const analyticsScripts = pgTable(
  'analytics_scripts',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    section: text('section', { enum: ['HEAD', 'BODY'] }).notNull(),
    script: text('script').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('analytics_scripts_section_valid', sql`${t.section} IN ('HEAD','BODY')`)],
);

/** Ad visits, one per visitor and site. */
export const adVisits = pgTable(
  'ad_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    visitorKey: text('visitor_key').notNull(),
    fbp: text('fbp'),
    appsflyerId: text('appsflyer_id'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ad_visits_site_visitor_key').on(t.siteId, t.visitorKey)],
);

/** SEO records per page name (spec §3). */
export const seoPages = pgTable(
  'seo_pages',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    pageName: text('page_name').notNull(),
    enItemName: text('en_item_name').notNull().default(''),
    enBody: text('en_body').notNull().default(''),
    localItemName: text('local_item_name').notNull().default(''),
    localBody: text('local_body').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDesc: text('meta_desc').notNull().default(''),
    metaKeywords: text('meta_keywords').notNull().default(''),
    metaUrl: text('meta_url').notNull().default(''),
    metaCanonical: text('meta_canonical').notNull().default(''),
    metaAuthor: text('meta_author').notNull().default(''),
    metaPublisher: text('meta_publisher').notNull().default(''),
    metaLang: text('meta_lang').notNull().default(''),
    metaImageUrl: text('meta_image_url').notNull().default(''),
  },
  (t) => [uniqueIndex('seo_pages_site_page_key').on(t.siteId, t.pageName)],
);

/** Sports matches of the odds feed (shared by every site). */
export const matches = pgTable('matches', {
  id: serial('id').primaryKey(),
  sport: text('sport').notNull(),
  league: text('league').notNull(),
  startTime: at('start_time').notNull(),
  status: text('status', { enum: ['upcoming', 'live', 'finished'] }).notNull().default('upcoming'),
  homeTeamName: text('home_team_name').notNull(),
  awayTeamName: text('away_team_name').notNull(),
  /** Team names per lower-case locale code: { vi: { home, away } }. */
  localNames: jsonb('local_names').$type<Record<string, { home: string; away: string }>>().notNull().default({}),
  homeScore: integer('home_score'),
  awayScore: integer('away_score'),
});

/** Odds of a match by bet type and side. */
export const matchOdds = pgTable(
  'match_odds',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    betType: text('bet_type').notNull(),
    homeAway: text('home_away').notNull(),
    criteria1: text('criteria1').notNull().default(''),
    odds: numeric('odds', { precision: 10, scale: 3 }).notNull(),
  },
  (t) => [index('match_odds_match_idx').on(t.matchId)],
);

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
    /** The ledger entry that moved the money; null when nothing moved. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
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
    check('provider_transactions_kind_valid', sql`${t.kind} IN ('debit','credit','rollback')`),
    check('provider_transactions_amount_nonnegative', sql`${t.amount} >= 0`),
    check('provider_transactions_status_valid', sql`${t.status} IN ('applied','refused')`),
    check('provider_transactions_refused_moves_nothing', sql`${t.status} = 'applied' OR (${t.ledgerEntryId} IS NULL AND ${t.refusalCode} IS NOT NULL)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Rewards: missions, lucky spin, frozen-token releases, promotions and news (ADR 0013)

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
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
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
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.playerId] })],
);

// ---------------------------------------------------------------------------------------------
// Banking: banks, bank accounts, deposit methods, receipts, sports bets, operators (ADR 0015)

/** Raw bytes (receipt images): Buffer on node-postgres, Uint8Array on PGlite, a Buffer to the code. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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

export const SPORTS_BET_STATUS_VALUES = ['pending', 'won', 'lost', 'void'] as const;

/**
 * A sports bet with the bet display fields of spec §3, copied from the match and its odds when
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
    odds: numeric('odds', { precision: 10, scale: 3 }).notNull(),
    stake: money('stake').notNull(),
    payout: money('payout').notNull().default('0'),
    status: text('status', { enum: SPORTS_BET_STATUS_VALUES }).notNull().default('pending'),
    placedAt: at('placed_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('sports_bets_site_ticket_key').on(t.siteId, t.ticket),
    index('sports_bets_player_idx').on(t.playerId, t.placedAt),
    check('sports_bets_status_valid', sql`${t.status} IN ('pending','won','lost','void')`),
    check('sports_bets_amounts_valid', sql`${t.stake} > 0 AND ${t.payout} >= 0`),
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
