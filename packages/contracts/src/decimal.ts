/*
 * Exact decimals (ADR 0025). Money travels as decimal strings of the database's numeric(20,4) and
 * is compared, added and scaled here as BigInt minor units (ten-thousandths), never through binary
 * floats. The one implementation for the API, the web site and the tests.
 */

/** Decimal places of money: the scale of numeric(20,4). */
export const MONEY_PLACES = 4;

/** Minor units of money in one whole unit (10^4). */
export const MINOR_PER_UNIT = 10n ** BigInt(MONEY_PLACES);

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string as BigInt units of 10^-places: "1250.5" → 12505000n, "-0.25" → -2500n.
 * Surrounding spaces and a leading + are accepted; digits past `places` only when they are zeros
 * ("1.50000" is exactly 1.5). Null for anything else: never rounded, never a float.
 */
export function parseMinorUnits(amount: string, places = MONEY_PLACES): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(places))) return null;
  const value = BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.slice(0, places).padEnd(places, '0') || '0');
  return sign === '-' ? -value : value;
}

/** As parseMinorUnits, but throws on what is not an exact decimal of `places`: for amounts that must be one (a caller's bug otherwise). */
export function toMinorUnits(amount: string, places = MONEY_PLACES): bigint {
  const value = parseMinorUnits(amount, places);
  if (value === null) throw new Error(`Not an exact decimal of at most ${places} places: ${JSON.stringify(amount)}`);
  return value;
}

/**
 * BigInt units of 10^-places as a decimal string: with every place as the database writes it
 * (12505000n → "1250.5000", the default), or the shortest exact form with `trim` ("1250.5", "0").
 */
export function fromMinorUnits(minor: bigint, options: { places?: number; trim?: boolean } = {}): string {
  const places = options.places ?? MONEY_PLACES;
  const scale = 10n ** BigInt(places);
  const sign = minor < 0n ? '-' : '';
  const magnitude = minor < 0n ? -minor : minor;
  let fraction = places > 0 ? (magnitude % scale).toString().padStart(places, '0') : '';
  if (options.trim) fraction = fraction.replace(/0+$/, '');
  return `${sign}${magnitude / scale}${fraction ? `.${fraction}` : ''}`;
}

/** -1, 0 or 1 as `a` is less than, equal to or more than `b` ("12.5" equals "12.5000"). Throws on what is not a decimal. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const difference = toMinorUnits(a) - toMinorUnits(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** Whether two decimals are the same amount, however written ("300", "+300.00"). */
export function decimalsEqual(a: string, b: string): boolean {
  return holds(a, b, (x, y) => x === y);
}

/** Whether `amount` is at least `other`. */
export function isAtLeast(amount: string, other: string): boolean {
  return holds(amount, other, (x, y) => x >= y);
}

/** Whether a decimal is zero ("0", "0.0000", "-0"). */
export function isZeroDecimal(amount: string): boolean {
  return holds(amount, '0', (x) => x === 0n);
}

/** Whether a decimal is above zero. */
export function isPositiveDecimal(amount: string): boolean {
  return holds(amount, '0', (x) => x > 0n);
}

/** Whether a decimal is below zero. */
export function isNegativeDecimal(amount: string): boolean {
  return holds(amount, '0', (x) => x < 0n);
}

/** The sum, with 4 places: addDecimals("1250.5", "0.25") → "1250.7500". Throws on what is not a decimal. */
export function addDecimals(...amounts: string[]): string {
  return fromMinorUnits(amounts.reduce((sum, amount) => sum + toMinorUnits(amount), 0n));
}

/** `a` − `b`, with 4 places (negative when `b` is more). Throws on what is not a decimal. */
export function subtractDecimals(a: string, b: string): string {
  return fromMinorUnits(toMinorUnits(a) - toMinorUnits(b));
}

// The predicates above answer false for what is not a decimal (it is neither zero, nor positive,
// nor enough): a check that refuses, where a thrown error would break a page or a reply.
function holds(a: string, b: string, test: (a: bigint, b: bigint) => boolean): boolean {
  const x = parseMinorUnits(a);
  const y = parseMinorUnits(b);
  return x !== null && y !== null && test(x, y);
}

/**
 * How far `progress` is toward `target`: the progress kept between 0 and the target (4 places)
 * and the percent of the target it is, 0 to 100, cut (not rounded) to `percentPlaces` decimals.
 * A target of 0 or less is no progress at all.
 */
export function progressToward(progress: string, target: string, percentPlaces = 0): { progress: string; percent: number } {
  const done = toMinorUnits(progress);
  const goal = toMinorUnits(target);
  if (goal <= 0n) return { progress: fromMinorUnits(0n), percent: 0 };
  const kept = done < 0n ? 0n : done > goal ? goal : done;
  const percentScale = 10n ** BigInt(percentPlaces);
  return { progress: fromMinorUnits(kept), percent: Number((kept * 100n * percentScale) / goal) / Number(percentScale) };
}

/** The whole units of an amount above zero, cut: "1250.75" → "1250"; "0" for zero, a negative amount or what is not a decimal. */
export function wholeUnitsOf(amount: string): string {
  const value = parseMinorUnits(amount);
  return value === null || value <= 0n ? '0' : (value / MINOR_PER_UNIT).toString();
}

/**
 * A fraction (a probability such as "0.250000", any number of places) as a percentage, exactly and
 * shortest: "0.25" → "25", "0.005" → "0.5", "1" → "100". Null when it is not a decimal.
 */
export function fractionAsPercent(fraction: string): string | null {
  const places = /\.(\d+)\s*$/.exec(fraction)?.[1]?.length ?? 0;
  const value = parseMinorUnits(fraction, places);
  return value === null ? null : fromMinorUnits(value * 100n, { places, trim: true });
}
