import { toMinorUnits } from '@wl/contracts';
import { z } from 'zod';
import { intBelow, pickDistinct } from '../fair/index.js';
import { binomial, meanOfRatios, ratio, type Ratio } from './exact.js';
import { hundredthsOf, hundredthsShort, stakeSchema, winOf } from './money.js';
import type { SimulatedPlayer } from './simulated-player.js';
import type { HouseGame, KenoBet, KenoView } from './types.js';

/*
 * KENO (docs/provably-fair.md): numbers 1–40; the round draws 10 with pickDistinct(random, 40, 10)
 * (+ 1 each), the player picks 1–10. With n picks, h hits come with the hypergeometric chance
 *   C(10, h) × C(30, n − h) / C(40, n),
 * and pay stake × KENO_PAYTABLE[n][h]. Each pick count's exact RTP (kenoRtp) lies between 0.9630
 * and 0.9650; the declared RTP is their mean, what the simulated player (pick count uniform) gets.
 */

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;

/**
 * The paytable: KENO_PAYTABLE[picks][hits] is the multiple of the stake paid ("0" when nothing).
 * Index 0 of each row is 0 hits.
 */
export const KENO_PAYTABLE: Readonly<Record<number, readonly string[]>> = {
  1: ['0', '3.86'],
  2: ['0', '1', '10.05'],
  3: ['0', '0.5', '3.22', '25'],
  4: ['0', '0', '2.39', '8', '60'],
  5: ['0', '0', '1.36', '4', '20', '200'],
  6: ['0', '0', '0.82', '2.5', '10', '60', '500'],
  7: ['0', '0', '0.5', '2.26', '5', '20', '120', '1000'],
  8: ['0', '0', '0.5', '1.27', '3.5', '12', '60', '300', '1000'],
  9: ['0', '0', '0.5', '0.75', '2.5', '8', '30', '150', '800', '2000'],
  10: ['0', '0', '0.2', '0.4', '2', '6', '25', '100', '500', '1000', '2500'],
};

/** KENO_PAYTABLE in hundredths. */
const PAYTABLE_HUNDREDTHS: readonly (readonly bigint[])[] = Array.from({ length: KENO_MAX_PICKS + 1 }, (_, picks) =>
  (KENO_PAYTABLE[picks] ?? []).map(hundredthsOf),
);

/** The chance of `hits` hits with `picks` picks, exactly. */
export function kenoHitChance(picks: number, hits: number): Ratio {
  return ratio(binomial(KENO_DRAWN, hits) * binomial(KENO_NUMBERS - KENO_DRAWN, picks - hits), binomial(KENO_NUMBERS, picks));
}

/** The exact RTP of playing `picks` numbers: Σ over hits of chance × multiple. */
export function kenoRtp(picks: number): Ratio {
  const row = PAYTABLE_HUNDREDTHS[picks];
  if (!row || picks < 1) throw new RangeError('keno takes 1 to 10 picks');
  let num = 0n;
  for (let hits = 0; hits <= picks; hits += 1) {
    num += binomial(KENO_DRAWN, hits) * binomial(KENO_NUMBERS - KENO_DRAWN, picks - hits) * row[hits]!;
  }
  return ratio(num, binomial(KENO_NUMBERS, picks) * 100n);
}

/** The simulated player's exact RTP: the mean of the 10 pick counts' RTPs. */
export function kenoSimulatedRtp(): Ratio {
  return meanOfRatios(Array.from({ length: KENO_MAX_PICKS }, (_, index) => kenoRtp(index + 1)));
}

export interface KenoState {
  stake: string;
  picks: number[];
  /** The 10 numbers drawn (1–40), in the order drawn. */
  drawn: number[];
}

function hitsOf(state: KenoState): number[] {
  return state.drawn.filter((number) => state.picks.includes(number));
}

export const keno: HouseGame<KenoBet, KenoState, never, KenoView> = {
  code: 'KENO',
  category: 'lottery',
  // kenoSimulatedRtp() to 4 decimals (a unit test checks it).
  rtp: '0.9643',
  betSchema: z.strictObject({
    stake: stakeSchema,
    picks: z
      .array(z.number().int().min(1).max(KENO_NUMBERS))
      .min(1)
      .max(KENO_MAX_PICKS)
      .refine((picks) => new Set(picks).size === picks.length, 'the picked numbers must be different'),
  }),
  stakeOf: (bet) => toMinorUnits(bet.stake),
  start(bet, random) {
    const drawn = pickDistinct(random, KENO_NUMBERS, KENO_DRAWN).map((index) => index + 1);
    const state = { stake: bet.stake, picks: [...bet.picks], drawn };
    const multiple = PAYTABLE_HUNDREDTHS[bet.picks.length]![hitsOf(state).length]!;
    return { state, win: winOf(toMinorUnits(bet.stake), multiple) };
  },
  view(state) {
    const hits = hitsOf(state);
    return { picks: [...state.picks], drawn: [...state.drawn], hits, multiplier: hundredthsShort(PAYTABLE_HUNDREDTHS[state.picks.length]![hits.length]!) };
  },
  maxMultiplier: 2500,
};

/** Stakes 1.00 on a pick count uniform in 1–10 and that many distinct numbers drawn at random. */
export const simulatedPlayer: SimulatedPlayer<KenoBet> = {
  bet: (choice) => ({ stake: '1.00', picks: pickDistinct(choice, KENO_NUMBERS, 1 + intBelow(choice, KENO_MAX_PICKS)).map((index) => index + 1) }),
};
