import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { GAME_CATEGORIES } from '@wl/contracts';
import { createdAt, sqlList } from './columns.js';
import { sites } from './sites.js';

const categoryList = sqlList(GAME_CATEGORIES);

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
    /** The game's main category (docs/product.md §3 game_type). */
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

/**
 * Games a site does not offer though their provider is on (ADR 0051): not listed, searched nor
 * launchable on that site; every other site keeps them. A row is an "off" switch.
 */
export const siteGamesOff = pgTable(
  'site_games_off',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.gameId] }), index('site_games_off_game_idx').on(t.gameId)],
);
