/** What other features may use of security/ (ADR 0027): everything else in the folder is its own. */
export { RATE_LIMITS, type RateLimiter, type RateLimitRule } from './rate-limit.js';
