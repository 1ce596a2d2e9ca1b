import { fromMinorUnits, parseMinorUnits } from '@wl/contracts';

/*
 * The betslip within the site's stake limits (sports/limits, ADR 0035): quick stakes a site takes
 * and the check of a stake before it is sent. Exact decimals (BigInt minor units), never floats.
 */

/** What the slip uses of the site's limits: amounts in the site currency, as sports/limits answers them. */
export interface StakeLimits {
  min_stake: string;
  max_stake: string;
}

/** The quick stakes while the limits are unknown: those of a site taking stakes from 1 unit. */
export const DEFAULT_QUICK_STAKES: readonly string[] = ['10', '50', '100'];

const NICE_DIGITS = [1n, 2n, 5n] as const;

/**
 * Three quick stakes for the site's limits: the smallest "nice" amount (1, 2 or 5 × a power of ten)
 * of at least ten minimum stakes, then five and ten times it ("1" → 10, 50, 100; "10000" → 100000,
 * 500000, 1000000). Those above the maximum stake are left out, since the server would refuse them.
 * Plain decimal strings, as the stake field holds them.
 */
export function quickStakesFor(limits: StakeLimits | null): string[] {
  const min = limits ? parseMinorUnits(limits.min_stake) : null;
  const max = limits ? parseMinorUnits(limits.max_stake) : null;
  // No minimum to go by (unknown, malformed or zero): the stakes of a site taking 1 unit.
  if (min === null || min <= 0n) return [...DEFAULT_QUICK_STAKES];
  const first = smallestNiceAtLeast(min * 10n);
  return [first, first * 5n, first * 10n].filter((amount) => max === null || amount <= max).map((amount) => fromMinorUnits(amount, { trim: true }));
}

/** The smallest 1, 2 or 5 × 10^k minor units (k ≥ 0) that is at least `target` (above zero). */
function smallestNiceAtLeast(target: bigint): bigint {
  for (let power = 1n; ; power *= 10n) {
    for (const digit of NICE_DIGITS) if (digit * power >= target) return digit * power;
  }
}

/** Why a stake cannot be sent: below the site's minimum or above its maximum; null when within them or unknown. */
export function stakeOutsideLimits(stake: string, limits: StakeLimits | null): 'tooSmall' | 'tooLarge' | null {
  const amount = parseMinorUnits(stake);
  if (!limits || amount === null) return null;
  const min = parseMinorUnits(limits.min_stake);
  const max = parseMinorUnits(limits.max_stake);
  if (min !== null && amount < min) return 'tooSmall';
  if (max !== null && amount > max) return 'tooLarge';
  return null;
}
