/** What other features may use of sites/ (ADR 0027): everything else in the folder is its own. */
export { SITE_CHANGED_CHANNEL, type SiteCache } from './site-cache.js';
export { checkSiteOpen, resolveSiteByDomain } from './site-scope.js';
export { type CategoryProvider, isUnderMaintenance, loadSiteByDomain, type SiteLookup, type SiteRow } from './sites.repo.js';
export { opsSiteApply, opsSiteExport, type SiteOperator } from './site-apply.js';
export { readSiteFile, siteFileText, writeSiteFile } from './site-file.js';
export { opsSites } from './site-list.js';
