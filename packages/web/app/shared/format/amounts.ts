import { formatAmount } from './numbers';
import { MINOR_PER_UNIT, fromMinorUnits, parseMinorUnits } from '@wl/contracts';

/*
 * Amounts of the deposit and withdrawal forms: typed in whole units (the number-only input of
 * docs/product.md §5), checked against the site's limits and the balance exactly, and offered as quick
 * amounts a player would pick.
 */

/** An amount with the site's currency, by the number-display rule ("1,250.5 PHP"; 0 shows as 0). */
export function money(amount: string, currency: string): string {
  return currency ? `${formatAmount(amount)} ${currency}` : formatAmount(amount);
}

export type AmountProblem = 'required' | 'amountTooSmall' | 'amountTooLarge' | 'insufficientBalance';

/**
 * What is wrong with a typed amount, checked as the server checks it: nothing typed, under the
 * minimum, over the maximum, or (withdrawals) over the available balance.
 */
export function amountProblem(amount: string, limits: { min: string; max: string; available?: string | undefined }): AmountProblem | null {
  const value = parseMinorUnits(amount || '0');
  if (value === null || value <= 0n) return 'required';
  if (value < (parseMinorUnits(limits.min) ?? 0n)) return 'amountTooSmall';
  if (value > (parseMinorUnits(limits.max) ?? value)) return 'amountTooLarge';
  if (limits.available !== undefined && value > (parseMinorUnits(limits.available) ?? 0n)) return 'insufficientBalance';
  return null;
}

/** The 1-2-5 steps of each power of ten, as whole units: 1, 2, 5, 10, 20, 50, 100... */
function* niceSteps(): Generator<bigint> {
  for (let power = 1n; ; power *= 10n) for (const step of [1n, 2n, 5n]) yield step * power;
}

/**
 * Up to `count` quick amounts in whole units between the minimum and the maximum (and the
 * available balance, for withdrawals): the round 1-2-5 amounts of that range, spread over it, the
 * smallest always first. Empty when no whole amount fits.
 */
export function quickAmounts(min: string, max: string, count = 6): string[] {
  const low = parseMinorUnits(min);
  const high = parseMinorUnits(max);
  if (low === null || high === null || high < low) return [];
  const unit = MINOR_PER_UNIT;
  const candidates: bigint[] = [];
  for (const step of niceSteps()) {
    const value = step * unit;
    if (value > high) break;
    if (value >= low) candidates.push(value);
  }
  // A minimum that is not round (e.g. 150) is a quick amount of its own.
  const lowest = ((low + unit - 1n) / unit) * unit;
  if (lowest <= high && candidates[0] !== lowest) candidates.unshift(lowest);
  if (candidates.length <= count) return candidates.map(shortest);
  // Spread over the range: the first, the last, and evenly between.
  const picked = Array.from({ length: count }, (_, index) => candidates[Math.round((index * (candidates.length - 1)) / (count - 1))]!);
  return [...new Set(picked)].map(shortest);
}

const shortest = (minor: bigint) => fromMinorUnits(minor, { trim: true });

/** An account number shown to its owner: every digit, grouped by four for reading and copying. */
export function groupedNumber(accountNumber: string): string {
  return accountNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}
