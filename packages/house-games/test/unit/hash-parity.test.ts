import { describe, expect, it } from 'vitest';
import { ratio } from '../../src/games/exact.js';
import { HASH_PICKS, hashDigit, hashParity, simulatedPlayer } from '../../src/games/hash-parity.js';
import { fixedRound, goldenRound, seededSource } from './games-helpers.js';

describe('HASH-PARITY', () => {
  it('reads the last hex digit of the round hash (golden round)', () => {
    const round = hashParity.start({ stake: '2.50', pick: 'big' }, goldenRound(0));
    expect(round.state.hash).toBe('2057bf69f26abd4be82a7efe1cb9405cc8b997fda1981f9785bf347ecf1e70bc');
    expect(round.win).toBe(48500n); // c = 12: big wins 2.50 × 1.94 = 4.85
    expect(hashParity.view(round.state, true)).toEqual({ hash: round.state.hash, digit: 12, pick: 'big', won: true, multiplier: '1.94' });
    expect(hashParity.start({ stake: '2.50', pick: 'even' }, goldenRound(0)).win).toBe(48500n);
    expect(hashParity.start({ stake: '2.50', pick: 'odd' }, goldenRound(0)).win).toBe(0n);
    expect(hashParity.start({ stake: '2.50', pick: 'small' }, goldenRound(0)).win).toBe(0n);
  });

  it('wins on exactly 8 of the 16 digits for every pick: RTP 8/16 × 1.94 = 0.9700 exactly', () => {
    for (const pick of HASH_PICKS) {
      const winning = Array.from({ length: 16 }, (_, digit) => digit).filter(
        (digit) => hashParity.start({ stake: '1', pick }, fixedRound([], digit.toString(16).padStart(64, '0'))).win! > 0n,
      );
      expect(winning).toHaveLength(8);
      const expected = { odd: [1, 3, 5, 7, 9, 11, 13, 15], even: [0, 2, 4, 6, 8, 10, 12, 14], big: [8, 9, 10, 11, 12, 13, 14, 15], small: [0, 1, 2, 3, 4, 5, 6, 7] }[pick];
      expect(winning).toEqual(expected);
    }
    expect(ratio(8n * 194n, 16n * 100n)).toEqual(ratio(97n, 100n));
    expect(hashParity.rtp).toBe('0.9700');
  });

  it('rounds a win down to the cent', () => {
    // 0.01 × 1.94 = 0.0194 → 0.01; 0.33 × 1.94 = 0.6402 → 0.64
    expect(hashParity.start({ stake: '0.01', pick: 'odd' }, fixedRound([], 'f'.repeat(64))).win).toBe(100n);
    expect(hashParity.start({ stake: '0.33', pick: 'odd' }, fixedRound([], 'f'.repeat(64))).win).toBe(6400n);
    expect(hashDigit('abc')).toBe(12);
  });

  it('refuses a bad bet', () => {
    for (const bet of [
      { stake: '0', pick: 'odd' },
      { stake: '0.00', pick: 'odd' },
      { stake: '-1', pick: 'odd' },
      { stake: '1.234', pick: 'odd' },
      { stake: '1e3', pick: 'odd' },
      { stake: '1234567890123', pick: 'odd' },
      { stake: 1, pick: 'odd' },
      { stake: '1', pick: 'red' },
      { stake: '1', pick: 'odd', extra: true },
      { pick: 'odd' },
    ]) {
      expect(hashParity.betSchema.safeParse(bet).success, JSON.stringify(bet)).toBe(false);
    }
    expect(hashParity.betSchema.parse({ stake: '999999999999.99', pick: 'small' })).toEqual({ stake: '999999999999.99', pick: 'small' });
    expect(hashParity.stakeOf({ stake: '12.5', pick: 'odd' })).toBe(125000n);
  });

  it("has a simulated player whose bets are valid and spread over the picks", () => {
    const choice = seededSource(1);
    const picks = new Set(Array.from({ length: 100 }, () => hashParity.betSchema.parse(simulatedPlayer.bet(choice)).pick));
    expect(picks).toEqual(new Set(HASH_PICKS));
  });
});
