import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { z } from 'zod';
import { intBelow, type FloatSource } from '../fair/index.js';
import { ratio, type Ratio } from './exact.js';
import { stakeSchema } from './money.js';
import type { SimulatedPlayer } from './simulated-player.js';
import type { HouseGame, RouletteBet, RouletteChip, RouletteView } from './types.js';

/*
 * ROULETTE, European single zero (docs/provably-fair.md): the pocket is intBelow(random, 37), the
 * round's first number. Each chip's bet key (types.ts) covers a set of numbers; a winning chip
 * pays its stake × (payout + 1). Every bet covers n numbers and pays 36/n − 1 to 1, so every bet,
 * and any mix of them, returns 36/37 exactly (rouletteBetRtp enumerates the 37 pockets).
 * Keys are validated strictly (a split must be two adjacent numbers of the layout, written
 * smaller first, and so on); call bets are sets of these chips.
 */

/** The pockets in the wheel's order, clockwise from zero. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export type RouletteBetKind =
  | 'straight' | 'split' | 'street' | 'trio' | 'corner' | 'basket' | 'line'
  | 'dozen' | 'column' | 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';

/** What a winning chip pays to 1 (its stake comes back too): the paytable. */
export const ROULETTE_PAYOUTS: Readonly<Record<RouletteBetKind, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  trio: 11,
  corner: 8,
  basket: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

export const ROULETTE_BET_KINDS = Object.keys(ROULETTE_PAYOUTS) as RouletteBetKind[];

/** At most this many chips in one bet. */
export const ROULETTE_MAX_CHIPS = 200;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export function rouletteColor(pocket: number): RouletteView['color'] {
  if (pocket === 0) return 'green';
  return RED_NUMBERS.includes(pocket) ? 'red' : 'black';
}

/** The numbers a valid key ("split:1-2") covers; null for a key that is not a bet of the layout. */
export function coveredNumbers(key: string): readonly number[] | null {
  return KEY_COVERAGE.get(key) ?? null;
}

/** A bet key's kind: the text before ':' ("split:1-2" → split). */
export function betKind(key: string): RouletteBetKind {
  return key.split(':')[0] as RouletteBetKind;
}

/** Every valid key and what it covers, built once from the layout (12 rows of 3, zero above). */
const KEY_COVERAGE: ReadonlyMap<string, readonly number[]> = (() => {
  const keys = new Map<string, number[]>();
  const add = (key: string, numbers: number[]) => keys.set(key, numbers);
  for (const n of range(0, 36)) add(`straight:${n}`, [n]);
  for (const n of range(1, 36)) {
    if (n % 3 !== 0) add(`split:${n}-${n + 1}`, [n, n + 1]); // side by side in a row
    if (n <= 33) add(`split:${n}-${n + 3}`, [n, n + 3]); // one above the other in a column
    if (n % 3 !== 0 && n <= 32) add(`corner:${n}-${n + 1}-${n + 3}-${n + 4}`, [n, n + 1, n + 3, n + 4]);
  }
  for (const n of [1, 2, 3]) add(`split:0-${n}`, [0, n]);
  for (const n of range(0, 11).map((row) => 3 * row + 1)) {
    add(`street:${n}`, [n, n + 1, n + 2]);
    if (n <= 31) add(`line:${n}`, range(n, n + 5));
  }
  add('trio:1', [0, 1, 2]);
  add('trio:2', [0, 2, 3]);
  add('basket', [0, 1, 2, 3]);
  for (const d of [1, 2, 3]) {
    add(`dozen:${d}`, range(12 * (d - 1) + 1, 12 * d));
    add(`column:${d}`, range(1, 36).filter((n) => n % 3 === d % 3));
  }
  add('red', [...RED_NUMBERS]);
  add('black', range(1, 36).filter((n) => !RED_NUMBERS.includes(n)));
  add('odd', range(1, 36).filter((n) => n % 2 === 1));
  add('even', range(1, 36).filter((n) => n % 2 === 0));
  add('low', range(1, 18));
  add('high', range(19, 36));
  return keys;
})();

/** Every valid bet key (the simulated player and the tests draw from it). */
export const ROULETTE_BET_KEYS: readonly string[] = [...KEY_COVERAGE.keys()];

/** The payout to 1 of a valid key. */
export function payoutOf(key: string): number {
  return ROULETTE_PAYOUTS[betKind(key)];
}

/** A chip's exact RTP, enumerating the 37 pockets: Σ (payout + 1) over the covered pockets / 37. */
export function rouletteBetRtp(key: string): Ratio {
  const covered = coveredNumbers(key);
  if (!covered) throw new RangeError(`not a bet: ${key}`);
  let returned = 0n;
  for (let pocket = 0; pocket <= 36; pocket += 1) if (covered.includes(pocket)) returned += BigInt(payoutOf(key) + 1);
  return ratio(returned, 37n);
}

const chipSchema = z.strictObject({
  bet: z.string().refine((key) => KEY_COVERAGE.has(key), {
    message: 'not a bet of the layout (e.g. straight:17, split:17-20 with adjacent numbers smaller first, corner:1-2-4-5, street:1, line:1, trio:1, basket, dozen:2, column:3, red, odd, low)',
  }),
  amount: stakeSchema,
});

export interface RouletteState {
  chips: RouletteChip[];
  /** The pocket the ball landed in. */
  number: number;
}

/** What a chip returns on `pocket`, in minor units (its stake included; 0 when it lost). */
function chipWin(chip: RouletteChip, pocket: number): bigint {
  const covered = coveredNumbers(chip.bet);
  return covered?.includes(pocket) ? toMinorUnits(chip.amount) * BigInt(payoutOf(chip.bet) + 1) : 0n;
}

export const roulette: HouseGame<RouletteBet, RouletteState, never, RouletteView> = {
  code: 'ROULETTE',
  category: 'table',
  // 36/37 = 0.97297…
  rtp: '0.9730',
  betSchema: z.strictObject({ chips: z.array(chipSchema).min(1).max(ROULETTE_MAX_CHIPS) }),
  stakeOf: (bet) => bet.chips.reduce((sum, chip) => sum + toMinorUnits(chip.amount), 0n),
  start(bet, random) {
    const number = intBelow(random, 37);
    const chips = bet.chips.map((chip) => ({ bet: chip.bet, amount: chip.amount }));
    // Chips are whole cents and payouts whole numbers: every win is a whole cent already.
    return { state: { chips, number }, win: chips.reduce((sum, chip) => sum + chipWin(chip, number), 0n) };
  },
  view(state) {
    return {
      number: state.number,
      color: rouletteColor(state.number),
      chips: state.chips.map((chip) => ({ ...chip, win: fromMinorUnits(chipWin(chip, state.number), { trim: true }) })),
    };
  },
  // Every chip a straight on the same number.
  maxMultiplier: 36,
};

// ── Call bets: sets of chips, each a number of stake units on a key. ──

export interface ChipUnits {
  bet: string;
  units: number;
}

/** Voisins du zéro: 9 units on the 17 numbers from 22 to 25 around zero. */
export const VOISINS_DU_ZERO: readonly ChipUnits[] = [
  { bet: 'trio:2', units: 2 },
  { bet: 'split:4-7', units: 1 },
  { bet: 'split:12-15', units: 1 },
  { bet: 'split:18-21', units: 1 },
  { bet: 'split:19-22', units: 1 },
  { bet: 'corner:25-26-28-29', units: 2 },
  { bet: 'split:32-35', units: 1 },
];

/** Tiers du cylindre: 6 splits on the 12 numbers opposite zero (27 to 33). */
export const TIERS_DU_CYLINDRE: readonly ChipUnits[] = ['5-8', '10-11', '13-16', '23-24', '27-30', '33-36'].map((pair) => ({ bet: `split:${pair}`, units: 1 }));

/** Orphelins: the 8 numbers the other two miss, 1 straight and 4 splits. */
export const ORPHELINS: readonly ChipUnits[] = [
  { bet: 'straight:1', units: 1 },
  ...['6-9', '14-17', '17-20', '31-34'].map((pair) => ({ bet: `split:${pair}`, units: 1 })),
];

/** Jeu zéro: the 7 numbers nearest zero, 4 chips. */
export const JEU_ZERO: readonly ChipUnits[] = [
  { bet: 'split:0-3', units: 1 },
  { bet: 'split:12-15', units: 1 },
  { bet: 'straight:26', units: 1 },
  { bet: 'split:32-35', units: 1 },
];

/** `units` × `unit` as a chip amount ("0.5" × 2 → "1"). */
function chipsOf(set: readonly ChipUnits[], unit: string): RouletteChip[] {
  const unitMinor = toMinorUnits(unit);
  return set.map(({ bet, units }) => ({ bet, amount: fromMinorUnits(unitMinor * BigInt(units), { trim: true }) }));
}

export const voisinsDuZero = (unit: string): RouletteChip[] => chipsOf(VOISINS_DU_ZERO, unit);
export const tiersDuCylindre = (unit: string): RouletteChip[] => chipsOf(TIERS_DU_CYLINDRE, unit);
export const orphelins = (unit: string): RouletteChip[] => chipsOf(ORPHELINS, unit);
export const jeuZero = (unit: string): RouletteChip[] => chipsOf(JEU_ZERO, unit);

/** The pockets within `reach` (1–4) of `pocket` on each side of the wheel, the pocket in the middle. */
export function wheelNeighbours(pocket: number, reach: number): number[] {
  if (!Number.isInteger(pocket) || pocket < 0 || pocket > 36) throw new RangeError('a pocket is 0 to 36');
  if (!Number.isInteger(reach) || reach < 1 || reach > 4) throw new RangeError('neighbours reach 1 to 4 pockets each side');
  const at = WHEEL_ORDER.indexOf(pocket);
  return range(-reach, reach).map((offset) => WHEEL_ORDER[(at + offset + WHEEL_ORDER.length) % WHEEL_ORDER.length]!);
}

/** Neighbours: a straight on `pocket` and on `reach` pockets each side of it on the wheel. */
export function neighbours(pocket: number, reach: number, unit: string): RouletteChip[] {
  return chipsOf(wheelNeighbours(pocket, reach).map((n) => ({ bet: `straight:${n}`, units: 1 })), unit);
}

export const CALL_BETS = { voisinsDuZero, tiersDuCylindre, orphelins, jeuZero } as const;

// ── The simulated player ──

const KEYS_BY_KIND: ReadonlyMap<RouletteBetKind, string[]> = (() => {
  const byKind = new Map<RouletteBetKind, string[]>();
  for (const key of ROULETTE_BET_KEYS) byKind.set(betKind(key), [...(byKind.get(betKind(key)) ?? []), key]);
  return byKind;
})();

function randomChip(choice: FloatSource): RouletteChip {
  const keys = KEYS_BY_KIND.get(ROULETTE_BET_KINDS[intBelow(choice, ROULETTE_BET_KINDS.length)]!)!;
  return { bet: keys[intBelow(choice, keys.length)]!, amount: '1' };
}

/**
 * One to five chips of 1.00, each of a kind drawn uniformly from the 15 kinds and a key drawn
 * uniformly from that kind; one round in five a call bet (one of the four, or neighbours). Every
 * bet returns 36/37, so this player's RTP is 36/37 exactly.
 */
export const simulatedPlayer: SimulatedPlayer<RouletteBet> = {
  bet(choice) {
    if (intBelow(choice, 5) === 0) {
      const call = intBelow(choice, 5);
      const calls = [voisinsDuZero, tiersDuCylindre, orphelins, jeuZero];
      return { chips: call < 4 ? calls[call]!('1') : neighbours(intBelow(choice, 37), 1 + intBelow(choice, 4), '1') };
    }
    return { chips: Array.from({ length: 1 + intBelow(choice, 5) }, () => randomChip(choice)) };
  },
};
