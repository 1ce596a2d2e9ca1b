/** The responsible-gaming feature's public module (ADR 0027, ADR 0039, ADR 0041): what the other features check. */
export { coveredByExclusionNow, extendExclusionByDocument, normalisedPerson, runningExclusionKind, runningExclusionOf, runningExclusionOfPerson, type Person, type RunningExclusion } from './exclusions.js';
export { depositLimitRefusal, limitFailure, limitsOf, playedSince, stakeLimitRefusal, stakeLimitsSet, type LimitRefusal } from './limits.js';
export { applySessionLimit, sessionLimitAtLogin, type SessionForgetter } from './session-limits.js';
