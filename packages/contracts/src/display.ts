import { fromMinorUnits, parseMinorUnits, progressToward } from './decimal.js';

/**
 * Number display of docs/product.md §5: 0 gives '', null gives null; decimals trimmed (not rounded) to at
 * most 4 digits; values of 10 or more with trailing zeros shorten to 3, 2 or 0 decimals.
 * Accepts exact decimal strings so money never passes through a binary float.
 */
export function displayNumber(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return String(value);
  const [, sign, intRaw, fracRaw = ''] = match;
  const int = (intRaw ?? '').replace(/^0+(?=\d)/, '') || '0';
  let frac = fracRaw.slice(0, 4).padEnd(4, '0');
  if (int === '0' && /^0*$/.test(frac)) return '';
  const large = int.length > 1; // |value| >= 10
  if (large) {
    if (frac.endsWith('0')) frac = frac.slice(0, 3);
    if (frac.length === 3 && frac.endsWith('0')) frac = frac.slice(0, 2);
    if (frac === '00') frac = '';
  } else {
    frac = frac.replace(/0+$/, '');
  }
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // toFixed(10) avoids exponent notation; the extra digits are trimmed above.
  return Math.abs(value) < 1e21 ? value.toFixed(10) : String(value);
}

/**
 * VIP progress of docs/product.md §9: (starting + cycle) / next-level target × 100, capped at 100,
 * to the hundredth (cut), 0 when not a number. Computed for deposit and turnover alike, exactly (ADR 0025).
 */
export function vipProgress(starting: number | string, cycle: number | string, target: number | string): number {
  const minor = (value: number | string) => parseMinorUnits(typeof value === 'number' ? numberToPlain(value) : value);
  const [done1, done2, goal] = [minor(starting), minor(cycle), minor(target)] as const;
  if (done1 === null || done2 === null || goal === null) return 0;
  return progressToward(fromMinorUnits(done1 + done2), fromMinorUnits(goal), 2).percent;
}
