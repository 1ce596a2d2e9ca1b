import type { VipLevel, VipNextLevel } from '@wl/contracts';

/** Money strings are exact decimals: worked in ten-thousandths as BigInt, never as binary floats (decisions.md §6). */
const PLACES = 4;
const SCALE = 10n ** BigInt(PLACES);

function toUnits(amount: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const units = BigInt(match[2]!) * SCALE + BigInt((match[3] ?? '').slice(0, PLACES).padEnd(PLACES, '0'));
  return match[1] ? -units : units;
}

function fromUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const value = units < 0n ? -units : units;
  return `${sign}${value / SCALE}.${(value % SCALE).toString().padStart(PLACES, '0')}`;
}

/**
 * What is left to reach a target: target − (starting + cycle), never below 0; the same amounts as
 * the progress of spec §9, so a bar at 100 % always has nothing left. Null when an amount is not a number.
 */
export function amountLeft(starting: string, cycle: string, target: string): string | null {
  const [done1, done2, goal] = [toUnits(starting), toUnits(cycle), toUnits(target)];
  if (done1 === null || done2 === null || goal === null) return null;
  const left = goal - done1 - done2;
  return fromUnits(left > 0n ? left : 0n);
}

/** Whether an exact decimal is zero ("0", "0.0000"). */
export function isZero(amount: string): boolean {
  return toUnits(amount) === 0n;
}

export type LevelState = 'reached' | 'current' | 'next' | 'locked';

/**
 * Where each level of vip_levels stands for the player of /api/auth/vip: the reply names the current
 * level and the levels above it (the next first), so the list is matched by name. Null when the
 * player's standing is not known or names no listed level (the list then shows no standing).
 */
export function levelStates(levels: readonly VipLevel[], standing: { currentLevel: string; nextLevel: readonly VipNextLevel[] } | null): LevelState[] | null {
  if (!standing) return null;
  const current = levels.findIndex((level) => level.name === standing.currentLevel);
  if (current < 0) return null;
  return levels.map((_level, index) => (index < current ? 'reached' : index === current ? 'current' : index === current + 1 ? 'next' : 'locked'));
}
