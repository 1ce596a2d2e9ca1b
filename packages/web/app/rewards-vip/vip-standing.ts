import { fromMinorUnits, parseMinorUnits, type VipLevel, type VipNextLevel } from '@wl/contracts';

/**
 * What is left to reach a target: target − (starting + cycle), never below 0; the same amounts as
 * the progress of docs/product.md §9, so a bar at 100 % always has nothing left. Exact (ADR 0025); null when an amount is not a number.
 */
export function amountLeft(starting: string, cycle: string, target: string): string | null {
  const [done1, done2, goal] = [parseMinorUnits(starting), parseMinorUnits(cycle), parseMinorUnits(target)];
  if (done1 === null || done2 === null || goal === null) return null;
  const left = goal - done1 - done2;
  return fromMinorUnits(left > 0n ? left : 0n);
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
