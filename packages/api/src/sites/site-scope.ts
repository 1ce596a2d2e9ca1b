import type { ErrorKey } from '@wl/contracts';
import { findSiteByDomainAndExternalId, type SiteLookup, type SiteRow } from './sites.repo.js';

export type SiteCheck = { ok: true; site: SiteRow } | { ok: false; message: ErrorKey };

/**
 * Whether a found site may answer: not switched off, not expired. Decided at read time from the
 * (cached) row, never cached as a verdict.
 */
export function checkSiteOpen(site: SiteRow | null, now = new Date()): SiteCheck {
  if (!site) return { ok: false, message: 'siteNotFound' };
  if (!site.status) return { ok: false, message: 'siteInactive' };
  if (site.expiredDate && site.expiredDate <= now) return { ok: false, message: 'siteExpired' };
  return { ok: true, site };
}

/** The site a public call names (docs/product.md §6: domain_name and external_id, which must belong together). */
export async function resolvePublicSite(sites: SiteLookup, domain: string, externalId: string, now = new Date()): Promise<SiteCheck> {
  return checkSiteOpen(await findSiteByDomainAndExternalId(sites, domain, externalId), now);
}

/** The site of a call that names only its domain (startup, get_analytics). */
export async function resolveSiteByDomain(sites: SiteLookup, domain: string, now = new Date()): Promise<SiteCheck> {
  return checkSiteOpen(await sites.siteByDomain(domain), now);
}
