import type { z } from 'zod';
import type { FloatSource } from '../fair/index.js';

/*
 * What every house game is to the studio's server (../server), its browser client (../client),
 * the verify page and the RTP simulation (scripts/bench-rtp.mjs): pure functions of the player's
 * bet, the round's fair random numbers and the player's later actions. No clock, no I/O, no
 * Math.random: replaying a round with its revealed seeds gives the same result (ADR 0030).
 *
 * Money inside a game is in minor units as bigint: MINOR_PER_UNIT (10^4) of the contracts per
 * unit of the site's currency, so "12.5" is 125000n. Wins are rounded down to a whole cent
 * (CENT = 100n minor units).
 */

/** The lobby category a house game is listed in. */
export type HouseGameCategory = 'slots' | 'crash' | 'hashgame' | 'arcade' | 'table' | 'lottery';

/** A cent in minor units: wins are whole cents. */
export const CENT = 100n;

/** The random numbers of one round: its stream of numbers in [0, 1), and block 0's hex (the round's hash). */
export interface RoundRandom extends FloatSource {
  /** HMAC-SHA256 block 0 of the round as 64 hex digits: the hash game reads its outcome from it. */
  hash(): string;
}

/** A round after its start or an action. */
export interface RoundStep<State> {
  /** Everything the game needs to go on or to show the round, hidden parts included (JSON-safe: no bigint). */
  state: State;
  /** The round is over: what it pays in total, in minor units (0n for a loss). null while the player still has to act. */
  win: bigint | null;
}

export interface HouseGame<Bet, State, Action = never, View = unknown> {
  /** The catalogue's game code (upper case, e.g. MINES). */
  code: string;
  category: HouseGameCategory;
  /** The declared return to player, a fraction with 4 decimals ("0.9700"). */
  rtp: string;
  /** The player's bet as the client sends it; amounts are decimal strings of the site's currency. */
  betSchema: z.ZodType<Bet>;
  /** What the bet stakes in total, in minor units (roulette: the sum of its chips). */
  stakeOf(bet: Bet): bigint;
  /** Starts a round: every random number the round will use is drawn here. */
  start(bet: Bet, random: RoundRandom): RoundStep<State>;
  /** Multi-step games (mines): the player's actions, and applying one (no randomness after start). */
  actionSchema?: z.ZodType<Action>;
  act?(state: State, action: Action): RoundStep<State>;
  /** What the player may see of a round: hidden parts (mines) only once it is over. */
  view(state: State, over: boolean): View;
  /** The largest win of one round as a multiple of its stake: the studio's exposure checks use it. */
  maxMultiplier: number;
}

/** A game of any types, as the server's registry holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyHouseGame = HouseGame<any, any, any, any>;

// ── The games' bets, actions and views: the server, the client and the maths agree on these. ──

/** HASH-PARITY: the last hex digit of the round's hash; odd/even by its value, big 8–f, small 0–7. */
export type HashPick = 'odd' | 'even' | 'big' | 'small';
export interface HashBet {
  stake: string;
  pick: HashPick;
}
export interface HashView {
  /** The round's hash (64 hex digits); the outcome is its last digit. */
  hash: string;
  /** That digit's value, 0–15. */
  digit: number;
  pick: HashPick;
  won: boolean;
  /** What a win pays per unit staked ("1.94"). */
  multiplier: string;
}

/** MINES: a 5×5 grid (cells 0–24, row by row) hiding 1–24 mines. */
export interface MinesBet {
  stake: string;
  mines: number;
}
export type MinesAction = { type: 'reveal'; cell: number } | { type: 'cashout' };
export interface MinesView {
  mines: number;
  /** Safe cells revealed so far, in the order chosen. */
  revealed: number[];
  /** The payout multiple now (cashing out pays stake × this), "1.00" before the first pick. */
  multiplier: string;
  /** The multiple after one more safe pick; null when no safe cell is left. */
  nextMultiplier: string | null;
  /** Once over: where the mines were. */
  minePositions: number[] | null;
  /** Once over: the cell that held a mine when the player hit one. */
  hitMine: number | null;
}

/**
 * ROULETTE (European, single zero). A chip's bet key:
 *   straight:N · split:A-B · street:N (the street starting at N: 1, 4 … 34; also 0-1-2 and 0-2-3 as trio:1 / trio:2)
 *   corner:A-B-C-D · line:N (six numbers from N) · basket (0-1-2-3) · dozen:1|2|3 · column:1|2|3
 *   red · black · odd · even · low · high
 * Call bets (voisins, tiers, orphelins, jeu zéro, neighbours) are sets of these chips (roulette module).
 */
export interface RouletteChip {
  bet: string;
  amount: string;
}
export interface RouletteBet {
  chips: RouletteChip[];
}
export interface RouletteView {
  /** The pocket the ball landed in, 0–36. */
  number: number;
  color: 'red' | 'black' | 'green';
  /** Each chip with what it won (its stake included; "0" when it lost). */
  chips: Array<RouletteChip & { win: string }>;
}

/** KENO: 40 numbers (1–40), 10 drawn; the player picks 1–10. */
export interface KenoBet {
  stake: string;
  picks: number[];
}
export interface KenoView {
  picks: number[];
  /** The 10 numbers drawn, in the order drawn. */
  drawn: number[];
  hits: number[];
  /** The paytable's multiple for this many picks and hits ("0" when nothing). */
  multiplier: string;
}
