/*
 * Exact rationals for the RTP computations (ADR 0030): a declared RTP is computed with bigint
 * fractions, never floats, so a unit test can compare it digit for digit.
 */

/** A non-negative fraction num/den, den > 0. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function ratio(num: bigint, den: bigint): Ratio {
  if (den <= 0n) throw new RangeError('a ratio needs a positive denominator');
  const divisor = gcd(num, den) || 1n;
  return { num: num / divisor, den: den / divisor };
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** The mean of several ratios (equal weights). */
export function meanOfRatios(values: readonly Ratio[]): Ratio {
  const sum = values.reduce(addRatios, ratio(0n, 1n));
  return ratio(sum.num, sum.den * BigInt(values.length));
}

/** Rounded half up to `places` decimals: { 97n, 100n } with 4 → "0.9700". */
export function ratioToFixed(value: Ratio, places = 4): string {
  const scale = 10n ** BigInt(places);
  const scaled = (value.num * scale * 2n + value.den) / (value.den * 2n);
  const whole = scaled / scale;
  return places > 0 ? `${whole}.${(scaled % scale).toString().padStart(places, '0')}` : `${whole}`;
}

/** A close float of the ratio (for display and the simulation's tolerance only). */
export function ratioToNumber(value: Ratio): number {
  return Number((value.num * 10n ** 15n) / value.den) / 1e15;
}

/** C(n, k): the number of ways to choose k of n. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}
