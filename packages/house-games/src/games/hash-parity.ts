import { toMinorUnits } from '@wl/contracts';
import { z } from 'zod';
import { intBelow } from '../fair/index.js';
import { hundredthsText, stakeSchema, winOf } from './money.js';
import type { SimulatedPlayer } from './simulated-player.js';
import type { HashBet, HashPick, HashView, HouseGame } from './types.js';

/*
 * HASH-PARITY (docs/provably-fair.md): the outcome is the value of the LAST hex digit of the
 * round's hash (HMAC block 0), 0–15. odd/even by that value, small 0–7, big 8–15: each pick wins on
 * 8 of the 16 digits, and a win pays 1.94 × the stake, so the RTP is 8/16 × 1.94 = 0.97 exactly
 * (for stakes whose win is a whole cent, e.g. any multiple of 0.50; otherwise the cent rounded down).
 */

export const HASH_PICKS = ['odd', 'even', 'big', 'small'] as const satisfies readonly HashPick[];

/** What a win pays per unit staked, in hundredths (1.94). */
export const HASH_WIN_HUNDREDTHS = 194n;

export interface HashState {
  stake: string;
  pick: HashPick;
  /** The round's hash: 64 hex digits. */
  hash: string;
}

/** The value of the hash's last hex digit: the round's outcome. */
export function hashDigit(hash: string): number {
  const digit = Number.parseInt(hash.slice(-1), 16);
  if (!Number.isInteger(digit)) throw new Error('the round hash must end with a hex digit');
  return digit;
}

/** Whether `pick` wins on `digit` (0–15). */
export function hashPickWins(pick: HashPick, digit: number): boolean {
  switch (pick) {
    case 'odd':
      return digit % 2 === 1;
    case 'even':
      return digit % 2 === 0;
    case 'big':
      return digit >= 8;
    case 'small':
      return digit <= 7;
  }
}

export const hashParity: HouseGame<HashBet, HashState, never, HashView> = {
  code: 'HASH-PARITY',
  category: 'hashgame',
  rtp: '0.9700',
  betSchema: z.strictObject({ stake: stakeSchema, pick: z.enum(HASH_PICKS) }),
  stakeOf: (bet) => toMinorUnits(bet.stake),
  start(bet, random) {
    const hash = random.hash();
    const won = hashPickWins(bet.pick, hashDigit(hash));
    return { state: { stake: bet.stake, pick: bet.pick, hash }, win: won ? winOf(toMinorUnits(bet.stake), HASH_WIN_HUNDREDTHS) : 0n };
  },
  view(state) {
    const digit = hashDigit(state.hash);
    return { hash: state.hash, digit, pick: state.pick, won: hashPickWins(state.pick, digit), multiplier: hundredthsText(HASH_WIN_HUNDREDTHS) };
  },
  maxMultiplier: 1.94,
};

/** Stakes 1.00 (wins exact to the cent) on a random pick. */
export const simulatedPlayer: SimulatedPlayer<HashBet> = {
  bet: (choice) => ({ stake: '1.00', pick: HASH_PICKS[intBelow(choice, HASH_PICKS.length)]! }),
};
