import type { ClientGame } from './client-game.js';
import { crashClient } from './Crash.js';
import { hashParityClient } from './HashParity.js';
import { kenoClient } from './Keno.js';
import { lanternsClient } from './Lanterns.js';
import { minesClient } from './Mines.js';
import { rouletteClient } from './Roulette.js';

/** The page of each game code the studio serves (boot data's `game`). */
export const CLIENT_GAMES: Readonly<Record<string, ClientGame>> = {
  'HASH-PARITY': hashParityClient,
  MINES: minesClient,
  ROULETTE: rouletteClient,
  KENO: kenoClient,
  LANTERNS: lanternsClient,
  ROCKET: crashClient,
};
