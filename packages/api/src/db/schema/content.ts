import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, sqlList, updatedAt } from './columns.js';
import { localeList, siteRef } from './sites.js';

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
    check('cms_pages_page_valid', sql.raw(`"page" IN (${sqlList(CMS_PAGES)})`)),
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

/** SEO records per page name (docs/product.md §3). */
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
  /** The feed's own id of the match (ADR 0035): how a feed's updates find it. Null for matches entered by hand. */
  feedKey: text('feed_key').unique(),
  /** No bets are taken on any of its selections (a goal being checked, an operator's suspension). */
  suspended: boolean('suspended').notNull().default(false),
  /** Held by an operator (ops sports/hold): no bets or cash-outs whatever the feed says, until released. */
  held: boolean('held').notNull().default(false),
  /** Minutes played (games in tennis) while live; null before. */
  minute: integer('minute'),
  /** When its result was entered and its selections settled (ADR 0035). */
  resultedAt: at('resulted_at'),
  /** How many times an operator corrected its result (ADR 0037): part of each correction's ledger keys. */
  resultCorrections: integer('result_corrections').notNull().default(0),
});

/** The results a selection settles with (ADR 0035): half results are the quarter lines of Asian handicaps and totals. */
export const SELECTION_RESULTS = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type SelectionResult = (typeof SELECTION_RESULTS)[number];

/**
 * A selection of a match: its price by bet type, side and line. A price change updates the row and
 * bumps `version`; a line the feed no longer offers is closed (`open` false), not deleted: the bets
 * on it still settle. `result` is written once, when the match's result settles it.
 */
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
    open: boolean('open').notNull().default(true),
    version: integer('version').notNull().default(1),
    result: text('result', { enum: SELECTION_RESULTS }),
    /** Voided by an operator (ops sports/void): a corrected score leaves it void (ADR 0037). */
    voided: boolean('voided').notNull().default(false),
  },
  (t) => [
    index('match_odds_match_idx').on(t.matchId),
    uniqueIndex('match_odds_selection_key').on(t.matchId, t.betType, t.homeAway, t.criteria1),
    check('match_odds_odds_valid', sql`${t.odds} >= 1`),
  ],
);
