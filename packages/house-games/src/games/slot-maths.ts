/*
 * LUCKY LANTERNS (code LANTERNS): the maths as data. The reel strips, the paytable, the paylines
 * and the bonus prizes below ARE the game: its declared RTP (slot.ts) was measured by simulating
 * exactly these. Any change to them needs a new simulation of at least 50 million rounds and a new
 * declared RTP (docs/provably-fair.md, section LANTERNS).
 */

/** The four high symbols, the five low ones (card ranks), the wild, the scatter and the bonus lantern. */
export const LANTERNS_SYMBOLS = ['dragon', 'phoenix', 'koi', 'coin', 'A', 'K', 'Q', 'J', '10', 'wild', 'scatter', 'lantern'] as const;
export type LanternsSymbol = (typeof LANTERNS_SYMBOLS)[number];

/** The symbols that pay on a line, highest first. */
export const LANTERNS_PAYING_SYMBOLS = ['dragon', 'phoenix', 'koi', 'coin', 'A', 'K', 'Q', 'J', '10'] as const satisfies readonly LanternsSymbol[];
export type LanternsPayingSymbol = (typeof LANTERNS_PAYING_SYMBOLS)[number];

export const REELS = 5;
export const ROWS = 3;
/** The total bet is spread over the 20 lines: a line's bet is stake / 20. */
export const LINE_COUNT = 20;

/**
 * What 3, 4 or 5 of a symbol pay on a line, left to right from reel 1, in multiples of the line bet
 * (stake / 20). The wild substitutes for each of them.
 */
export const LANTERNS_PAYTABLE: Readonly<Record<LanternsPayingSymbol, { 3: number; 4: number; 5: number }>> = {
  dragon: { 3: 30, 4: 125, 5: 600 },
  phoenix: { 3: 25, 4: 100, 5: 300 },
  koi: { 3: 20, 4: 60, 5: 200 },
  coin: { 3: 15, 4: 50, 5: 125 },
  A: { 3: 6, 4: 25, 5: 100 },
  K: { 3: 6, 4: 20, 5: 75 },
  Q: { 3: 5, 4: 15, 5: 60 },
  J: { 3: 4, 4: 12, 5: 50 },
  '10': { 3: 3, 4: 10, 5: 40 },
};

/**
 * The 20 fixed paylines: for each reel 1–5, the row (0 top, 1 middle, 2 bottom) the line crosses.
 * A line win's `line` is its index here (0 = the middle row).
 */
export const LANTERNS_PAYLINES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** Scatters anywhere on the screen (3, 4 or 5): what they pay in multiples of the TOTAL bet, and the free spins they award. */
export const SCATTER_PAYS: Readonly<Record<number, { pays: number; freeSpins: number }>> = {
  3: { pays: 2, freeSpins: 10 },
  4: { pays: 10, freeSpins: 15 },
  5: { pays: 50, freeSpins: 20 },
};

/** A round plays at most this many free spins in all (retriggers included). */
export const FREE_SPINS_CAP = 100;

/** A round pays at most this many times its stake: the rest of its spins are not played. */
export const MAX_WIN_MULTIPLIER = 5000;

/** The golden-lantern bonus: a lantern on each of reels 1, 3 and 5 in a base spin opens it. */
export const LANTERN_BONUS_REELS = [0, 2, 4] as const;
/** How many lanterns the player opens in the bonus. */
export const LANTERN_PICKS = 3;
/** What a lantern may hold, in multiples of the TOTAL bet, with its weight (of 100). */
export const LANTERN_PRIZES: readonly { multiplier: number; weight: number }[] = [
  { multiplier: 2, weight: 35 },
  { multiplier: 3, weight: 25 },
  { multiplier: 4, weight: 15 },
  { multiplier: 5, weight: 12 },
  { multiplier: 10, weight: 8 },
  { multiplier: 25, weight: 3 },
  { multiplier: 50, weight: 1 },
  { multiplier: 100, weight: 1 },
];

/*
 * The strips, written with short codes: DR dragon, PH phoenix, KO koi, CO coin, A K Q J, T the 10,
 * W a wild, W2/W3/W5 a wild carrying ×2/×3/×5 (free spins only), SC scatter, GL golden lantern.
 * Base game: wilds on reels 2–4 only, golden lanterns on reels 1, 3, 5 only. Free spins: the wilds
 * carry multipliers, no lanterns. The low symbols come in stacks of 3 and the high ones in stacks
 * of 2 (a stack on screen wins on several lines at once: fewer, larger wins for the same RTP, a hit
 * rate near 28 %); two stacks of a symbol never touch, nor two wilds. A scatter or a lantern is at
 * least 3 stops from the next one, so a reel never shows two.
 */
const BASE_CODES: readonly (readonly string[])[] = [
  ['Q', 'Q', 'Q', 'GL', 'K', 'K', 'K', 'CO', 'CO', 'GL', 'K', 'K', 'K', 'SC', 'KO', 'KO', 'SC', 'A', 'A', 'A', 'GL', 'J', 'J', 'J', 'T', 'T', 'T', 'DR', 'DR', 'T', 'T', 'T', 'PH', 'PH', 'A', 'A', 'A', 'KO', 'KO', 'J', 'J', 'J', 'Q', 'Q', 'Q', 'CO', 'CO'],
  ['W', 'J', 'J', 'J', 'W', 'SC', 'K', 'K', 'K', 'T', 'T', 'T', 'W', 'Q', 'Q', 'Q', 'CO', 'CO', 'Q', 'Q', 'Q', 'W', 'PH', 'PH', 'DR', 'DR', 'K', 'K', 'K', 'T', 'T', 'T', 'A', 'A', 'A', 'KO', 'KO', 'W', 'A', 'A', 'A', 'J', 'J', 'J', 'CO', 'CO', 'W', 'KO', 'KO'],
  ['A', 'A', 'A', 'T', 'T', 'T', 'W', 'Q', 'Q', 'Q', 'SC', 'W', 'KO', 'KO', 'J', 'J', 'J', 'A', 'A', 'A', 'J', 'J', 'J', 'K', 'K', 'K', 'DR', 'DR', 'KO', 'KO', 'PH', 'PH', 'W', 'GL', 'CO', 'CO', 'W', 'T', 'T', 'T', 'W', 'K', 'K', 'K', 'CO', 'CO', 'Q', 'Q', 'Q', 'W', 'GL'],
  ['T', 'T', 'T', 'W', 'KO', 'KO', 'A', 'A', 'A', 'K', 'K', 'K', 'W', 'Q', 'Q', 'Q', 'J', 'J', 'J', 'T', 'T', 'T', 'SC', 'CO', 'CO', 'Q', 'Q', 'Q', 'W', 'K', 'K', 'K', 'PH', 'PH', 'DR', 'DR', 'KO', 'KO', 'W', 'CO', 'CO', 'W', 'J', 'J', 'J', 'A', 'A', 'A', 'W'],
  ['GL', 'K', 'K', 'K', 'SC', 'CO', 'CO', 'T', 'T', 'T', 'PH', 'PH', 'T', 'T', 'T', 'CO', 'CO', 'K', 'K', 'K', 'Q', 'Q', 'Q', 'SC', 'KO', 'KO', 'J', 'J', 'J', 'A', 'A', 'A', 'J', 'J', 'J', 'GL', 'Q', 'Q', 'Q', 'DR', 'DR', 'GL', 'KO', 'KO', 'A', 'A', 'A'],
];
const FREE_CODES: readonly (readonly string[])[] = [
  ['Q', 'Q', 'Q', 'SC', 'J', 'J', 'J', 'KO', 'KO', 'K', 'K', 'K', 'A', 'A', 'A', 'K', 'K', 'K', 'CO', 'CO', 'T', 'T', 'T', 'Q', 'Q', 'Q', 'DR', 'DR', 'PH', 'PH', 'T', 'T', 'T', 'CO', 'CO', 'A', 'A', 'A', 'KO', 'KO', 'J', 'J', 'J'],
  ['W2', 'CO', 'CO', 'A', 'A', 'A', 'T', 'T', 'T', 'CO', 'CO', 'KO', 'KO', 'T', 'T', 'T', 'W3', 'A', 'A', 'A', 'PH', 'PH', 'J', 'J', 'J', 'SC', 'K', 'K', 'K', 'W5', 'DR', 'DR', 'W2', 'Q', 'Q', 'Q', 'W3', 'J', 'J', 'J', 'Q', 'Q', 'Q', 'W2', 'K', 'K', 'K', 'KO', 'KO'],
  ['K', 'K', 'K', 'J', 'J', 'J', 'A', 'A', 'A', 'CO', 'CO', 'T', 'T', 'T', 'Q', 'Q', 'Q', 'DR', 'DR', 'W2', 'KO', 'KO', 'K', 'K', 'K', 'W2', 'T', 'T', 'T', 'SC', 'W3', 'A', 'A', 'A', 'PH', 'PH', 'W5', 'Q', 'Q', 'Q', 'KO', 'KO', 'W2', 'J', 'J', 'J', 'W3', 'CO', 'CO'],
  ['J', 'J', 'J', 'T', 'T', 'T', 'W3', 'KO', 'KO', 'W3', 'SC', 'Q', 'Q', 'Q', 'W2', 'K', 'K', 'K', 'CO', 'CO', 'Q', 'Q', 'Q', 'A', 'A', 'A', 'W5', 'A', 'A', 'A', 'K', 'K', 'K', 'CO', 'CO', 'PH', 'PH', 'KO', 'KO', 'DR', 'DR', 'W2', 'T', 'T', 'T', 'J', 'J', 'J', 'W2'],
  ['T', 'T', 'T', 'J', 'J', 'J', 'K', 'K', 'K', 'SC', 'Q', 'Q', 'Q', 'A', 'A', 'A', 'K', 'K', 'K', 'T', 'T', 'T', 'J', 'J', 'J', 'PH', 'PH', 'A', 'A', 'A', 'KO', 'KO', 'DR', 'DR', 'CO', 'CO', 'KO', 'KO', 'CO', 'CO', 'Q', 'Q', 'Q'],
];

const CODE_SYMBOLS: Readonly<Record<string, { symbol: LanternsSymbol; multiplier: number }>> = {
  DR: { symbol: 'dragon', multiplier: 1 },
  PH: { symbol: 'phoenix', multiplier: 1 },
  KO: { symbol: 'koi', multiplier: 1 },
  CO: { symbol: 'coin', multiplier: 1 },
  A: { symbol: 'A', multiplier: 1 },
  K: { symbol: 'K', multiplier: 1 },
  Q: { symbol: 'Q', multiplier: 1 },
  J: { symbol: 'J', multiplier: 1 },
  T: { symbol: '10', multiplier: 1 },
  W: { symbol: 'wild', multiplier: 1 },
  W2: { symbol: 'wild', multiplier: 2 },
  W3: { symbol: 'wild', multiplier: 3 },
  W5: { symbol: 'wild', multiplier: 5 },
  SC: { symbol: 'scatter', multiplier: 1 },
  GL: { symbol: 'lantern', multiplier: 1 },
};

/** One reel's strip: its symbols from stop 0, and each stop's wild multiplier (1 where none). */
export interface ReelStrip {
  symbols: readonly LanternsSymbol[];
  multipliers: readonly number[];
}

function decodeStrip(codes: readonly string[]): ReelStrip {
  const cells = codes.map((code) => {
    const cell = CODE_SYMBOLS[code];
    if (!cell) throw new Error(`unknown strip code ${code}`);
    return cell;
  });
  return { symbols: cells.map((cell) => cell.symbol), multipliers: cells.map((cell) => cell.multiplier) };
}

/** The reel strips of the base game and of the free spins (the UI spins these). */
export const LANTERNS_REELS: { readonly base: readonly ReelStrip[]; readonly free: readonly ReelStrip[] } = {
  base: BASE_CODES.map(decodeStrip),
  free: FREE_CODES.map(decodeStrip),
};
