import { parseMinorUnits } from '@wl/contracts';
import { z } from 'zod';
import { CENT } from './types.js';

/*
 * Amounts inside the games (types.ts): stakes arrive as decimal strings with at most two places,
 * become bigint minor units (10^4 per unit, @wl/contracts), and a win is the stake times a multiple
 * kept in hundredths, rounded DOWN to a whole cent (ADR 0030). No float ever touches an amount.
 */

/** A stake or chip as the client sends it: up to 12 digits and 2 decimals. */
export const STAKE_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** A positive amount of at most two decimals. */
export const stakeSchema = z
  .string()
  .regex(STAKE_PATTERN, 'an amount with at most 12 digits and 2 decimals, e.g. "1.50"')
  // zod runs this check even after the pattern failed: parse, never throw.
  .refine((amount) => (parseMinorUnits(amount) ?? 0n) > 0n, 'the amount must be more than 0');

/** stake × (multiple / 100), rounded down to a whole cent: what a round pays, in minor units. */
export function winOf(stakeMinor: bigint, multipleHundredths: bigint): bigint {
  return ((stakeMinor * multipleHundredths) / 100n / CENT) * CENT;
}

/** A multiple in hundredths as text with two decimals: 194n → "1.94". */
export function hundredthsText(hundredths: bigint): string {
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** A multiple in hundredths as its shortest text: 2500n → "25", 50n → "0.5", 0n → "0". */
export function hundredthsShort(hundredths: bigint): string {
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${hundredths / 100n}.${fraction}` : `${hundredths / 100n}`;
}

/** "1.94" → 194n: a multiple written with at most two decimals. */
export function hundredthsOf(multiple: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(multiple);
  if (!match) throw new Error(`not a multiple with at most 2 decimals: ${multiple}`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}
