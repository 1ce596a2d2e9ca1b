import type { CallContext } from '../http/calls.js';
import type { RateLimitRule } from '../security/rate-limit.js';

/** One limit to count: the rule and the key it is counted under. */
export type LimitCheck = readonly [rule: RateLimitRule, key: string];

/** The key of a per-account limit: accounts are unique per site, not across sites. */
export function accountKey(siteId: number, accountId: string): string {
  return `${siteId}:${accountId}`;
}

/**
 * Counts one attempt under each limit, in order; answers true as soon as one is over its limit
 * (the later ones are then not counted, so a refused request does not eat into them).
 */
export async function overLimit(ctx: CallContext, checks: readonly LimitCheck[]): Promise<boolean> {
  for (const [rule, key] of checks) {
    const result = await ctx.services.rateLimiter.hit(rule, key);
    if (!result.allowed) {
      // The key may hold an account id or address: the rule name is enough to see what trips.
      ctx.log.warn({ limit: rule.name, retryAfterMs: result.retryAfterMs }, 'rate limit reached');
      return true;
    }
  }
  return false;
}
