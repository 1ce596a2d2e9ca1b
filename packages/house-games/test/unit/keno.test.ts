import { describe, expect, it } from 'vitest';
import { binomial, ratio, ratioToFixed, ratioToNumber } from '../../src/games/exact.js';
import { KENO_PAYTABLE, keno, kenoHitChance, kenoRtp, kenoSimulatedRtp, simulatedPlayer } from '../../src/games/keno.js';
import { goldenRound, seededSource } from './games-helpers.js';

describe('KENO', () => {
  it('has hypergeometric hit chances (checked against the draw-side formula) that sum to 1', () => {
    for (let picks = 1; picks <= 10; picks += 1) {
      let total = ratio(0n, 1n);
      for (let hits = 0; hits <= picks; hits += 1) {
        // Seen from the draw: h of the 10 drawn among the n picked, 10 − h among the 40 − n others.
        const drawSide = ratio(binomial(picks, hits) * binomial(40 - picks, 10 - hits), binomial(40, 10));
        expect(kenoHitChance(picks, hits)).toEqual(drawSide);
        total = ratio(total.num * drawSide.den + drawSide.num * total.den, total.den * drawSide.den);
      }
      expect(total).toEqual(ratio(1n, 1n));
    }
  });

  it('gives every pick count an exact RTP in [0.9630, 0.9650] and declares their mean', () => {
    const rtps = Array.from({ length: 10 }, (_, index) => ratioToFixed(kenoRtp(index + 1), 6));
    expect(rtps).toEqual(['0.965000', '0.964423', '0.963765', '0.964922', '0.963016', '0.964299', '0.963873', '0.963582', '0.964813', '0.964933']);
    for (let picks = 1; picks <= 10; picks += 1) {
      expect(ratioToNumber(kenoRtp(picks))).toBeGreaterThanOrEqual(0.963);
      expect(ratioToNumber(kenoRtp(picks))).toBeLessThanOrEqual(0.965);
      expect(KENO_PAYTABLE[picks]).toHaveLength(picks + 1);
    }
    expect(kenoRtp(1)).toEqual(ratio(965n, 1000n)); // 1/4 × 3.86
    expect(keno.rtp).toBe(ratioToFixed(kenoSimulatedRtp()));
    expect(keno.rtp).toBe('0.9643');
    expect(keno.maxMultiplier).toBe(Math.max(...Object.values(KENO_PAYTABLE).flat().map(Number)));
  });

  it('draws 10 distinct numbers of 1–40 and pays the paytable (golden round)', () => {
    const round = keno.start({ stake: '1', picks: [4, 9, 17, 33, 40] }, goldenRound(3));
    expect(round.state.drawn).toEqual([33, 9, 38, 24, 4, 6, 19, 23, 17, 11]);
    expect(round.win).toBe(200_000n); // 4 hits of 5: 20 ×
    expect(keno.view(round.state, true)).toEqual({ picks: [4, 9, 17, 33, 40], drawn: round.state.drawn, hits: [33, 9, 4, 17], multiplier: '20' });
    const nothing = keno.start({ stake: '1', picks: [1, 2] }, goldenRound(3));
    expect(nothing.win).toBe(0n);
    expect(keno.view(nothing.state, true)).toMatchObject({ hits: [], multiplier: '0' });
    // 0.33 × 0.82 (2 hits of 6) = 0.2706 → 0.27
    expect(keno.start({ stake: '0.33', picks: [33, 9, 1, 2, 3, 5] }, goldenRound(3)).win).toBe(2_700n);
  });

  it('refuses bad picks', () => {
    for (const picks of [[], [0], [41], [1, 1], [1.5], ['1'], Array.from({ length: 11 }, (_, index) => index + 1)]) {
      expect(keno.betSchema.safeParse({ stake: '1', picks }).success, JSON.stringify(picks)).toBe(false);
    }
    expect(keno.betSchema.safeParse({ stake: '1', picks: [1], extra: 0 }).success).toBe(false);
    expect(keno.betSchema.safeParse({ stake: '1', picks: Array.from({ length: 10 }, (_, index) => 31 + index) }).success).toBe(true);
  });

  it('has a simulated player playing every pick count', () => {
    const choice = seededSource(5);
    const counts = new Set<number>();
    for (let round = 0; round < 200; round += 1) counts.add(keno.betSchema.parse(simulatedPlayer.bet(choice)).picks.length);
    expect(counts.size).toBe(10);
  });
});
