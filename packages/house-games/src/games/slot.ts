import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { z } from 'zod';
import { intBelow, type FloatSource } from '../fair/index.js';
import { stakeSchema } from './money.js';
import type { SimulatedPlayer } from './simulated-player.js';
import {
  FREE_SPINS_CAP,
  LANTERN_BONUS_REELS,
  LANTERN_PICKS,
  LANTERN_PRIZES,
  LANTERNS_PAYLINES,
  LANTERNS_PAYTABLE,
  LANTERNS_REELS,
  LINE_COUNT,
  MAX_WIN_MULTIPLIER,
  REELS,
  ROWS,
  SCATTER_PAYS,
  type LanternsPayingSymbol,
  type LanternsSymbol,
  type ReelStrip,
} from './slot-maths.js';
import { CENT, type HouseGame } from './types.js';

export * from './slot-maths.js';

/*
 * LUCKY LANTERNS (code LANTERNS), a 5×3 video slot with 20 fixed lines (docs/provably-fair.md,
 * section LANTERNS; the maths as data in slot-maths.ts).
 *
 * A round is drawn whole at its start (a single-step game): the base spin, then the golden-lantern
 * bonus if it triggered, then every free spin. The round's numbers are used in exactly this order:
 *   1. the base spin: one intBelow(random, strip length) per reel, reels 1 to 5 (the reel's stop:
 *      the strip position shown on the top row; the rows below show the next positions, wrapping);
 *   2. if a golden lantern shows on each of reels 1, 3 and 5: one intBelow(random, 100) per lantern
 *      opened (3), each read against LANTERN_PRIZES' cumulative weights;
 *   3. each free spin in turn: one intBelow(random, strip length) per reel, reels 1 to 5, on the
 *      free-spin strips.
 * Line wins are multiples of the line bet (stake / 20) and scatter and lantern prizes multiples of
 * the total bet; all are counted in line bets (integers) and become money once, in minor units. A
 * round pays at most 5,000 × its stake: when its wins reach that, the round ends there (`capped`)
 * and its remaining free spins are not played. The round's win is rounded DOWN to a cent
 * (types.ts); the spins' and lines' wins are shown exact.
 *
 * RTP (`rtp` below): 0.9617, computed exactly from the strips' symbol counts without the caps
 * (0.96167); the caps (100 free spins, 5,000 × a round) lower it by less than the last digit: no
 * round of 60,000,000 simulated at a 1.00 stake reached either. That simulation (a seeded
 * generator, caps included) measured 0.96259, 99 % interval 0.96006–0.96512, a round's win with a
 * standard deviation of 7.6 × the stake; hit rate 28.4 %, free spins 1 in 189 rounds, the lantern
 * bonus 1 in 231, largest win 4,884 × (docs/provably-fair.md, section LANTERNS).
 */

export interface LanternsBet {
  /** The total bet, spread over the 20 lines. */
  stake: string;
}

/** A win on one payline. */
export interface LanternsLineWin {
  /** The payline's index in LANTERNS_PAYLINES (0 = the middle row). */
  line: number;
  symbol: LanternsPayingSymbol;
  /** How many reels from reel 1 it covers: 3, 4 or 5. */
  count: number;
  /** The product of the multipliers of the wilds in it (free spins); 1 when none. */
  multiplier: number;
  /** What it pays (exact): paytable × line bet × multiplier. */
  win: string;
  /** The cells of the win, [reel, row], reel 0 first. */
  cells: Array<[number, number]>;
}

/** A wild on screen: its cell and its multiplier (free spins ×2, ×3 or ×5; 1 in the base game). */
export interface LanternsWild {
  reel: number;
  row: number;
  multiplier: number;
}

export interface LanternsSpin {
  kind: 'base' | 'free';
  /** Each reel's stop: the strip position on its top row. */
  stops: number[];
  /** grid[reel][row]: 5 reels of 3 rows (row 0 at the top). */
  grid: LanternsSymbol[][];
  wilds: LanternsWild[];
  lineWins: LanternsLineWin[];
  /** Scatters on screen, and what they pay (exact; "0.0000" below 3). */
  scatters: number;
  scatterWin: string;
  /** Free spins this spin awarded (scatters), after the cap of 100 per round. */
  freeSpinsAwarded: number;
  /** The spin's lines and scatters (exact). */
  win: string;
}

/** The golden-lantern bonus: the lanterns opened, in order, and their prizes. */
export interface LanternsBonus {
  picks: Array<{ multiplier: number; win: string }>;
  win: string;
}

/** A LANTERNS round (also its state: everything is drawn at start, nothing is hidden). */
export interface LanternsView {
  stake: string;
  /** The base spin, then the free spins in order. */
  spins: LanternsSpin[];
  /** The golden-lantern bonus when the base spin opened it. */
  bonus: LanternsBonus | null;
  /** The round's win, rounded down to a cent, at most 5,000 × the stake. */
  totalWin: string;
  /** The round reached the 5,000× cap: spins after it were not played. */
  capped: boolean;
}

/** A line's best win in line bets (its multiplier included), or null. */
export interface LineHit {
  line: number;
  symbol: LanternsPayingSymbol;
  count: number;
  multiplier: number;
  /** Paytable entry × multiplier: the win in line bets. */
  lineBets: number;
}

const HIGHEST_SYMBOL: LanternsPayingSymbol = 'dragon';

function payOf(symbol: LanternsPayingSymbol, count: number): number {
  return count >= 3 ? LANTERNS_PAYTABLE[symbol][count as 3 | 4 | 5] : 0;
}

/**
 * The win of one payline, read left to right from reel 1: the first symbol other than a wild sets
 * the line's symbol, and the run goes on while the reels show it or a wild. The scatter and the
 * lantern break a run. A run of wilds alone pays as the highest symbol (the dragon; it cannot start
 * a line on LANTERNS' strips, whose reel 1 has no wild, but the rule keeps the evaluation whole);
 * when wilds lead a line, the line pays the higher of that and the substituted symbol's run. Only
 * the line's one highest win is paid. `multipliers[reel][row]` are the wilds' multipliers.
 */
export function evaluateLine(grid: readonly (readonly LanternsSymbol[])[], multipliers: readonly (readonly number[])[] | null, line: number): LineHit | null {
  const rows = LANTERNS_PAYLINES[line]!;
  let leadingWilds = 0;
  let leadingMultiplier = 1;
  let symbol: LanternsPayingSymbol | null = null;
  let count = 0;
  let multiplier = 1;
  for (let reel = 0; reel < REELS; reel += 1) {
    const row = rows[reel]!;
    const cell = grid[reel]![row]!;
    if (cell === 'wild') {
      const wildMultiplier = multipliers?.[reel]![row] ?? 1;
      if (symbol === null) {
        leadingWilds += 1;
        leadingMultiplier *= wildMultiplier;
      }
      count += 1;
      multiplier *= wildMultiplier;
      continue;
    }
    if (cell === 'scatter' || cell === 'lantern') break;
    if (symbol === null) {
      symbol = cell;
      count += 1;
    } else if (cell === symbol) {
      count += 1;
    } else {
      break;
    }
  }
  const wildsOnly = leadingWilds >= 3 ? payOf(HIGHEST_SYMBOL, leadingWilds) * leadingMultiplier : 0;
  const substituted = symbol !== null ? payOf(symbol, count) * multiplier : 0;
  if (wildsOnly === 0 && substituted === 0) return null;
  if (wildsOnly > substituted) return { line, symbol: HIGHEST_SYMBOL, count: leadingWilds, multiplier: leadingMultiplier, lineBets: wildsOnly };
  return { line, symbol: symbol!, count, multiplier, lineBets: substituted };
}

/** How many scatters a screen shows (anywhere). */
export function scatterCount(grid: readonly (readonly LanternsSymbol[])[]): number {
  let scatters = 0;
  for (const reel of grid) for (const cell of reel) if (cell === 'scatter') scatters += 1;
  return scatters;
}

/** Whether a base spin opens the golden-lantern bonus: a lantern on each of reels 1, 3 and 5. */
export function opensLanternBonus(grid: readonly (readonly LanternsSymbol[])[]): boolean {
  return LANTERN_BONUS_REELS.every((reel) => grid[reel]!.includes('lantern'));
}

/** The screen a set of stops shows on these strips. */
export function screenAt(strips: readonly ReelStrip[], stops: readonly number[]): { grid: LanternsSymbol[][]; multipliers: number[][] } {
  const grid: LanternsSymbol[][] = [];
  const multipliers: number[][] = [];
  for (let reel = 0; reel < REELS; reel += 1) {
    const strip = strips[reel]!;
    const length = strip.symbols.length;
    const symbols: LanternsSymbol[] = [];
    const reelMultipliers: number[] = [];
    for (let row = 0; row < ROWS; row += 1) {
      const position = (stops[reel]! + row) % length;
      symbols.push(strip.symbols[position]!);
      reelMultipliers.push(strip.multipliers[position]!);
    }
    grid.push(symbols);
    multipliers.push(reelMultipliers);
  }
  return { grid, multipliers };
}

/** The prize a lantern holds for a draw in [0, 100): LANTERN_PRIZES read by cumulative weight. */
export function lanternPrize(draw: number): number {
  let cumulative = 0;
  for (const prize of LANTERN_PRIZES) {
    cumulative += prize.weight;
    if (draw < cumulative) return prize.multiplier;
  }
  throw new RangeError(`lantern draw out of range: ${draw}`);
}

const LANTERN_WEIGHT_TOTAL = LANTERN_PRIZES.reduce((sum, prize) => sum + prize.weight, 0);
/** A round's wins in line bets: the cap (5,000 × the stake = 5,000 × 20 line bets). */
const CAP_LINE_BETS = MAX_WIN_MULTIPLIER * LINE_COUNT;

interface SpinResult {
  spin: LanternsSpin;
  lineBets: number;
  scatters: number;
}

function playSpin(kind: LanternsSpin['kind'], random: FloatSource, lineBet: bigint): SpinResult {
  const strips = kind === 'base' ? LANTERNS_REELS.base : LANTERNS_REELS.free;
  const stops = strips.map((strip) => intBelow(random, strip.symbols.length));
  const { grid, multipliers } = screenAt(strips, stops);
  const wilds: LanternsWild[] = [];
  for (let reel = 0; reel < REELS; reel += 1) {
    for (let row = 0; row < ROWS; row += 1) if (grid[reel]![row] === 'wild') wilds.push({ reel, row, multiplier: multipliers[reel]![row]! });
  }
  const lineWins: LanternsLineWin[] = [];
  let lineBets = 0;
  for (let line = 0; line < LANTERNS_PAYLINES.length; line += 1) {
    const hit = evaluateLine(grid, multipliers, line);
    if (!hit) continue;
    lineBets += hit.lineBets;
    const rows = LANTERNS_PAYLINES[line]!;
    lineWins.push({
      line,
      symbol: hit.symbol,
      count: hit.count,
      multiplier: hit.multiplier,
      win: fromMinorUnits(BigInt(hit.lineBets) * lineBet),
      cells: rows.slice(0, hit.count).map((row, reel): [number, number] => [reel, row]),
    });
  }
  const scatters = scatterCount(grid);
  const scatterLineBets = (SCATTER_PAYS[scatters]?.pays ?? 0) * LINE_COUNT;
  lineBets += scatterLineBets;
  const spin: LanternsSpin = {
    kind,
    stops,
    grid,
    wilds,
    lineWins,
    scatters,
    scatterWin: fromMinorUnits(BigInt(scatterLineBets) * lineBet),
    freeSpinsAwarded: 0,
    win: fromMinorUnits(BigInt(lineBets) * lineBet),
  };
  return { spin, lineBets, scatters };
}

/** Plays a whole round for `stake` (minor units, a whole number of cents) from the round's numbers. */
export function playLanterns(stake: bigint, random: FloatSource): { view: LanternsView; win: bigint } {
  if (stake <= 0n || stake % CENT !== 0n) throw new RangeError('a LANTERNS stake is a positive whole number of cents');
  const lineBet = stake / BigInt(LINE_COUNT);
  const spins: LanternsSpin[] = [];
  let bonus: LanternsBonus | null = null;
  let lineBets = 0;
  let capped = false;
  let freeSpinsLeft = 0;
  let freeSpinsAwarded = 0;

  const award = (result: SpinResult) => {
    const granted = Math.min(SCATTER_PAYS[result.scatters]?.freeSpins ?? 0, FREE_SPINS_CAP - freeSpinsAwarded);
    result.spin.freeSpinsAwarded = granted;
    freeSpinsAwarded += granted;
    freeSpinsLeft += granted;
  };
  const add = (won: number) => {
    lineBets += won;
    if (lineBets >= CAP_LINE_BETS) {
      lineBets = CAP_LINE_BETS;
      capped = true;
    }
  };

  const base = playSpin('base', random, lineBet);
  spins.push(base.spin);
  award(base);
  add(base.lineBets);
  if (!capped && opensLanternBonus(base.spin.grid)) {
    const picks: LanternsBonus['picks'] = [];
    let prizeLineBets = 0;
    for (let pick = 0; pick < LANTERN_PICKS; pick += 1) {
      const multiplier = lanternPrize(intBelow(random, LANTERN_WEIGHT_TOTAL));
      picks.push({ multiplier, win: fromMinorUnits(BigInt(multiplier) * stake) });
      prizeLineBets += multiplier * LINE_COUNT;
    }
    bonus = { picks, win: fromMinorUnits(BigInt(prizeLineBets) * lineBet) };
    add(prizeLineBets);
  }
  while (!capped && freeSpinsLeft > 0) {
    freeSpinsLeft -= 1;
    const free = playSpin('free', random, lineBet);
    spins.push(free.spin);
    award(free);
    add(free.lineBets);
  }

  const exact = BigInt(lineBets) * lineBet;
  const win = (exact / CENT) * CENT;
  return { view: { stake: fromMinorUnits(stake), spins, bonus, totalWin: fromMinorUnits(win), capped }, win };
}

export const lanterns: HouseGame<LanternsBet, LanternsView, never, LanternsView> = {
  code: 'LANTERNS',
  category: 'slots',
  rtp: '0.9617',
  betSchema: z.strictObject({ stake: stakeSchema }),
  stakeOf: (bet) => toMinorUnits(bet.stake),
  start(bet, random) {
    const { view, win } = playLanterns(toMinorUnits(bet.stake), random);
    return { state: view, win };
  },
  view: (state) => state,
  maxMultiplier: MAX_WIN_MULTIPLIER,
};

/** Stakes 1.00 every round: the RTP does not depend on the stake (whole cents per line bet aside). */
export const simulatedPlayer: SimulatedPlayer<LanternsBet> = {
  bet: () => ({ stake: '1.00' }),
};
