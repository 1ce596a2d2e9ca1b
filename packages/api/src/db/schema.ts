import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_site_account_key').on(t.siteId, t.accountId),
    check('players_account_lower', sql`${t.accountId} = lower(${t.accountId})`),
    check('players_status_valid', sql`${t.status} IN ('active','blocked','closed')`),
  ],
);

/** Seed steps already applied, so a later release can add demo data to an existing database. */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
