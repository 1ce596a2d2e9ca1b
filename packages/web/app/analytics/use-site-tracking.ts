import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { callApi, siteCallPayload } from '../client/api';
import { reportAdsVisitFailure } from '../client/errors';
import { createAdsVisitSender, type AdsVisitOutcome } from '../client/tracking';
import { writeDomainCookie } from './domain-cookie';

let sendAdsVisit: (() => Promise<AdsVisitOutcome>) | null = null;

/** One sender per page load: a site's page never changes site. */
function adsVisitSender(site: { external_id: string }): () => Promise<AdsVisitOutcome> {
  sendAdsVisit ??= createAdsVisitSender({
    send: (fields) => callApi('adsVisit', { ...siteCallPayload(site), ...fields }),
    report: reportAdsVisitFailure,
  });
  return sendAdsVisit;
}

/**
 * On every navigation, the first page included: the registrable-domain cookie of docs/product.md §9 gets the
 * page's path, and the ads visit of docs/product.md §7 goes out if it has not yet (only for a site that is
 * up: maintenance and error pages load nothing more). This runs after the client shell's effects,
 * which keep the landing URL's appsflyer_id first (a parent's effects run after its children's).
 */
export function useSiteTracking(site: { external_id: string } | null): void {
  const { pathname, key } = useLocation();
  useEffect(() => writeDomainCookie(pathname), [pathname, key]);
  useEffect(() => {
    if (site) void adsVisitSender(site)();
  }, [site, key]);
}
