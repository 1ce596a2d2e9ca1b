/*
 * Exact decimals in the browser (decisions.md §6): amounts arrive as decimal strings and are
 * compared or added here as BigInt ten-thousandths (the database's numeric scale), never through
 * binary floats.
 */

const SCALE_DIGITS = 4;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** "12.5" → 125000n; null for anything that is not a plain decimal. Digits past the fourth place are cut. */
export function toMinor(amount: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return null;
  const value = BigInt(match[2]!) * SCALE + BigInt((match[3] ?? '').slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0'));
  return match[1] ? -value : value;
}

/** 125000n → "12.5": the shortest exact decimal. */
export function fromMinor(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  const fraction = (magnitude % SCALE).toString().padStart(SCALE_DIGITS, '0').replace(/0+$/, '');
  return `${sign}${magnitude / SCALE}${fraction ? `.${fraction}` : ''}`;
}

/** The whole units of a non-negative amount, rounded down: "1250.75" → "1250"; "0" for anything else. */
export function wholeUnitsOf(amount: string): string {
  const value = toMinor(amount);
  return value === null || value <= 0n ? '0' : (value / SCALE).toString();
}
