import { describe, expect, it } from 'vitest';
import type { CrashRoundState, RoundView } from '../../src/api.js';
import { CRASH_GROWTH_PER_MS, chainHash, crashPointOfHash, crashSalt } from '../../src/games/crash.js';
import { hundredthsText } from '../../src/games/money.js';
import { crashClient, parseAutoCashout } from '../../src/client/games/Crash.js';
import { betterSample, crashTier, frameAt, sampleOf } from '../../src/client/games/crash-clock.js';
import { currentBet } from '../../src/client/games/crash-feed.js';
import { verifyChainLink } from '../../src/client/verify.js';
import { translator } from '../../src/client/i18n/index.js';
import { formatter } from '../../src/client/format.js';

/* Rocket's page logic (src/client/games/Crash.tsx and its helpers) without a browser. */

const FLIGHT_AT = Date.parse('2026-01-01T12:00:00.000Z');

function round(overrides: Partial<CrashRoundState> = {}): CrashRoundState {
  return {
    round: 7,
    phase: 'betting',
    flightAt: new Date(FLIGHT_AT).toISOString(),
    bettingMs: 7000,
    crashedAt: null,
    crashPoint: null,
    nextAt: null,
    fair: { chain: 1, index: 7, salt: 'rocket:demo:1', previousHash: 'a'.repeat(64), hash: null },
    bets: [],
    ...overrides,
  };
}

function bet(id: string, roundNumber: number, status: RoundView['status'], cashedOut: string | null): RoundView {
  return {
    id,
    game: 'ROCKET',
    createdAt: new Date(FLIGHT_AT).toISOString(),
    stake: '1',
    win: status === 'open' ? null : cashedOut ? '2' : '0',
    status,
    bet: { stake: '1' },
    view: { round: roundNumber, autoCashout: null, cashedOut, crashPoint: null },
    fair: { serverSeedHash: 'a'.repeat(64), clientSeed: 'rocket:demo:1', nonce: roundNumber, serverSeed: null },
  };
}

describe("Rocket's clock", () => {
  it('counts down the betting, then runs the multiplier from flightAt ahead of the last poll', () => {
    const betting = frameAt(round(), FLIGHT_AT - 3_500, CRASH_GROWTH_PER_MS);
    expect(betting).toMatchObject({ phase: 'betting', hundredths: 100n, remainingMs: 3_500, bettingLeft: 0.5 });
    // The server still said "betting", but the flight has started on the page's clock.
    const flying = frameAt(round(), FLIGHT_AT + 11_553, CRASH_GROWTH_PER_MS);
    expect(flying.phase).toBe('flying');
    expect(hundredthsText(flying.hundredths)).toBe('2.00');
    // A server running faster rounds says so in growthPerMs: the page follows it, not the default.
    expect(hundredthsText(frameAt(round(), FLIGHT_AT + 1_156, CRASH_GROWTH_PER_MS * 10).hundredths)).toBe('2.00');
  });

  it('never shows more than the crash point once it is known, and counts down to the next round', () => {
    const crashed = round({
      phase: 'crashed',
      crashPoint: '1.37',
      crashedAt: new Date(FLIGHT_AT + 5_249).toISOString(),
      nextAt: new Date(FLIGHT_AT + 8_249).toISOString(),
    });
    const frame = frameAt(crashed, FLIGHT_AT + 60_000, CRASH_GROWTH_PER_MS);
    expect(frame).toMatchObject({ phase: 'crashed', hundredths: 137n, remainingMs: 0 });
    expect(frameAt(crashed, FLIGHT_AT + 6_249, CRASH_GROWTH_PER_MS).remainingMs).toBe(2_000);
  });

  it('keeps the offset of the sharpest answer, and a newer one once it is old', () => {
    const slow = sampleOf('2026-01-01T12:00:01.000Z', FLIGHT_AT - 400, FLIGHT_AT + 400)!;
    const sharp = sampleOf('2026-01-01T12:00:05.000Z', FLIGHT_AT + 3_990, FLIGHT_AT + 4_010)!;
    expect(slow).toMatchObject({ offsetMs: 1_000, roundTripMs: 800 });
    expect(betterSample(slow, sharp)).toBe(sharp);
    expect(betterSample(sharp, { ...slow, takenAt: FLIGHT_AT + 10_000 })).toBe(sharp);
    expect(betterSample(sharp, { ...slow, takenAt: FLIGHT_AT + 40_000 })).toMatchObject({ roundTripMs: 800 });
    expect(sampleOf('not a time', 0, 1)).toBeNull();
  });

  it('colours the crash points by size', () => {
    expect(['1.00', '1.99', '2.00', '9.99', '10.00', '100.00'].map(crashTier)).toEqual(['low', 'low', 'mid', 'mid', 'high', 'moon']);
  });
});

describe("Rocket's bet panel", () => {
  it('accepts automatic cash-outs of 1.01× or more with at most two decimals', () => {
    expect(parseAutoCashout('2')).toBe('2.00');
    expect(parseAutoCashout(' 1,5 ')).toBe('1.50');
    expect(parseAutoCashout('1.01')).toBe('1.01');
    expect(parseAutoCashout('1.00')).toBeNull();
    expect(parseAutoCashout('1.005')).toBeNull();
    expect(parseAutoCashout('abc')).toBeNull();
    expect(parseAutoCashout('')).toBeNull();
  });

  it("does not let a poll's older copy of the bet undo a cash-out's reply", () => {
    const cashed = bet('b1', 7, 'open', '2.00');
    const polledBefore = bet('b1', 7, 'open', null);
    expect(currentBet(cashed, polledBefore)).toBe(cashed);
    const settled = bet('b1', 7, 'settled', '2.00');
    expect(currentBet(cashed, settled)).toBe(settled);
    // A poll answered before the bet was recorded has no bet: the reply's stays.
    expect(currentBet(cashed, null)).toBe(cashed);
    // The next round's bet replaces the last round's.
    const next = bet('b2', 8, 'open', null);
    expect(currentBet(cashed, next)).toBe(next);
    expect(currentBet(next, settled)).toBe(next);
  });

  it('sums a round up in the history', () => {
    const t = translator('EN');
    const fmt = formatter('en-US', 'USD');
    expect(crashClient.summary({ round: 3, autoCashout: null, cashedOut: '2.10', crashPoint: '3.55' }, t, fmt)).toBe('Cashed out at 2.10× (crash 3.55×)');
    expect(crashClient.summary({ round: 3, autoCashout: '2.00', cashedOut: null, crashPoint: '1.20' }, t, fmt)).toBe('Lost (crash 1.20×)');
  });
});

describe("Rocket's verification", () => {
  const seed = 'f0'.repeat(32);
  const salt = crashSalt('demo', 1);

  it('recomputes the crash point and follows the hash to the previous one or to the chain end', () => {
    const hash = chainHash(seed, 20, 5);
    const result = verifyChainLink({ hash, salt, committed: chainHash(seed, 20, 4), index: 5 });
    expect(result.crashPoint).toBe(hundredthsText(crashPointOfHash(hash, salt)));
    expect(result.parent).toBe(chainHash(seed, 20, 4));
    expect(result.steps).toBe(1);
    expect(verifyChainLink({ hash, salt, committed: chainHash(seed, 20, 0), index: 5 }).steps).toBe(5);
  });

  it('says so when the hash does not lead to the committed one, and refuses what is not a hash', () => {
    const hash = chainHash(seed, 20, 5);
    expect(verifyChainLink({ hash, salt, committed: chainHash(seed, 20, 6), index: 5 }).steps).toBeNull();
    expect(verifyChainLink({ hash, salt: 'rocket:other:1', committed: '', index: 5 }).crashPoint).not.toBe(
      verifyChainLink({ hash, salt, committed: '', index: 5 }).crashPoint,
    );
    expect(() => verifyChainLink({ hash: 'xyz', salt, committed: '', index: 1 })).toThrow();
    expect(() => verifyChainLink({ hash, salt, committed: '', index: -1 })).toThrow();
  });
});
