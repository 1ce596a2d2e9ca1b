import { hashParity, simulatedPlayer as hashParityPlayer } from './hash-parity.js';
import { keno, simulatedPlayer as kenoPlayer } from './keno.js';
import { mines, simulatedPlayer as minesPlayer } from './mines.js';
import { roulette, simulatedPlayer as roulettePlayer } from './roulette.js';
import { lanterns, simulatedPlayer as lanternsPlayer } from './slot.js';
import type { SimulatedPlayer } from './simulated-player.js';
import type { AnyHouseGame } from './types.js';

/*
 * The studio's games, keyed by catalogue code. The server, the verify page and the RTP simulation
 * (scripts/bench-rtp.mjs) all look games up here. To add a game: import its module's game and
 * simulatedPlayer, and add one entry to STUDIO.
 */

export interface StudioEntry {
  game: AnyHouseGame;
  /** The player its declared RTP is computed for (ADR 0030). */
  simulatedPlayer: SimulatedPlayer;
}

const STUDIO: readonly StudioEntry[] = [
  { game: hashParity, simulatedPlayer: hashParityPlayer },
  { game: mines, simulatedPlayer: minesPlayer as SimulatedPlayer },
  { game: roulette, simulatedPlayer: roulettePlayer },
  { game: keno, simulatedPlayer: kenoPlayer },
  { game: lanterns, simulatedPlayer: lanternsPlayer },
];

export const HOUSE_GAMES: Readonly<Record<string, AnyHouseGame>> = Object.freeze(
  Object.fromEntries(STUDIO.map((entry) => [entry.game.code, entry.game])),
);

/** Each game's simulated player, keyed by code as HOUSE_GAMES. */
export const SIMULATED_PLAYERS: Readonly<Record<string, SimulatedPlayer>> = Object.freeze(
  Object.fromEntries(STUDIO.map((entry) => [entry.game.code, entry.simulatedPlayer])),
);

export function houseGame(code: string): AnyHouseGame | undefined {
  return Object.hasOwn(HOUSE_GAMES, code) ? HOUSE_GAMES[code] : undefined;
}

export * from './types.js';
export { GameRuleError } from './errors.js';
export { fairRoundRandom } from './round-random.js';
export { sfc32, type SimulatedPlayer } from './simulated-player.js';
export { crashPoint, crashPointHundredths, CRASH_MAX_HUNDREDTHS, CRASH_RTP } from './crash-point.js';
export {
  CRASH_BETTING_MS,
  CRASH_CHAIN_LENGTH,
  CRASH_GAME_CODE,
  CRASH_GROWTH_PER_MS,
  CRASH_MIN_CASHOUT,
  CRASH_PAUSE_MS,
  chainHash,
  chainParent,
  crashBetSchema,
  crashFlightMs,
  crashMultiplierAt,
  crashPointOfHash,
  crashSalt,
  type CrashBet,
  type CrashBetView,
} from './crash.js';
export { hashParity, hashDigit, hashPickWins, HASH_PICKS } from './hash-parity.js';
export { mines, minesMultipleHundredths, minesRtp, MINES_CELLS, MINES_MAX, MINES_MIN, MINES_RTP_RANGE } from './mines.js';
export {
  roulette,
  CALL_BETS,
  JEU_ZERO,
  ORPHELINS,
  RED_NUMBERS,
  ROULETTE_BET_KINDS,
  ROULETTE_MAX_CHIPS,
  ROULETTE_PAYOUTS,
  TIERS_DU_CYLINDRE,
  VOISINS_DU_ZERO,
  WHEEL_ORDER,
  coveredNumbers,
  jeuZero,
  neighbours,
  orphelins,
  rouletteColor,
  tiersDuCylindre,
  voisinsDuZero,
  wheelNeighbours,
  type ChipUnits,
  type RouletteBetKind,
} from './roulette.js';
export { keno, kenoHitChance, kenoRtp, KENO_MAX_PICKS, KENO_NUMBERS, KENO_PAYTABLE } from './keno.js';
/** Exact RTPs are fractions: ratioToFixed(kenoRtp(5)) → "0.9630" for a paytable. */
export { ratioToFixed, type Ratio } from './exact.js';
export {
  lanterns,
  FREE_SPINS_CAP as LANTERNS_FREE_SPINS_CAP,
  LANTERN_PRIZES,
  LANTERNS_PAYING_SYMBOLS,
  LANTERNS_PAYLINES,
  LANTERNS_PAYTABLE,
  LANTERNS_REELS,
  LANTERNS_SYMBOLS,
  MAX_WIN_MULTIPLIER as LANTERNS_MAX_WIN_MULTIPLIER,
  SCATTER_PAYS as LANTERNS_SCATTER_PAYS,
  type LanternsBet,
  type LanternsBonus,
  type LanternsLineWin,
  type LanternsSpin,
  type LanternsSymbol,
  type LanternsView,
} from './slot.js';
