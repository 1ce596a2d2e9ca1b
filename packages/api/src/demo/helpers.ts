/*
 * Helpers of the demo data: plausible amounts in each site's currency, exact (BigInt in
 * ten-thousandths, the scale of numeric(20,4)), a seeded random generator so every seeding of a
 * site draws the same-looking data, and ledger posting that fails loudly.
 */
import { MINOR_PER_UNIT } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { sites } from '../db/schema.js';
import { postToLedger, type LedgerPosting } from '../ledger/index.js';

/** Durations of the demo data's dates, in milliseconds. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface SeedSite {
  id: number;
  externalId: string;
  siteName: string;
  currency: string;
}

/** Every site, in the order they were made: each seed step walks them. */
export async function seedSites(db: Db): Promise<SeedSite[]> {
  return db.select({ id: sites.id, externalId: sites.externalId, siteName: sites.siteName, currency: sites.currency }).from(sites).orderBy(sites.id);
}

export interface OfferedGame {
  providerCode: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  imageUrl: string;
}

/** Posts a seed ledger entry; the seed never overdraws, so a refusal is a bug. */
export async function seedPost(db: Db, posting: LedgerPosting): Promise<void> {
  const result = await postToLedger(db, posting);
  if (!result.ok) throw new Error(`Seed posting ${posting.idempotencyKey} refused: ${result.message}`);
}

export { currencyMoney, type CurrencyMoney } from '../shared/currency-money.js';

/** Whole units and cents in ten-thousandths: (1250n, 50n) → 12500500n. */
export function unitsAndCents(units: bigint, cents: bigint): bigint {
  return units * MINOR_PER_UNIT + cents * 100n;
}

/** A seeded pseudo-random generator (mulberry32): the same seed draws the same sequence. */
export function seededRandom(seedText: string): () => number {
  let state = 0x9e3779b9;
  for (const char of seedText) state = Math.imul(state ^ char.charCodeAt(0), 0x85ebca6b) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** An integer in [min, max]. */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
