import type { RateLimiter } from './rate-limit.js';

/** Rate limits shared by every process through Redis (REDIS_URL). */
export async function createRedisRateLimiter(url: string): Promise<RateLimiter> {
  throw new Error(`Redis rate limiting is not available yet (REDIS_URL=${url ? 'set' : 'empty'})`);
}
