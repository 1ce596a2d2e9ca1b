import { toMinorUnits } from '@wl/contracts';
import { z } from 'zod';
import { intBelow, pickDistinct } from '../fair/index.js';
import { GameRuleError } from './errors.js';
import { binomial, meanOfRatios, ratio, type Ratio } from './exact.js';
import { hundredthsText, stakeSchema, winOf } from './money.js';
import type { SimulatedPlayer } from './simulated-player.js';
import type { HouseGame, MinesAction, MinesBet, MinesView } from './types.js';

/*
 * MINES (docs/provably-fair.md): a 5×5 grid (cells 0–24, row by row) hides 1–24 mines, placed at
 * the start by pickDistinct(random, 25, mines). After k safe picks the round pays
 *   stake × 0.97 × C(25, k) / C(25 − mines, k), the multiple rounded DOWN to 0.01,
 * which is 0.97 divided by the chance of k safe picks in a row. Cashing out after k picks therefore
 * returns 0.97 × (rounded multiple / exact multiple): every strategy's RTP lies between
 * MINES_RTP_RANGE's bounds (0.9625, 2 mines and 3 picks, up to 0.9700). The declared RTP is the
 * simulated player's, computed exactly by minesSimulatedRtp (ADR 0030).
 */

export const MINES_CELLS = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

/** Every strategy's exact RTP lies in [low, high] (minesRtp over every mine count and number of picks; a unit test checks it). */
export const MINES_RTP_RANGE = { low: '0.9625', high: '0.9700' } as const;

/** The simulated player cashes out at a number of picks whose multiple is at most this. */
export const SIMULATED_MAX_MULTIPLE_HUNDREDTHS = 100_00n;

export interface MinesState {
  stake: string;
  mines: number;
  /** The mines' cells, in the order drawn. Hidden from the player until the round is over. */
  minePositions: number[];
  /** Safe cells revealed, in the order chosen. */
  revealed: number[];
  /** The mine the player hit (the round is lost), or null. */
  hitMine: number | null;
  /** The player cashed out (or revealed the last safe cell). */
  cashedOut: boolean;
}

function multipleHundredths(mines: number, safePicks: number): bigint {
  if (safePicks === 0) return 100n;
  return (97n * binomial(MINES_CELLS, safePicks)) / binomial(MINES_CELLS - mines, safePicks);
}

/** MULTIPLES[mines][picks], computed once: a round looks its multiples up. */
const MULTIPLES: readonly (readonly bigint[])[] = Array.from({ length: MINES_MAX + 1 }, (_, count) =>
  Array.from({ length: MINES_CELLS - count + 1 }, (_, picks) => (count === 0 ? 0n : multipleHundredths(count, picks))),
);

/** The multiple after `safePicks` safe picks with `mines` mines, in hundredths: 100 before any pick. */
export function minesMultipleHundredths(mines: number, safePicks: number): bigint {
  const multiple = MULTIPLES[mines]?.[safePicks];
  if (multiple === undefined || mines < MINES_MIN) throw new RangeError(`no multiple for ${mines} mines and ${safePicks} picks`);
  return multiple;
}

/** The exact RTP of cashing out after `picks` safe picks: multiple × P(picks safe picks in a row). */
export function minesRtp(mines: number, picks: number): Ratio {
  return ratio(minesMultipleHundredths(mines, picks) * binomial(MINES_CELLS - mines, picks), 100n * binomial(MINES_CELLS, picks));
}

/** The largest number of picks the simulated player aims for with `mines` mines (multiple ≤ 100×; at least 1). */
export function simulatedPicksLimit(mines: number): number {
  const limit = PICKS_LIMITS[mines];
  if (limit === undefined || mines < MINES_MIN) throw new RangeError(`no limit for ${mines} mines`);
  return limit;
}

const PICKS_LIMITS: readonly number[] = MULTIPLES.map((multiples) => {
  let limit = 1;
  multiples.forEach((multiple, picks) => {
    if (picks > 0 && multiple <= SIMULATED_MAX_MULTIPLE_HUNDREDTHS) limit = picks;
  });
  return limit;
});

/** The simulated player's exact RTP: mine count uniform in 1–24, then picks uniform in 1..simulatedPicksLimit. */
export function minesSimulatedRtp(): Ratio {
  const perMineCount: Ratio[] = [];
  for (let mines = MINES_MIN; mines <= MINES_MAX; mines += 1) {
    const limit = simulatedPicksLimit(mines);
    perMineCount.push(meanOfRatios(Array.from({ length: limit }, (_, index) => minesRtp(mines, index + 1))));
  }
  return meanOfRatios(perMineCount);
}

function isOver(state: MinesState): boolean {
  return state.hitMine !== null || state.cashedOut;
}

function cashOut(state: MinesState) {
  const win = winOf(toMinorUnits(state.stake), minesMultipleHundredths(state.mines, state.revealed.length));
  return { state: { ...state, cashedOut: true }, win };
}

export const mines: HouseGame<MinesBet, MinesState, MinesAction, MinesView> = {
  code: 'MINES',
  category: 'arcade',
  // minesSimulatedRtp() to 4 decimals (a unit test checks it).
  rtp: '0.9692',
  betSchema: z.strictObject({ stake: stakeSchema, mines: z.number().int().min(MINES_MIN).max(MINES_MAX) }),
  stakeOf: (bet) => toMinorUnits(bet.stake),
  start(bet, random) {
    const minePositions = pickDistinct(random, MINES_CELLS, bet.mines);
    return { state: { stake: bet.stake, mines: bet.mines, minePositions, revealed: [], hitMine: null, cashedOut: false }, win: null };
  },
  actionSchema: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('reveal'), cell: z.number().int().min(0).max(MINES_CELLS - 1) }),
    z.strictObject({ type: z.literal('cashout') }),
  ]),
  act(state, action) {
    if (isOver(state)) throw new GameRuleError('round_over', 'the round is over');
    if (action.type === 'cashout') {
      if (state.revealed.length === 0) throw new GameRuleError('cashout_before_pick', 'reveal a cell before cashing out');
      return cashOut(state);
    }
    const { cell } = action;
    if (!Number.isInteger(cell) || cell < 0 || cell >= MINES_CELLS) throw new GameRuleError('cell_out_of_range', 'cells are 0 to 24');
    if (state.revealed.includes(cell)) throw new GameRuleError('cell_already_revealed', 'that cell is revealed already');
    if (state.minePositions.includes(cell)) return { state: { ...state, hitMine: cell }, win: 0n };
    const next = { ...state, revealed: [...state.revealed, cell] };
    // The last safe cell cashes out by itself: nothing is left to risk.
    return next.revealed.length === MINES_CELLS - state.mines ? cashOut(next) : { state: next, win: null };
  },
  view(state, over) {
    const safeLeft = MINES_CELLS - state.mines - state.revealed.length;
    return {
      mines: state.mines,
      revealed: [...state.revealed],
      multiplier: hundredthsText(minesMultipleHundredths(state.mines, state.revealed.length)),
      nextMultiplier: safeLeft > 0 ? hundredthsText(minesMultipleHundredths(state.mines, state.revealed.length + 1)) : null,
      minePositions: over ? [...state.minePositions].sort((a, b) => a - b) : null,
      hitMine: over ? state.hitMine : null,
    };
  },
  // 12 (or 13) mines and every safe cell: 0.97 × C(25, 12) = 5,044,291.
  maxMultiplier: 5_044_291,
};

/**
 * Stakes 1.00 on a mine count uniform in 1–24, then aims for a number of picks uniform in
 * 1..simulatedPicksLimit(mines): after j safe picks it cashes out with probability 1/(limit − j + 1).
 * Cells are chosen at random (where does not matter: the mines are uniformly placed).
 */
export const simulatedPlayer: SimulatedPlayer<MinesBet, MinesState, MinesAction> = {
  bet: (choice) => ({ stake: '1.00', mines: MINES_MIN + intBelow(choice, MINES_MAX - MINES_MIN + 1) }),
  action(state, choice) {
    const picked = state.revealed.length;
    if (picked > 0 && intBelow(choice, simulatedPicksLimit(state.mines) - picked + 1) === 0) return { type: 'cashout' };
    const hidden = [];
    for (let cell = 0; cell < MINES_CELLS; cell += 1) if (!state.revealed.includes(cell)) hidden.push(cell);
    return { type: 'reveal', cell: hidden[intBelow(choice, hidden.length)]! };
  },
};
