import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../../src/games/errors.js';
import { binomial, ratio, ratioToFixed, type Ratio } from '../../src/games/exact.js';
import {
  MINES_RTP_RANGE,
  mines,
  minesMultipleHundredths,
  minesRtp,
  minesSimulatedRtp,
  simulatedPicksLimit,
  simulatedPlayer,
  type MinesState,
} from '../../src/games/mines.js';
import { fixedRound, goldenRound, numberFor, seededSource } from './games-helpers.js';

/** Every placement of `count` mines among 25 cells. */
function* placements(count: number, from = 0): Generator<number[]> {
  if (count === 0) return yield [];
  for (let cell = from; cell <= 25 - count; cell += 1) for (const rest of placements(count - 1, cell + 1)) yield [cell, ...rest];
}

const compare = (a: Ratio, b: Ratio) => (a.num * b.den < b.num * a.den ? -1 : a.num * b.den > b.num * a.den ? 1 : 0);

/** A round with these mines (pickDistinct's first steps swap them into place when drawn in order). */
function roundWith(minePositions: number[], stake = '1'): MinesState {
  return { stake, mines: minePositions.length, minePositions, revealed: [], hitMine: null, cashedOut: false };
}

const act = (state: MinesState, action: Parameters<NonNullable<typeof mines.act>>[1]) => mines.act!(state, action);

describe('MINES multiples and RTP', () => {
  it('pays 0.97 × C(25, k) / C(25 − m, k) rounded down to 0.01', () => {
    expect(minesMultipleHundredths(1, 0)).toBe(100n);
    expect(minesMultipleHundredths(1, 1)).toBe(101n); // 1.0104…
    expect(minesMultipleHundredths(3, 1)).toBe(110n); // 1.1022…
    expect(minesMultipleHundredths(3, 2)).toBe(125n); // 0.97 × 300 / 231 = 1.2597… → 1.25
    expect(minesMultipleHundredths(24, 1)).toBe(2425n);
    expect(minesMultipleHundredths(1, 24)).toBe(2425n);
    expect(minesMultipleHundredths(12, 13)).toBe(504429100n); // 0.97 × 5,200,300
    for (let m = 1; m <= 24; m += 1) {
      for (let k = 1; k <= 25 - m; k += 1) {
        const h = minesMultipleHundredths(m, k);
        // the largest h with h / 100 ≤ 0.97 × C(25, k) / C(25 − m, k)
        expect(h * binomial(25 - m, k) <= 97n * binomial(25, k)).toBe(true);
        expect((h + 1n) * binomial(25 - m, k) > 97n * binomial(25, k)).toBe(true);
        expect(Number(h) / 100).toBeLessThanOrEqual(mines.maxMultiplier);
      }
    }
    expect(() => minesMultipleHundredths(0, 1)).toThrow(RangeError);
    expect(() => minesMultipleHundredths(3, 23)).toThrow(RangeError);
  });

  it('agrees with enumerating every placement of the mines', () => {
    for (const count of [1, 2, 3, 22, 24]) {
      const all = [...placements(count)];
      expect(BigInt(all.length)).toBe(binomial(25, count));
      for (let picks = 1; picks <= Math.min(4, 25 - count); picks += 1) {
        // The player reveals cells 0 … picks − 1 (any cells do: the mines are uniformly placed).
        const survived = all.filter((placement) => placement.every((cell) => cell >= picks)).length;
        const returned = ratio(BigInt(survived) * minesMultipleHundredths(count, picks), BigInt(all.length) * 100n);
        expect(minesRtp(count, picks)).toEqual(returned);
      }
    }
  });

  it('gives every strategy an RTP between 0.9625 and 0.9700, and declares the simulated player’s exactly', () => {
    let low = ratio(1n, 1n);
    let high = ratio(0n, 1n);
    for (let m = 1; m <= 24; m += 1) {
      for (let k = 1; k <= 25 - m; k += 1) {
        const rtp = minesRtp(m, k);
        if (compare(rtp, low) < 0) low = rtp;
        if (compare(rtp, high) > 0) high = rtp;
      }
    }
    expect(low).toEqual(ratio(9625n, 10000n));
    expect(minesRtp(2, 3)).toEqual(low);
    expect(high).toEqual(ratio(97n, 100n));
    expect(MINES_RTP_RANGE).toEqual({ low: ratioToFixed(low), high: ratioToFixed(high) });
    expect(minesSimulatedRtp()).toEqual(ratio(226656085271807n, 233853820200000n));
    expect(mines.rtp).toBe(ratioToFixed(minesSimulatedRtp()));
    expect(mines.rtp).toBe('0.9692');
    expect(Array.from({ length: 24 }, (_, index) => simulatedPicksLimit(index + 1))).toEqual([
      24, 22, 18, 16, 13, 11, 10, 9, 8, 7, 6, 5, 5, 4, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1,
    ]);
  });
});

describe('MINES rounds', () => {
  it('places the mines from the round’s numbers (golden round)', () => {
    const round = mines.start({ stake: '1', mines: 3 }, goldenRound(1));
    expect(round.win).toBeNull();
    expect(round.state.minePositions).toEqual([10, 13, 14]);
    expect(round.state.revealed).toEqual([]);
  });

  it('pays a cashout, hides the mines while open and shows them once over', () => {
    // pickDistinct: cell 7 (swapped with 0 to the front), then the 2nd of the 24 left behind it: cell 2.
    const started = mines.start({ stake: '0.33', mines: 2 }, fixedRound([numberFor(7, 25), numberFor(1, 24)]));
    expect(started.state.minePositions).toEqual([7, 2]);
    const first = act(started.state, { type: 'reveal', cell: 12 });
    expect(first.win).toBeNull();
    expect(mines.view(first.state, false)).toEqual({
      mines: 2,
      revealed: [12],
      multiplier: '1.05', // 0.97 × 25/23 = 1.0543…
      nextMultiplier: '1.15', // 0.97 × 300/253 = 1.1501…
      minePositions: null,
      hitMine: null,
    });
    const cashed = act(first.state, { type: 'cashout' });
    expect(cashed.win).toBe(3400n); // 0.33 × 1.05 = 0.3465 → 0.34
    expect(mines.view(cashed.state, true).minePositions).toEqual([2, 7]);
    expect(() => act(cashed.state, { type: 'reveal', cell: 0 })).toThrow(GameRuleError);
  });

  it('ends the round with nothing on a mine', () => {
    const state = roundWith([10, 13, 14]);
    const hit = act(act(state, { type: 'reveal', cell: 0 }).state, { type: 'reveal', cell: 13 });
    expect(hit.win).toBe(0n);
    expect(mines.view(hit.state, true)).toMatchObject({ revealed: [0], minePositions: [10, 13, 14], hitMine: 13 });
    try {
      act(hit.state, { type: 'cashout' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GameRuleError);
      expect((error as GameRuleError).rule).toBe('round_over');
    }
  });

  it('cashes out by itself on the last safe cell', () => {
    const state = roundWith(Array.from({ length: 24 }, (_, index) => index + 1), '2');
    const done = act(state, { type: 'reveal', cell: 0 });
    expect(done.win).toBe(485000n); // 2 × 24.25
    expect(done.state.cashedOut).toBe(true);
    expect(mines.view(done.state, true).nextMultiplier).toBeNull();
  });

  it('refuses a cashout before any pick, a cell twice and a cell off the grid', () => {
    const state = roundWith([10, 13, 14]);
    const rule = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof GameRuleError ? error.rule : 'other';
      }
      return 'none';
    };
    expect(rule(() => act(state, { type: 'cashout' }))).toBe('cashout_before_pick');
    expect(rule(() => act(act(state, { type: 'reveal', cell: 3 }).state, { type: 'reveal', cell: 3 }))).toBe('cell_already_revealed');
    expect(rule(() => act(state, { type: 'reveal', cell: 25 }))).toBe('cell_out_of_range');
    expect(rule(() => act(state, { type: 'reveal', cell: -1 }))).toBe('cell_out_of_range');
    for (const action of [{ type: 'reveal', cell: 25 }, { type: 'reveal', cell: 1.5 }, { type: 'reveal' }, { type: 'flag', cell: 1 }, { type: 'cashout', cell: 1 }]) {
      expect(mines.actionSchema!.safeParse(action).success, JSON.stringify(action)).toBe(false);
    }
  });

  it('refuses a bad bet', () => {
    for (const bet of [{ stake: '1', mines: 0 }, { stake: '1', mines: 25 }, { stake: '1', mines: 2.5 }, { stake: '1', mines: '3' }, { stake: '0', mines: 3 }, { stake: '1' }]) {
      expect(mines.betSchema.safeParse(bet).success, JSON.stringify(bet)).toBe(false);
    }
    expect(mines.stakeOf({ stake: '0.5', mines: 3 })).toBe(5000n);
  });

  it('has a simulated player that plays valid actions up to its limit', () => {
    const choice = seededSource(7);
    for (let round = 0; round < 300; round += 1) {
      const bet = mines.betSchema.parse(simulatedPlayer.bet(choice));
      let step = mines.start(bet, fixedRound(Array.from({ length: 24 }, () => choice.next())));
      while (step.win === null) step = act(step.state, mines.actionSchema!.parse(simulatedPlayer.action!(step.state, choice)));
      expect(step.state.revealed.length).toBeLessThanOrEqual(simulatedPicksLimit(bet.mines));
    }
  });
});
