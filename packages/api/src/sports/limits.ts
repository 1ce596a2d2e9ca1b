import { and, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';
import { entryLimit } from '../shared/entry-limit.js';
import { siteSettings } from '../db/schema.js';

/*
 * A site's sportsbook limits (issue 24 §2, ADR 0035), in its currency: kept in site_settings so an
 * operator changes them per site without a restart; a site without its own has the defaults.
 */

export interface SportsLimits {
  minStake: string;
  maxStake: string;
  maxPayout: string;
  /** The share of a cash-out offer the book keeps, a fraction below 1 ("0.05"). */
  cashOutMargin: string;
}

export const DEFAULT_SPORTS_LIMITS: SportsLimits = { minStake: '1', maxStake: '10000', maxPayout: '100000', cashOutMargin: '0.05' };

const KEYS = { minStake: 'sports.min_stake', maxStake: 'sports.max_stake', maxPayout: 'sports.max_payout', cashOutMargin: 'sports.cashout_margin' } as const;
const VALID: Record<keyof SportsLimits, RegExp> = {
  minStake: /^\d{1,16}(\.\d{1,4})?$/,
  maxStake: /^\d{1,16}(\.\d{1,4})?$/,
  maxPayout: /^\d{1,16}(\.\d{1,4})?$/,
  cashOutMargin: /^0(\.\d{1,4})?$/,
};

/**
 * Read per site at most every few seconds: every bet asks, and an operator's change may take that
 * long to apply (ADR 0035).
 */
const cached = new LRUCache<number, SportsLimits>({ ...entryLimit(10_000), ttl: 5_000 });

export async function sportsLimitsOf(db: Db, siteId: number): Promise<SportsLimits> {
  const known = cached.get(siteId);
  if (known) return known;
  const limits = await readSportsLimits(db, siteId);
  cached.set(siteId, limits);
  return limits;
}

/** Forgets the cached limits, so a change of the site's settings applies at once (the tests use it). */
export function forgetSportsLimits(siteId?: number): void {
  if (siteId === undefined) cached.clear();
  else cached.delete(siteId);
}

async function readSportsLimits(db: Db, siteId: number): Promise<SportsLimits> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(and(eq(siteSettings.siteId, siteId), inArray(siteSettings.key, Object.values(KEYS))));
  const limits = { ...DEFAULT_SPORTS_LIMITS };
  for (const [field, key] of Object.entries(KEYS) as [keyof SportsLimits, string][]) {
    const value = rows.find((row) => row.key === key)?.value;
    // A malformed setting is an operator's slip: the default holds rather than no limit at all.
    if (value !== undefined && VALID[field].test(value)) limits[field] = value;
  }
  return limits;
}
