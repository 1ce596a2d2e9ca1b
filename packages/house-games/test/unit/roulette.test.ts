import { describe, expect, it } from 'vitest';
import { ratio } from '../../src/games/exact.js';
import {
  RED_NUMBERS,
  ROULETTE_BET_KEYS,
  ROULETTE_MAX_CHIPS,
  ROULETTE_PAYOUTS,
  WHEEL_ORDER,
  betKind,
  coveredNumbers,
  jeuZero,
  neighbours,
  orphelins,
  roulette,
  rouletteBetRtp,
  simulatedPlayer,
  tiersDuCylindre,
  voisinsDuZero,
} from '../../src/games/roulette.js';
import type { RouletteChip } from '../../src/games/types.js';
import { fixedRound, goldenRound, numberFor, seededSource } from './games-helpers.js';

const pocketRound = (pocket: number) => fixedRound([numberFor(pocket, 37)]);
const covered = (chips: RouletteChip[]) => new Set(chips.flatMap((chip) => coveredNumbers(chip.bet) ?? []));
const units = (chips: RouletteChip[]) => chips.reduce((sum, chip) => sum + Number(chip.amount), 0);
const refused = (chips: unknown) => !roulette.betSchema.safeParse({ chips }).success;

describe('ROULETTE', () => {
  it('returns 36/37 on every bet key, enumerating the 37 pockets through start', () => {
    const counts: Record<string, number> = {};
    for (const key of ROULETTE_BET_KEYS) {
      counts[betKind(key)] = (counts[betKind(key)] ?? 0) + 1;
      let returned = 0n;
      let winningPockets = 0;
      for (let pocket = 0; pocket <= 36; pocket += 1) {
        const { state, win } = roulette.start({ chips: [{ bet: key, amount: '1' }] }, pocketRound(pocket));
        expect(state.number).toBe(pocket);
        returned += win!;
        if (win! > 0n) expect(win).toBe(BigInt(ROULETTE_PAYOUTS[betKind(key)] + 1) * 10_000n);
        if (win! > 0n) winningPockets += 1;
      }
      expect(returned, key).toBe(36n * 10_000n);
      expect(winningPockets).toBe(coveredNumbers(key)!.length);
      expect(rouletteBetRtp(key)).toEqual(ratio(36n, 37n));
    }
    expect(counts).toEqual({
      straight: 37, split: 60, street: 12, trio: 2, corner: 22, basket: 1, line: 11,
      dozen: 3, column: 3, red: 1, black: 1, odd: 1, even: 1, low: 1, high: 1,
    });
    expect(roulette.rtp).toBe('0.9730'); // 36/37 = 0.97297…
  });

  it('covers the usual numbers', () => {
    expect(coveredNumbers('street:34')).toEqual([34, 35, 36]);
    expect(coveredNumbers('line:31')).toEqual([31, 32, 33, 34, 35, 36]);
    expect(coveredNumbers('corner:1-2-4-5')).toEqual([1, 2, 4, 5]);
    expect(coveredNumbers('column:1')).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(coveredNumbers('column:3')!.at(-1)).toBe(36);
    expect(coveredNumbers('dozen:2')).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(coveredNumbers('trio:1')).toEqual([0, 1, 2]);
    expect(coveredNumbers('basket')).toEqual([0, 1, 2, 3]);
    expect(coveredNumbers('black')).toHaveLength(18);
  });

  it('refuses keys that are not bets of the layout, and bad chip counts or amounts', () => {
    for (const key of [
      'split:1-3', 'split:3-4', 'split:2-1', 'split:0-4', 'split:34-37', 'split:1-2-3', 'corner:3-4-6-7', 'corner:1-2-3-4',
      'corner:5-4-8-7', 'street:2', 'street:37', 'line:34', 'line:2', 'straight:37', 'straight:07', 'straight:-1',
      'straight', 'dozen:4', 'column:0', 'basket:1', 'trio:3', 'red:1', 'green', '', ' red', 'RED',
    ]) {
      expect(refused([{ bet: key, amount: '1' }]), key).toBe(true);
    }
    expect(refused([])).toBe(true);
    expect(refused(Array.from({ length: ROULETTE_MAX_CHIPS + 1 }, () => ({ bet: 'red', amount: '1' })))).toBe(true);
    expect(refused(Array.from({ length: ROULETTE_MAX_CHIPS }, () => ({ bet: 'red', amount: '1' })))).toBe(false);
    for (const amount of ['0', '-1', '1.001', '', 'one']) expect(refused([{ bet: 'red', amount }]), amount).toBe(true);
    expect(refused([{ bet: 'red', amount: '1', extra: 1 }])).toBe(true);
    expect(refused('red')).toBe(true);
  });

  it('spins the golden round and shows each chip’s win', () => {
    const bet = { chips: [{ bet: 'red', amount: '2.5' }, { bet: 'straight:16', amount: '0.1' }, { bet: 'dozen:1', amount: '1' }] };
    expect(roulette.stakeOf(bet)).toBe(36_000n);
    const round = roulette.start(bet, goldenRound(2));
    expect(round.state.number).toBe(16);
    expect(round.win).toBe(50_000n + 36_000n);
    expect(roulette.view(round.state, true)).toEqual({
      number: 16,
      color: 'red',
      chips: [
        { bet: 'red', amount: '2.5', win: '5' },
        { bet: 'straight:16', amount: '0.1', win: '3.6' },
        { bet: 'dozen:1', amount: '1', win: '0' },
      ],
    });
  });

  it('has the European wheel and colours', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, index) => index));
    expect(RED_NUMBERS).toHaveLength(18);
    // Red and black alternate around the wheel after zero.
    WHEEL_ORDER.slice(1).forEach((pocket, index) => expect(RED_NUMBERS.includes(pocket)).toBe(index % 2 === 0)); // 32 red, 15 black …
  });

  it('builds the call bets as chip sets on the wheel’s sectors', () => {
    const sector = (from: number, to: number) => {
      const start = WHEEL_ORDER.indexOf(from);
      const length = (WHEEL_ORDER.indexOf(to) - start + 37) % 37 + 1;
      return new Set(Array.from({ length }, (_, offset) => WHEEL_ORDER[(start + offset) % 37]!));
    };
    expect(units(voisinsDuZero('1'))).toBe(9);
    expect(covered(voisinsDuZero('1'))).toEqual(sector(22, 25));
    expect(units(tiersDuCylindre('1'))).toBe(6);
    expect(covered(tiersDuCylindre('1'))).toEqual(sector(27, 33));
    expect(units(orphelins('1'))).toBe(5);
    expect(covered(orphelins('1'))).toEqual(new Set([1, 20, 14, 31, 9, 17, 34, 6]));
    expect(units(jeuZero('1'))).toBe(4);
    expect(covered(jeuZero('1'))).toEqual(sector(12, 15));
    expect(new Set([...covered(voisinsDuZero('1')), ...covered(tiersDuCylindre('1')), ...covered(orphelins('1'))]).size).toBe(37);
    expect(voisinsDuZero('0.5')).toContainEqual({ bet: 'trio:2', amount: '1' });
    expect(voisinsDuZero('0.5')).toContainEqual({ bet: 'split:4-7', amount: '0.5' });
    expect(neighbours(0, 2, '1').map((chip) => chip.bet)).toEqual(['straight:3', 'straight:26', 'straight:0', 'straight:32', 'straight:15']);
    expect(neighbours(26, 1, '2').map((chip) => chip.bet)).toEqual(['straight:3', 'straight:26', 'straight:0']);
    expect(() => neighbours(5, 5, '1')).toThrow(RangeError);
    for (const chips of [voisinsDuZero('1'), tiersDuCylindre('1'), orphelins('1'), jeuZero('1'), neighbours(17, 4, '1')]) {
      expect(roulette.betSchema.safeParse({ chips }).success).toBe(true);
    }
  });

  it('has a simulated player whose bets are valid', () => {
    const choice = seededSource(3);
    const kinds = new Set<string>();
    for (let round = 0; round < 300; round += 1) {
      const bet = roulette.betSchema.parse(simulatedPlayer.bet(choice));
      bet.chips.forEach((chip) => kinds.add(betKind(chip.bet)));
    }
    expect(kinds.size).toBe(15);
  });
});
