import type { ErrorKey } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { findSiteByDomainAndExternalId, type SiteRow } from './sites.repo.js';

export type SiteCheck = { ok: true; site: SiteRow } | { ok: false; message: ErrorKey };

/**
 * The site a public call names (spec §6: domain_name and external_id, which must belong together).
 * Disabled and expired sites answer like startup does. The site comes from the site cache
 * (site-cache.ts); status and expiry are decided here, at read time, never cached as a verdict.
 */
export async function resolvePublicSite(db: Db, domain: string, externalId: string, now = new Date()): Promise<SiteCheck> {
  const site = await findSiteByDomainAndExternalId(db, domain, externalId);
  if (!site) return { ok: false, message: 'siteNotFound' };
  if (!site.status) return { ok: false, message: 'siteInactive' };
  if (site.expiredDate && site.expiredDate <= now) return { ok: false, message: 'siteExpired' };
  return { ok: true, site };
}
