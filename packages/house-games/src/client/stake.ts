import { fromMinorUnits, parseMinorUnits } from '@wl/contracts';
import type { GameLimits } from '../api.js';

/*
 * The stake a player types or steps to, as exact decimals (ADR 0025): whole cents, between the
 * game's minimum and maximum bet and not above the balance. The server checks all of it again;
 * this only spares the player a refused bet.
 */

const CENT = 100n;
/** A typed amount: digits, then one decimal point or comma and at most two digits (no thousands separators). */
const TYPED_AMOUNT = /^(\d{1,12})(?:[.,](\d{1,2}))?$/;

export type StakeProblem = 'invalid' | 'tooSmall' | 'tooLarge' | 'overBalance';
export type StakeCheck = { ok: true; stake: string } | { ok: false; problem: StakeProblem };

function minor(amount: string): bigint {
  return parseMinorUnits(amount) ?? 0n;
}

/** The stake as the games' bets write it: "12.5", "3" (a decimal with at most 2 places). */
export function stakeString(minorUnits: bigint): string {
  return fromMinorUnits(minorUnits, { trim: true });
}

/** Checks a typed stake ("2", "2.5", "2,50") against the limits and the balance (null: unknown). */
export function parseStake(typed: string, limits: GameLimits, balance: string | null): StakeCheck {
  const match = TYPED_AMOUNT.exec(typed.trim());
  if (!match) return { ok: false, problem: 'invalid' };
  const value = minor(`${match[1]}.${match[2] ?? '0'}`);
  if (value <= 0n) return { ok: false, problem: 'invalid' };
  if (value < minor(limits.minBet)) return { ok: false, problem: 'tooSmall' };
  if (value > minor(limits.maxBet)) return { ok: false, problem: 'tooLarge' };
  if (balance !== null && value > minor(balance)) return { ok: false, problem: 'overBalance' };
  return { ok: true, stake: stakeString(value) };
}

/** The 1-2-5 ladder of round amounts (in whole cents) from the minimum bet to the maximum, both included. */
export function stakeLadder(limits: GameLimits): bigint[] {
  const min = minor(limits.minBet);
  const max = minor(limits.maxBet);
  if (min <= 0n || max < min) return [];
  const steps = new Set<bigint>([min]);
  for (let power = CENT; power <= max; power *= 10n) {
    for (const factor of [1n, 2n, 5n]) {
      const value = power * factor;
      if (value > min && value < max) steps.add(value);
    }
  }
  steps.add(max);
  return [...steps].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The next amount of the ladder above (+1) or below (−1) the current stake, kept within the limits. */
export function stepStake(current: string, direction: 1 | -1, limits: GameLimits): string {
  const ladder = stakeLadder(limits);
  if (ladder.length === 0) return current;
  const value = minor(current);
  const next = direction === 1 ? ladder.find((step) => step > value) : [...ladder].reverse().find((step) => step < value);
  return stakeString(next ?? (direction === 1 ? ladder.at(-1)! : ladder[0]!));
}

/** Up to `count` quick amounts spread over the ladder, the minimum first (the stake presets, roulette's chips). */
export function stakePresets(limits: GameLimits, count = 4): string[] {
  const ladder = stakeLadder(limits);
  if (ladder.length <= count) return ladder.map(stakeString);
  // Small round amounts are what players pick most: the lower part of the ladder, and its top.
  const lower = ladder.slice(0, Math.min(ladder.length - 1, count * 2));
  const picked = new Set<bigint>();
  for (let index = 0; index < count - 1; index += 1) picked.add(lower[Math.round((index * (lower.length - 1)) / (count - 1))]!);
  picked.add(ladder.at(-1)!);
  return [...picked].map(stakeString);
}

/** The stake the page starts with: the ladder's first round amount at or above the minimum (often 1). */
export function defaultStake(limits: GameLimits): string {
  const ladder = stakeLadder(limits);
  const one = 100n * CENT;
  return stakeString(ladder.find((step) => step >= one) ?? ladder.at(-1) ?? minor(limits.minBet));
}
