/*
 * Prices in the player's odds format. The feed gives decimal odds as exact decimal strings
 * ("2.75"); the fractional and American forms are worked out from that string in integers, never
 * through binary floats, so 1.50 is exactly 1/2 and −200.
 */

import { ODDS_FORMATS, type OddsFormat } from '@wl/contracts';

// The formats are the contract's list (a setting of the player's account, ADR 0038).
export { ODDS_FORMATS, type OddsFormat };

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value);
}

const DECIMAL_ODDS = /^(\d+)(?:\.(\d+))?$/;

/** Decimal odds as the exact fraction numerator / denominator (not reduced): "2.75" → 275 / 100. Null for what is not a decimal. */
export function oddsFraction(odds: string): { numerator: bigint; denominator: bigint } | null {
  const match = DECIMAL_ODDS.exec(odds.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const denominator = 10n ** BigInt(fraction.length);
  return { numerator: BigInt(whole) * denominator + BigInt(fraction || '0'), denominator };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

/** a / b rounded to the nearest integer, halves away from zero (b > 0). */
function roundDivision(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const rounded = (2n * magnitude + b) / (2n * b);
  return negative ? -rounded : rounded;
}

/** The fractional form: the profit per unit staked as a reduced fraction, 1.50 → "1/2", 2.75 → "7/4", 2.00 → "1/1". */
export function fractionalOdds(odds: string): string | null {
  const value = oddsFraction(odds);
  if (!value || value.numerator <= value.denominator) return null;
  const profit = value.numerator - value.denominator;
  const divisor = gcd(profit, value.denominator);
  return `${profit / divisor}/${value.denominator / divisor}`;
}

/**
 * The American (moneyline) form, to the nearest whole number as bookmakers show it: the profit on
 * 100 staked for prices of 2.00 and more (2.50 → "+150"), the stake to win 100 below (1.50 →
 * "−200", with a true minus sign).
 */
export function americanOdds(odds: string): string | null {
  const value = oddsFraction(odds);
  if (!value || value.numerator <= value.denominator) return null;
  const profit = value.numerator - value.denominator;
  if (profit >= value.denominator) return `+${roundDivision(profit * 100n, value.denominator)}`;
  return `\u2212${roundDivision(value.denominator * 100n, profit)}`;
}

/** A price as the player reads it; a price that has no such form (1.00 or less) stays decimal. */
export function formatOdds(odds: string, format: OddsFormat): string {
  if (format === 'fractional') return fractionalOdds(odds) ?? odds;
  if (format === 'american') return americanOdds(odds) ?? odds;
  return odds;
}

/**
 * Decimal odds rounded half up to `places` decimals, exactly: an accumulator's total odds (the
 * exact product of its prices, ADR 0035) read as a bookmaker shows them, 4.598568 → "4.60".
 * Odds with no more decimals than that are kept as written.
 */
export function roundOdds(odds: string, places = 2): string {
  const value = oddsFraction(odds);
  if (!value || value.denominator <= 10n ** BigInt(places)) return odds;
  const scale = 10n ** BigInt(places);
  const scaled = (value.numerator * scale * 2n + value.denominator) / (value.denominator * 2n);
  const text = scaled.toString().padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** Total odds (a product of prices) in the player's format, from the odds rounded to two decimals. */
export function formatTotalOdds(odds: string, format: OddsFormat): string {
  return formatOdds(roundOdds(odds), format);
}

/** -1, 0 or 1 as decimal odds `a` are lower than, equal to or higher than `b` ("2.5" equals "2.50"); 0 when either is not a decimal. */
export function compareOdds(a: string, b: string): -1 | 0 | 1 {
  const x = oddsFraction(a);
  const y = oddsFraction(b);
  if (!x || !y) return 0;
  const difference = x.numerator * y.denominator - y.numerator * x.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
