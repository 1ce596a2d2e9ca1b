import { describe, expect, it } from 'vitest';
import { CRASH_MAX_HUNDREDTHS, crashPoint, crashPointHundredths } from '../../src/games/crash-point.js';

const GRID = 2n ** 32n;
/** The crash point of the grid number j / 2^32 (what FairStream's 4-byte numbers are). */
const pointAt = (j: bigint) => crashPointHundredths(Number(j) / 2 ** 32);

/** The smallest j whose point reaches `target` hundredths (the point grows with u). */
function firstReaching(target: bigint): bigint {
  let [low, high] = [0n, GRID]; // pointAt(high) would be the cap
  while (low < high) {
    const middle = (low + high) / 2n;
    if (pointAt(middle) >= target) high = middle;
    else low = middle + 1n;
  }
  return low;
}

describe('crashPoint', () => {
  it('is floor(97 / (1 − u)) / 100, at least 1.00, at most 1,000,000.00', () => {
    expect(crashPoint(0)).toBe('1.00');
    expect(crashPoint(0.02)).toBe('1.00');
    expect(crashPoint(0.03)).toBe('1.00'); // 97 / 0.97 = 99.99… in floats: the exact 0.03 double is just below 3/100
    expect(crashPoint(0.5)).toBe('1.94');
    expect(crashPoint(0.5 - 2 ** -53)).toBe('1.93');
    expect(crashPoint(0.75)).toBe('3.88');
    expect(crashPoint(0.9099638941697776)).toBe('10.77'); // docs/provably-fair.md's worked example
    expect(crashPoint(0.99)).toBe('96.99'); // the double 0.99 is just below 99/100: exact arithmetic sees it
    expect(crashPoint(127 / 128)).toBe('124.16');
    expect(crashPoint(1 - 2 ** -32)).toBe('1000000.00');
    expect(crashPointHundredths(1 - 2 ** -53)).toBe(CRASH_MAX_HUNDREDTHS);
    for (const u of [-0.1, 1, 1.5, Number.NaN]) expect(() => crashPoint(u)).toThrow(RangeError);
  });

  it('crashes at or above m with chance 0.97 / m on the 2^32 grid, exactly (to within one grid step)', () => {
    for (const target of [101n, 102n, 150n, 194n, 200n, 1_000n, 12_345n, 100_000n, 10_000_000n, 100_000_000n]) {
      const first = firstReaching(target);
      expect(pointAt(first)).toBeGreaterThanOrEqual(target);
      if (first > 0n) expect(pointAt(first - 1n)).toBeLessThan(target);
      // X ≥ m ⇔ u ≥ 1 − 0.97/m: the first grid point is ceil(2^32 (1 − 97/target)).
      const exactFirst = (GRID * (target - 97n) + target - 1n) / target;
      expect(first).toBe(exactFirst);
      // So P(X ≥ m) = (2^32 − first) / 2^32 is 0.97/m less under 1/2^32 (the grid rounds it down).
      const distance = 97n * GRID - (GRID - first) * target;
      expect(distance >= 0n && distance < target).toBe(true);
    }
    // 1.00 is the instant crash (every u below 0.03): the point always reaches it, nobody can cash out at it.
    expect(firstReaching(100n)).toBe(0n);
  });

  it('grows with u', () => {
    let previous = 0n;
    for (let j = 0n; j < GRID; j += GRID / 4096n + 12_345n) {
      const point = pointAt(j);
      expect(point).toBeGreaterThanOrEqual(previous);
      previous = point;
    }
  });
});
