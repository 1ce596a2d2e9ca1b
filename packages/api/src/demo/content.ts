import { and, asc, eq, sql } from 'drizzle-orm';
import { CMS_PAGES, DEFAULT_LOCALE, type LocaleCode, type ThemeCode } from '@wl/contracts';
import type { Db } from '../db/client.js';
import {
  analyticsScripts,
  announcements,
  cmsPages,
  marquees,
  matches,
  matchOdds,
  partners,
  providers,
  seoPages,
  siteProviders,
  siteSettings,
  sites,
  slides,
  socialAccounts,
} from '../db/schema.js';
import { REFERRAL_SETTING } from '../content/home-content.js';
import { sanitizeHtml } from '../content/sanitize.js';
import { escapeHtml } from '../escape.js';
import { CMS_TEXTS } from './cms/index.js';
import { demoMatches } from './matches.js';
import { SEO_META, SEO_PAGES, SEO_TEXTS, type SeoPageName } from './seo.js';
import {
  DEMO_ANALYTICS,
  DEMO_ANNOUNCEMENTS,
  DEMO_MARQUEES,
  DEMO_PARTNER_COUNT,
  DEMO_REFERRAL,
  DEMO_SOCIALS,
  demoSlides,
  handleOf,
} from './site-content.js';

/**
 * Demo content of every site (docs/product.md D7): slides, announcements, marquee texts, the
 * referral text, social accounts, partners, CMS pages in every language with messages, SEO
 * records, analytics scripts (all off), and the platform's odds feed (matches are shared by
 * every site and inserted once).
 *
 * HTML is sanitised on write. The demo texts are templates with {site} and {currency}: each
 * template is sanitised once and the site's name and currency go in HTML-escaped, as text, which
 * gives the same result as sanitising every filled-in page (a few milliseconds each under jsdom,
 * over a thousand pages) at a fraction of the cost.
 */
/**
 * Demo analytics are off (docs/product.md D7). DEMO_ANALYTICS_SITES, a comma-separated list of
 * external ids, switches them on for those sites when the database is first seeded (browser tests
 * of the analytics scripts and their Content-Security-Policy).
 */
function demoAnalyticsSites(): Set<string> {
  return new Set((process.env.DEMO_ANALYTICS_SITES ?? '').split(',').map((id) => id.trim()).filter(Boolean));
}

export async function seedContent(db: Db): Promise<void> {
  const siteRows = await db
    .select({
      id: sites.id,
      externalId: sites.externalId,
      siteName: sites.siteName,
      currency: sites.currency,
      themeCode: sites.themeCode,
      languages: sites.languages,
      logo2: sites.logo2,
    })
    .from(sites)
    .orderBy(asc(sites.id));
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;

  const rows = {
    slides: [] as (typeof slides.$inferInsert)[],
    announcements: [] as (typeof announcements.$inferInsert)[],
    marquees: [] as (typeof marquees.$inferInsert)[],
    settings: [] as (typeof siteSettings.$inferInsert)[],
    socials: [] as (typeof socialAccounts.$inferInsert)[],
    partners: [] as (typeof partners.$inferInsert)[],
    cms: [] as (typeof cmsPages.$inferInsert)[],
    seo: [] as (typeof seoPages.$inferInsert)[],
    analytics: [] as (typeof analyticsScripts.$inferInsert)[],
  };

  for (const site of siteRows) {
    const text = (template: string) => fillText(template, site);
    const html = (template: string) => fillHtml(template, site);

    demoSlides(site.themeCode as ThemeCode).forEach((slide, index) =>
      rows.slides.push({
        siteId: site.id,
        title: text(slide.title),
        imageUrl: `/api/media/banner/${encodeURIComponent(site.externalId)}/${slide.motif}.svg`,
        link: slide.link,
        sort: index + 1,
        active: true,
      }),
    );

    for (const item of DEMO_ANNOUNCEMENTS) {
      rows.announcements.push({
        siteId: site.id,
        title: text(item.title),
        body: text(item.body),
        active: item.active,
        createdAt: new Date(now - item.ageDays * day),
      });
    }

    DEMO_MARQUEES.forEach((item, index) => rows.marquees.push({ siteId: site.id, text: text(item), sort: index + 1, active: true }));

    rows.settings.push({ siteId: site.id, key: REFERRAL_SETTING, value: html(DEMO_REFERRAL) });

    const handle = handleOf(site.siteName);
    DEMO_SOCIALS.forEach((social, index) =>
      rows.socials.push({
        siteId: site.id,
        type: social.type,
        name: social.name(site.siteName, handle),
        link: social.link(handle),
        icon: `/api/media/social/${social.type}.svg`,
        sort: index + 1,
      }),
    );

    // The partners are the first providers of the site's own order, with generated marks.
    const partnerProviders = await db
      .select({ name: providers.name, slug: providers.slug })
      .from(siteProviders)
      .innerJoin(providers, eq(providers.id, siteProviders.providerId))
      .where(and(eq(siteProviders.siteId, site.id), eq(siteProviders.enabled, true)))
      .orderBy(asc(siteProviders.sortOrder), asc(providers.id))
      .limit(DEMO_PARTNER_COUNT);
    partnerProviders.forEach((provider, index) =>
      rows.partners.push({
        siteId: site.id,
        partnerName: provider.name,
        href: `https://${provider.slug}.example.com/`,
        imgUrl: `/api/media/partner/${provider.slug}.svg`,
        sort: index + 1,
      }),
    );

    for (const [locale, texts] of Object.entries(CMS_TEXTS) as [LocaleCode, Record<string, string>][]) {
      for (const page of CMS_PAGES) rows.cms.push({ siteId: site.id, page, locale, status: true, body: html(texts[page] ?? '') });
    }

    const local = site.languages.find((code) => code !== DEFAULT_LOCALE) as LocaleCode | undefined;
    const english = SEO_TEXTS[DEFAULT_LOCALE]!;
    const localTexts = local ? SEO_TEXTS[local] : undefined;
    for (const [pageName, path] of Object.entries(SEO_PAGES) as [SeoPageName, string][]) {
      const meta = SEO_META[pageName];
      rows.seo.push({
        siteId: site.id,
        pageName,
        enItemName: english[pageName].itemName,
        enBody: html(english[pageName].body),
        localItemName: localTexts?.[pageName].itemName ?? '',
        localBody: localTexts ? html(localTexts[pageName].body) : '',
        metaTitle: `${meta.title} | ${site.siteName}`,
        metaDesc: text(meta.description),
        metaKeywords: text(meta.keywords),
        // Site-relative: the page resolves them against the address it is served from.
        metaUrl: path,
        metaCanonical: path,
        metaAuthor: site.siteName,
        metaPublisher: site.siteName,
        metaLang: 'en',
        metaImageUrl: site.logo2,
      });
    }

    const analyticsOn = demoAnalyticsSites().has(site.externalId);
    for (const item of DEMO_ANALYTICS) {
      rows.analytics.push({ siteId: site.id, section: item.section, script: item.script(site.externalId), active: analyticsOn });
    }
  }

  await insertAll(db, slides, rows.slides);
  await insertAll(db, announcements, rows.announcements);
  await insertAll(db, marquees, rows.marquees);
  await insertAll(db, siteSettings, rows.settings);
  await insertAll(db, socialAccounts, rows.socials);
  await insertAll(db, partners, rows.partners);
  await insertAll(db, cmsPages, rows.cms, 100);
  await insertAll(db, seoPages, rows.seo);
  await insertAll(db, analyticsScripts, rows.analytics);
  await seedMatches(db, new Date(now));
}

/**
 * The platform's odds feed. Matches belong to no site, so they are inserted once: a database
 * that already has matches keeps them.
 */
export async function seedMatches(db: Db, now = new Date()): Promise<void> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  if ((existing?.count ?? 0) > 0) return;
  for (const match of demoMatches(now)) {
    const { odds, ...fields } = match;
    const [row] = await db.insert(matches).values(fields).returning({ id: matches.id });
    if (!row || odds.length === 0) continue;
    await db.insert(matchOdds).values(odds.map((selection) => ({ matchId: row.id, ...selection })));
  }
}

type SiteText = { siteName: string; currency: string };

/** A plain-text template with the site's name and currency. */
function fillText(template: string, site: SiteText): string {
  return template.replaceAll('{site}', site.siteName).replaceAll('{currency}', site.currency);
}

/**
 * Seed step for demo databases made before terms_conditions existed: its page on every site, in
 * every language of the demo texts. A page already there (a new database's seedContent wrote it,
 * or an operator did) is left alone.
 */
export async function seedCmsTerms(db: Db): Promise<void> {
  const siteRows = await db.select({ id: sites.id, siteName: sites.siteName, currency: sites.currency }).from(sites).orderBy(asc(sites.id));
  const rows: (typeof cmsPages.$inferInsert)[] = [];
  for (const site of siteRows) {
    for (const [locale, texts] of Object.entries(CMS_TEXTS) as [LocaleCode, Record<string, string>][]) {
      rows.push({ siteId: site.id, page: 'terms_conditions', locale, status: true, body: fillHtml(texts.terms_conditions ?? '', site) });
    }
  }
  for (let i = 0; i < rows.length; i += 100) await db.insert(cmsPages).values(rows.slice(i, i + 100)).onConflictDoNothing();
}

/** An HTML template, sanitised, with the site's name and currency as escaped text. */
function fillHtml(template: string, site: SiteText): string {
  return sanitizeHtml(template).replaceAll('{site}', escapeHtml(site.siteName)).replaceAll('{currency}', escapeHtml(site.currency));
}

async function insertAll<T extends Parameters<Db['insert']>[0]>(db: Db, table: T, values: T['$inferInsert'][], chunk = 200): Promise<void> {
  for (let i = 0; i < values.length; i += chunk) await db.insert(table).values(values.slice(i, i + chunk));
}
