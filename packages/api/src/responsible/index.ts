/** The responsible-gaming feature's public module (ADR 0027, ADR 0039): what the other features check. */
export { normalisedPerson, runningExclusionKind, runningExclusionOf, runningExclusionOfPerson, type Person, type RunningExclusion } from './exclusions.js';
export { depositLimitRefusal, limitFailure, stakeLimitRefusal, stakeLimitsSet, type LimitRefusal } from './limits.js';
