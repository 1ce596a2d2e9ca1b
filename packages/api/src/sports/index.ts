/** The sportsbook feature's public module (ADR 0027, ADR 0035). */
export { sportsHandlers } from './handlers.js';
export { settleMatch, type MatchScore, type SettlementDone } from './settlement.js';
export { DEFAULT_SPORTS_LIMITS, forgetSportsLimits, sportsLimitsOf, type SportsLimits } from './limits.js';
export { selectionResult, settledReturn, potentialReturn, combinedOdds, type SelectionResult } from './outcomes.js';
export { cashOutBet, type CashOutOutcome } from './cash-out.js';
export { cashOutOf, legView, legsOf, readPlacedBet, type BetOwner, type LegRow as SportsLegRow } from './placed-bets.js';
export { applyFeedUpdate, type FeedFixture, type FeedSelection, type FeedUpdate } from './feed/adapter.js';
export { DEFAULT_SIMULATED_FEED, adoptUnfedMatches, fixtureOfSlot, newFeedMemory, runFeedTick, slotsAround, startSimulatedFeed, type SimulatedFeedOptions } from './feed/simulated-feed.js';
export { COUNTRIES, type TeamLang } from './feed/teams.js';
export { voidSelections, type VoidTarget } from './settlement.js';
export { correctMatchResult, type CorrectionDone, type UnrecoveredPayout } from './correction.js';
export { matchLiability, type SelectionLiability } from './liability.js';
export { registerLiveBoardRoute, type LiveBoard } from './live-board.js';
export { opsMatches, type MatchesAccess } from './ops-matches.js';
export { lockOwedBet, owedBetsOf, reduceOwed, type OwedBet } from './owed.js';
