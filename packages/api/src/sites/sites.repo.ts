import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { siteDomains, sites } from '../db/schema.js';

export type SiteRow = typeof sites.$inferSelect;

/**
 * What is read on every request: the site of a domain and its category/provider rows. The app's
 * site cache (site-cache.ts) answers from memory; `databaseSiteLookup` reads the database. Call
 * handlers get the app's lookup in their services (http/context.ts), never by their database handle.
 */
export interface SiteLookup {
  siteByDomain(domain: string): Promise<SiteRow | null>;
  categoryProviders(siteId: number): Promise<CategoryProvider[]>;
  /** A cached lookup: resolves once the site changes committed so far are seen (SiteCache.catchUp). */
  catchUp?(): Promise<void>;
}

/** The uncached lookup: every read goes to the database (an app whose site cache cannot listen, scripts). */
export function databaseSiteLookup(db: Db): SiteLookup {
  return {
    siteByDomain: (domain) => loadSiteByDomain(db, domain),
    categoryProviders: (siteId) => loadCategoryProviders(db, siteId),
  };
}

/** The site a public call names: its domain and external_id must belong together. */
export async function findSiteByDomainAndExternalId(lookup: SiteLookup, domain: string, externalId: string): Promise<SiteRow | null> {
  // A domain belongs to one site (site_domains' key), so this is the test of a query on both.
  const site = await lookup.siteByDomain(domain);
  return site && site.externalId === externalId ? site : null;
}

/** The site a host name belongs to, or null, read from the database. */
export async function loadSiteByDomain(db: Db, domain: string): Promise<SiteRow | null> {
  const rows = await db
    .select({ site: sites })
    .from(siteDomains)
    .innerJoin(sites, eq(sites.id, siteDomains.siteId))
    .where(eq(siteDomains.domain, domain))
    .limit(1);
  return rows[0]?.site ?? null;
}

export interface CategoryProvider {
  category: string;
  code: string;
  name: string;
  slug: string;
}

/** For each category, the site's enabled providers that have games in it, in the site's order, read from the database. */
export async function loadCategoryProviders(db: Db, siteId: number): Promise<CategoryProvider[]> {
  return queryRows<CategoryProvider>(db, sql`
    select c.category, p.code, p.name, p.slug
    from site_providers sp
    join providers p on p.id = sp.provider_id
    join lateral (
      select distinct unnest(g.categories) as category from games g
      where g.provider_id = p.id and not exists (select 1 from site_games_off o where o.site_id = sp.site_id and o.game_id = g.id)
    ) c on true
    where sp.site_id = ${siteId} and sp.enabled
    order by sp.sort_order, p.name`);
}

/** Whether the site's maintenance window covers the given time (an open end runs until changed). */
export function isUnderMaintenance(site: Pick<SiteRow, 'maintenanceStart' | 'maintenanceEnd'>, now: Date): boolean {
  const { maintenanceStart: start, maintenanceEnd: end } = site;
  if (!start && !end) return false;
  if (start && now < start) return false;
  if (end && now >= end) return false;
  return true;
}
