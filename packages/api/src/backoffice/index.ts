/** The back office's public module (ADR 0027, ADR 0044): who acts, with which role, on which sites. */
export { actorMay, mayActOnSite, siteScopeCondition, soleSiteId, type Actor } from './actor.js';
export { accountSiteIds, actorOfAccount, createOperatorAccount, type OperatorAccountRow } from './accounts.js';
export { readOperatorSession } from './sessions.js';
export { recordAudit } from './audit.js';
export { actsOnWholePlatform } from './platform.js';
export { opsTeam, opsTeamCreate, opsTeamKeyCreate, opsTeamKeyDisable, opsTeamUpdate } from './team.js';
export { sameOriginRequest, sessionActor } from './session-actor.js';
// The sign-in routes (auth-routes.ts) are mounted by the app itself: they answer in the HTTP layer's envelope.
