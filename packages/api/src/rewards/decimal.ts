/**
 * Exact decimals of numeric(20,4) as BigInt ten-thousandths, for comparing progress with targets
 * and working out percentages without binary floats (decisions.md §6).
 */
const SCALE = 10_000n;

/** "1250.5" → 12505000n; anything beyond 4 places is cut (PostgreSQL answers at most 4 here). */
export function toMinor(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not a decimal: ${amount}`);
  const value = BigInt(match[2]!) * SCALE + BigInt((match[3] ?? '').slice(0, 4).padEnd(4, '0'));
  return match[1] ? -value : value;
}

/** 12505000n → "1250.5000". */
export function fromMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const value = minor < 0n ? -minor : minor;
  return `${sign}${value / SCALE}.${(value % SCALE).toString().padStart(4, '0')}`;
}

/** min(progress, target) as a decimal string, and the whole percent of the target it is (0 to 100). */
export function capped(progress: string, target: string): { progress: string; percent: number } {
  const done = toMinor(progress);
  const goal = toMinor(target);
  if (goal <= 0n) return { progress: fromMinor(0n), percent: 0 };
  const kept = done < 0n ? 0n : done > goal ? goal : done;
  return { progress: fromMinor(kept), percent: Number((kept * 100n) / goal) };
}

export function atLeast(progress: string, target: string): boolean {
  return toMinor(progress) >= toMinor(target);
}
