import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { siteDomains, sites } from '../db/schema.js';

export type SiteRow = typeof sites.$inferSelect;

/** The site a host name belongs to, or null. */
export async function findSiteByDomain(db: Db, domain: string): Promise<SiteRow | null> {
  const rows = await db
    .select({ site: sites })
    .from(siteDomains)
    .innerJoin(sites, eq(sites.id, siteDomains.siteId))
    .where(eq(siteDomains.domain, domain))
    .limit(1);
  return rows[0]?.site ?? null;
}

/** The site named by a public call: its domain and external_id must belong together. */
export async function findSiteByDomainAndExternalId(db: Db, domain: string, externalId: string): Promise<SiteRow | null> {
  const rows = await db
    .select({ site: sites })
    .from(siteDomains)
    .innerJoin(sites, eq(sites.id, siteDomains.siteId))
    .where(and(eq(siteDomains.domain, domain), eq(sites.externalId, externalId)))
    .limit(1);
  return rows[0]?.site ?? null;
}

export interface CategoryProvider {
  category: string;
  code: string;
  name: string;
  slug: string;
}

/** For each category, the site's enabled providers that have games in it, in the site's order. */
export async function categoryProviders(db: Db, siteId: number): Promise<CategoryProvider[]> {
  return queryRows<CategoryProvider>(db, sql`
    select c.category, p.code, p.name, p.slug
    from site_providers sp
    join providers p on p.id = sp.provider_id
    join lateral (
      select distinct unnest(g.categories) as category from games g where g.provider_id = p.id
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
