import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CRASH_GROWTH_PER_MS,
  chainHash,
  chainParent,
  crashBetSchema,
  crashFlightMs,
  crashMultiplierAt,
  crashPointOfHash,
  crashSalt,
  effectiveCapHundredths,
} from '../../src/games/crash.js';
import { crashPointHundredths } from '../../src/games/crash-point.js';

const SEED = 'a'.repeat(64);
/** chainHash(SEED, 10, 3) on casino1's first chain. */
const GOLDEN_POINT = 197n;

describe('the crash seed chain (ADR 0032)', () => {
  it('links each hash to the one before it by SHA-256 of its hex text, down to the published end', () => {
    const length = 50;
    const end = chainHash(SEED, length, 0);
    for (const index of [1, 2, 25, 50]) {
      const hash = chainHash(SEED, length, index);
      expect(chainParent(hash)).toBe(chainHash(SEED, length, index - 1));
    }
    // Any tool recomputes a link: SHA-256 of the 64 characters.
    expect(chainParent(SEED)).toBe(createHash('sha256').update(SEED, 'utf8').digest('hex'));
    // The game server's Node SHA-256 gives the same chain.
    const nodeParent = (hash: string) => createHash('sha256').update(hash, 'utf8').digest('hex');
    expect(chainHash(SEED, length, 0, nodeParent)).toBe(end);
    expect(chainHash(SEED, length, length)).toBe(SEED);
    expect(() => chainHash(SEED, length, length + 1)).toThrow(RangeError);
  });

  it('reads a crash point from the first 52 bits of HMAC-SHA256(hash, salt), the same in any HMAC', () => {
    const hash = chainHash(SEED, 10, 3);
    const salt = crashSalt('casino1', 1);
    expect(salt).toBe('rocket:casino1:1');
    const digest = createHmac('sha256', hash).update(salt).digest();
    const u = (digest.readUIntBE(0, 6) * 16 + (digest[6]! >> 4)) / 2 ** 52;
    expect(crashPointOfHash(hash, salt)).toBe(crashPointHundredths(u));
    // Golden value: a change of the algorithm fails here.
    expect(crashPointOfHash(SEED, salt)).toBe(100n);
    expect(crashPointOfHash(hash, salt)).toBe(GOLDEN_POINT);
    // docs/provably-fair.md's worked example.
    expect(hash).toBe('31d0d97bec19c9c91d96e21a97b07bcd630d3aea6164cefebaeea42c1da2d592');
    expect(chainParent(hash)).toBe('dba35acbfec47711b4cd6af26f79216a9acef09c3401c30bacfc0ebcbffcf229');
    expect(chainHash(SEED, 10, 0)).toBe('15accf3f6028a0c192f087451376780e70d1ea276210a26a28c64459fda4f63c');
    expect(digest.toString('hex')).toBe('82045567c819baba53fb3f63e713a58c9877e2556da71cbb509c6d35ad8e2a53');
    expect(u).toBe(0.5078786257146024);
    // Another site's salt gives another point for the same hash (one chain never serves two sites alike).
    const points = new Set(Array.from({ length: 20 }, (_, site) => crashPointOfHash(hash, crashSalt(`site${site}`, 1))));
    expect(points.size).toBeGreaterThan(10);
  });
});

describe('the crash flight', () => {
  it('rises as e^(growth × ms) rounded down to a hundredth, and a flight ends exactly when its point is reached', () => {
    expect(crashMultiplierAt(0)).toBe(100n);
    expect(crashMultiplierAt(-5)).toBe(100n);
    expect(crashMultiplierAt(Math.log(2) / CRASH_GROWTH_PER_MS)).toBe(200n);
    for (const point of [101n, 137n, 200n, 1077n, 12_345n, 100_000_000n]) {
      const flight = crashFlightMs(point);
      expect(crashMultiplierAt(flight)).toBeGreaterThanOrEqual(point);
      expect(crashMultiplierAt(flight - 1)).toBeLessThan(point);
    }
    expect(crashFlightMs(100n)).toBe(0);
    // A faster growth (HOUSE_CRASH_SPEED) shortens the flight in proportion.
    expect(crashFlightMs(1000n, CRASH_GROWTH_PER_MS * 10)).toBe(Math.ceil(crashFlightMs(1000n) / 10));
  });

  it('takes a stake and an optional automatic cash-out from 1.01, refusing anything else without throwing', () => {
    expect(crashBetSchema.safeParse({ stake: '1', autoCashout: '1.01' }).success).toBe(true);
    expect(crashBetSchema.safeParse({ stake: '1' }).success).toBe(true);
    expect(crashBetSchema.safeParse({ stake: '1', autoCashout: null }).success).toBe(true);
    for (const autoCashout of ['1.00', '0.5', 'x', '2.345', '1000000.01', '-2', '']) {
      expect(crashBetSchema.safeParse({ stake: '1', autoCashout }).success, autoCashout).toBe(false);
    }
    expect(crashBetSchema.safeParse({ stake: '1', extra: true }).success).toBe(false);
    expect(effectiveCapHundredths([null, 250n, 300n])).toBe(250n);
  });
});
