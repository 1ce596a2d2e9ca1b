/** What other features may use of content/ (ADR 0027): everything else in the folder is its own. */
export { opsAnnouncementSave, opsContent, opsContentDelete, opsContentMove, opsMarqueeSave, opsSlideSave, type ContentOperator } from './content-ops.js';
export { opsCmsPage, opsCmsPages, opsCmsPageSave, opsCmsPreview, opsSeoPages, opsSeoPageSave } from './cms-ops.js';
export { formatOdds, matchesByIds, teamNamesByLanguage } from './odds.js';
export { sanitizeHtml } from './sanitize.js';
export { siteContentCall } from './site-guard.js';
