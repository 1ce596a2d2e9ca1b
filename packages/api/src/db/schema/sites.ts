import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_MINIMUM_AGE, MINIMUM_AGE_RANGE, THEMES, THEME_CODES, LOCALE_CODES, type MenuItem } from '@wl/contracts';
import { createdAt, sqlList, updatedAt } from './columns.js';

/** SQL list literal of the allowed (theme_code, theme_color) pairs of docs/product.md D1. */
const themePairs = THEME_CODES.flatMap((code) => THEMES[code].colors.map((color) => `('${code}','${color}')`)).join(',');

export const localeList = sqlList(LOCALE_CODES);

/**
 * The licensed company that owns brands (issue 25 §1, ADR 0039): its sites share one
 * responsible-gaming scope, so a person's time-out or self-exclusion on one holds on all of them.
 * Not the back-office `operators` (API keys of people who run the sites).
 */
export const brandOwners = pgTable(
  'brand_owners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brand_owners_name_key').on(t.name)],
);

/** A branded site: one theme, currency, logos and settings, reached by one or more domains. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    brandOwnerId: integer('brand_owner_id')
      .notNull()
      .references(() => brandOwners.id),
    externalId: text('external_id').notNull(),
    siteName: text('site_name').notNull(),
    themeCode: text('theme_code').notNull(),
    themeColor: text('theme_color').notNull(),
    currency: text('currency').notNull(),
    /** IANA time zone of the operator's days: the money reports cut days here (ADR 0028). */
    timeZone: text('time_zone').notNull().default('UTC'),
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
    /** Younger players are refused at signup; every page shows it (issue 25 §4, ADR 0040). */
    minimumAge: integer('minimum_age').notNull().default(DEFAULT_MINIMUM_AGE),
    /** The operator's main navigation (docs/product.md §3 menu: content_id and children). */
    menu: jsonb('menu').$type<MenuItem[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sites_external_id_key').on(t.externalId),
    // The server refuses to store a site whose theme is not in the table of docs/product.md D1.
    check('sites_theme_valid', sql.raw(`("theme_code", "theme_color") IN (${themePairs})`)),
    check('sites_languages_valid', sql.raw(`"languages" <@ ARRAY[${localeList}]::text[] AND cardinality("languages") > 0`)),
    check('sites_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('sites_minimum_age', sql.raw(`"minimum_age" BETWEEN ${MINIMUM_AGE_RANGE.min} AND ${MINIMUM_AGE_RANGE.max}`)),
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

export const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

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
