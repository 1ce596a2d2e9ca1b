import { and, asc, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OPERATOR_CALLS } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { siteDomains, sites } from '../db/schema.js';
import type { SiteOperator, SiteOperatorReply } from './site-apply.js';

/*
 * opsSites: the console's list of sites (issue 26 §2 Sites, ADR 0049). Only the operator's own
 * sites (a site-scoped account or key sees its sites and nothing else), filtered, sorted and paged
 * in the database; the players of each are counted there too (an indexed count per listed site).
 */

type Payload = z.output<(typeof OPERATOR_CALLS)['opsSites']['payload']>;

const OK = { statusCode: 1, message: 'OK' } as const;

/** ILIKE's wildcards and its escape taken literally. */
const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The window of isUnderMaintenance (sites.repo.ts), in SQL: open now. */
const maintenanceOpen = sql`((${sites.maintenanceStart} is not null or ${sites.maintenanceEnd} is not null)
  and (${sites.maintenanceStart} is null or ${sites.maintenanceStart} <= now())
  and (${sites.maintenanceEnd} is null or now() < ${sites.maintenanceEnd}))`;
/** Switched on and not expired (checkSiteOpen, site-scope.ts). */
const open = sql`(${sites.status} and (${sites.expiredDate} is null or ${sites.expiredDate} > now()))`;

/** mayManage: the caller holds sites.manage (the sites feature does not know roles: ADR 0027). */
export async function opsSites(db: Db, operator: SiteOperator, payload: Payload, mayManage: boolean): Promise<SiteOperatorReply> {
  const conditions: (SQL | undefined)[] = [];
  if (operator.siteIds !== null) conditions.push(operator.siteIds.length === 0 ? sql`false` : inArray(sites.id, operator.siteIds));
  if (payload.q) {
    const pattern = contains(payload.q);
    conditions.push(
      or(
        sql`${sites.siteName} ilike ${pattern}`,
        sql`${sites.externalId} ilike ${pattern}`,
        sql`exists (select 1 from site_domains sd where sd.site_id = ${sites}.id and sd.domain ilike ${pattern})`,
      ),
    );
  }
  if (payload.state === 'active') conditions.push(open);
  else if (payload.state === 'inactive') conditions.push(sql`not ${open}`);
  else if (payload.state === 'maintenance') conditions.push(maintenanceOpen);
  const where = and(...conditions);

  // Qualified by hand: drizzle writes a lone table's columns unqualified, which the subquery would read as its own.
  const playerCount = sql<number>`(select count(*)::int from players pc where pc.site_id = ${sites}.id)`;
  const order =
    payload.sort === 'created'
      ? [desc(sites.createdAt), desc(sites.id)]
      : payload.sort === 'players'
        ? [desc(playerCount), asc(sql`lower(${sites.siteName})`), asc(sites.id)]
        : [asc(sql`lower(${sites.siteName})`), asc(sites.id)];

  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(sites).where(where);
  const rows = await db
    .select({
      id: sites.id,
      externalId: sites.externalId,
      siteName: sites.siteName,
      themeCode: sites.themeCode,
      themeColor: sites.themeColor,
      currency: sites.currency,
      languages: sites.languages,
      status: sites.status,
      expiredDate: sites.expiredDate,
      maintenanceStart: sites.maintenanceStart,
      maintenanceEnd: sites.maintenanceEnd,
      underMaintenance: sql<boolean>`${maintenanceOpen}`,
      players: playerCount,
      createdAt: sites.createdAt,
    })
    .from(sites)
    .where(where)
    .orderBy(...order)
    .limit(payload.page_size)
    .offset((payload.page - 1) * payload.page_size);

  const ids = rows.map((row) => row.id);
  const domains =
    ids.length === 0
      ? []
      : await db
          .select({ siteId: siteDomains.siteId, domain: siteDomains.domain })
          .from(siteDomains)
          .where(inArray(siteDomains.siteId, ids))
          .orderBy(asc(siteDomains.createdAt), asc(siteDomains.domain));

  return {
    ...OK,
    value: rows.map((row) => ({
      external_id: row.externalId,
      site_name: row.siteName,
      domains: domains.filter((entry) => entry.siteId === row.id).map((entry) => entry.domain),
      theme_code: row.themeCode,
      theme_color: row.themeColor,
      currency: row.currency,
      languages: row.languages,
      status: row.status,
      expired_date: row.expiredDate?.toISOString() ?? null,
      maintenance: { start_date: row.maintenanceStart?.toISOString() ?? null, end_date: row.maintenanceEnd?.toISOString() ?? null },
      under_maintenance: Boolean(row.underMaintenance),
      players: Number(row.players),
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(counted?.total ?? 0),
    page: payload.page,
    page_size: payload.page_size,
    may_create: mayManage && (operator.siteIds === null || Boolean(operator.brandOwnerId)),
  };
}
