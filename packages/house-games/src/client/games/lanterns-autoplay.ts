import { parseMinorUnits } from '@wl/contracts';

/*
 * Lucky Lanterns' autoplay: the stop conditions the player set, checked with exact amounts in
 * minor units (ADR 0025). Autoplay is the page's own loop of ordinary spins: each spin is a bet the
 * server checks as any other, so these conditions only ever stop play earlier, never allow more.
 */

export const AUTOPLAY_SPIN_COUNTS = [10, 25, 50, 100] as const;

export interface AutoplaySettings {
  spins: number;
  /** Stop before a spin that could take the net loss since the start above this (minor units); null: no limit. */
  lossLimit: bigint | null;
  /** Stop after a single round that won more than this (minor units); null: never. */
  winAbove: bigint | null;
  /** Stop once a round awarded free spins (after playing it). */
  stopOnFreeSpins: boolean;
}

export type AutoplayStop = 'done' | 'lossLimit' | 'winAbove' | 'funds' | 'error' | 'freeSpins' | 'player';

/** An autoplay under way: how many spins are left and what it has staked and won so far. */
export interface AutoplayRun {
  settings: AutoplaySettings;
  left: number;
  staked: bigint;
  won: bigint;
}

export function startRun(settings: AutoplaySettings): AutoplayRun {
  return { settings, left: settings.spins, staked: 0n, won: 0n };
}

/** Whether the next spin may go, before it is bet: null when it may, or why autoplay stops. */
export function stopBeforeSpin(run: AutoplayRun, stake: bigint, balance: bigint): AutoplayStop | null {
  if (run.left <= 0) return 'done';
  if (stake > balance) return 'funds';
  // The next spin could lose its whole stake: stop when that would take the net loss above the limit.
  if (run.settings.lossLimit !== null && run.staked - run.won + stake > run.settings.lossLimit) return 'lossLimit';
  return null;
}

/** Counts the spin about to be bet: `left` is then the spins after it. */
export function beginSpin(run: AutoplayRun): void {
  run.left -= 1;
}

/** Counts a played spin's money into the run; null when autoplay goes on, or why it stops. */
export function afterSpin(run: AutoplayRun, round: { stake: bigint; win: bigint; freeSpins: boolean }): AutoplayStop | null {
  run.staked += round.stake;
  run.won += round.win;
  if (run.settings.winAbove !== null && round.win > run.settings.winAbove) return 'winAbove';
  if (run.settings.stopOnFreeSpins && round.freeSpins) return 'freeSpins';
  return run.left <= 0 ? 'done' : null;
}

/** A typed amount ("25", "25.5", "25,50"): minor units; null for an empty field; 'invalid' for anything else. */
export function parseLimit(typed: string): bigint | null | 'invalid' {
  const text = typed.trim();
  if (text === '') return null;
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return 'invalid';
  const value = parseMinorUnits(`${match[1]}.${match[2] ?? '0'}`);
  return value === null || value <= 0n ? 'invalid' : value;
}
