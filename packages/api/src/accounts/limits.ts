import type { CallContext } from '../http/context.js';
import { RATE_LIMITS, type RateLimitRule } from '../security/index.js';

/** One limit to count: the rule and the key it is counted under. */
export type LimitCheck = readonly [rule: RateLimitRule, key: string];

/** The key of a per-account limit: accounts are unique per site, not across sites. */
export function accountKey(siteId: number, accountId: string): string {
  return `${siteId}:${accountId}`;
}

/** The key of a per-account-and-address limit: the owner's address is not held back by a stranger's. */
export function accountAddressKey(siteId: number, accountId: string, clientIp: string): string {
  return `${siteId}:${accountId}:${clientIp}`;
}

/**
 * A phone number as a limit key: its digits only, so spacing, dashes or a '+' do not make one
 * phone several. Phones are limited across sites, since one person answers them all (ADR 0021).
 */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Counts one attempt under each limit, in order; answers the milliseconds to wait as soon as one
 * is over its limit (the later ones are then not counted, so a refused request does not eat into
 * them), or null when every limit allows it.
 */
export async function limitRefusal(ctx: CallContext, checks: readonly LimitCheck[]): Promise<number | null> {
  for (const [rule, key] of checks) {
    const result = await ctx.services.rateLimiter.hit(rule, key);
    if (!result.allowed) {
      // The key may hold an account id, address or phone: the rule name is enough to see what trips.
      ctx.log.warn({ limit: rule.name, retryAfterMs: result.retryAfterMs }, 'rate limit reached');
      return result.retryAfterMs;
    }
  }
  return null;
}

/** Counts one attempt under each limit (see limitRefusal); true when one is over its limit. */
export async function overLimit(ctx: CallContext, checks: readonly LimitCheck[]): Promise<boolean> {
  return (await limitRefusal(ctx, checks)) !== null;
}

/**
 * Counts one SMS to `phone` from `siteId` under the per-phone (5 an hour, whatever the account,
 * address or site) and per-site limits; answers the seconds to wait, or null when it may be sent.
 * A code without a phone (a register code asked without contact_phone) reaches no phone: only the
 * site counts it.
 */
export async function smsRefusal(ctx: CallContext, siteId: number, phone: string): Promise<number | null> {
  const digits = phoneKey(phone);
  const checks: LimitCheck[] = digits ? [[RATE_LIMITS.smsPhone, digits]] : [];
  checks.push([RATE_LIMITS.smsSite, String(siteId)]);
  const waitMs = await limitRefusal(ctx, checks);
  return waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
}
