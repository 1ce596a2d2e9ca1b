/*
 * Exact decimal helpers for the rewards screens (decisions.md §6): token amounts and odds arrive
 * as decimal strings and are compared or rescaled here as BigInt ten-thousandths and as digit
 * strings, never through binary floats.
 */

import { toMinor } from '../lib/decimal';

/** Whether `amount` is at least `other`; false when either is not a decimal. */
export function atLeast(amount: string, other: string): boolean {
  const a = toMinor(amount);
  const b = toMinor(other);
  return a !== null && b !== null && a >= b;
}

/** Whether `amount` is above zero. */
export function isPositive(amount: string): boolean {
  const value = toMinor(amount);
  return value !== null && value > 0n;
}

/**
 * A probability as a percentage, by moving the decimal point two places: "0.250000" → "25",
 * "0.005000" → "0.5", "1.000000" → "100". The server publishes six places, so the result is exact.
 */
export function percentOf(probability: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(probability.trim());
  if (!match) return probability;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const whole = `${match[1]}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}
