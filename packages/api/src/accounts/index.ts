/** What other features may use of accounts/ (ADR 0027): everything else in the folder is its own. */
export { overLimit } from './limits.js';
export { accountEnding, recordOwnerChange } from './owner-changes.js';
export { checkOwnerProof, type ProofMethod } from './owner-proof.js';
export { endSession, revokeOtherSessions, SESSION_IDLE_MS, type PlayerRow, type SessionContext } from './sessions.js';
export { describeDevice, maskIp } from './sessions-list.js';
export type { PlayerCache } from './player-cache.js';
