/*
 * The crash game's formula (docs/provably-fair.md, ADR 0030): a round's crash point from one
 * uniform number u in [0, 1):
 *   X = floor(100 × 0.97 / (1 − u)) / 100, at least 1.00, at most 1,000,000.00.
 * On the cent grid P(X ≥ m) = 0.97 / m for every m from 1.01 up, so cashing out at any target m
 * returns m × 0.97 / m = 0.97: the house edge is 3 % whatever the player does. X = 1.00 (u below
 * 0.03, about 3 % of rounds) is the instant crash: every bet of the round loses, so the smallest
 * cash-out is 1.01 (a cash-out at 1.00 would return the stake every time). Computed exactly
 * with bigint (u is a double: u × 2^64 is an integer for every u ≥ 2^−11, and below 0.03 the
 * point is 1.00 anyway).
 */

export const CRASH_RTP = '0.9700';
/** The highest crash point, in hundredths (1,000,000.00). */
export const CRASH_MAX_HUNDREDTHS = 100_000_000n;

const TWO_64 = 2n ** 64n;

/** The crash point in hundredths: 100 (1.00) to 100,000,000 (1,000,000.00). */
export function crashPointHundredths(u: number): bigint {
  if (!(u >= 0 && u < 1)) throw new RangeError('u must be in [0, 1)');
  const scaled = BigInt(Math.floor(u * 2 ** 64)); // exact: a power-of-two scale
  const hundredths = (97n * TWO_64) / (TWO_64 - scaled);
  if (hundredths < 100n) return 100n;
  return hundredths > CRASH_MAX_HUNDREDTHS ? CRASH_MAX_HUNDREDTHS : hundredths;
}

/** The crash point as text with two decimals: "1.00", "2.37", "1000000.00". */
export function crashPoint(u: number): string {
  const hundredths = crashPointHundredths(u);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}
