/*
 * The rules that need no schema: a module of their own, so that a page using only these (every
 * page normalises its domain) does not load the schema library with the field rules of rules.ts.
 */

export const ALPHABET_ONLY = /^[\p{L} ]*$/u;
export const NUMBER_ONLY = /^[0-9]*$/;

/** Lower case, without port, trailing dot or surrounding spaces. */
export function normaliseDomain(host: string): string {
  let value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value; // IPv6 literal: kept as is, never a site domain
  const colon = value.lastIndexOf(':');
  if (colon !== -1) value = value.slice(0, colon);
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

/** Alphabet-only input (strict variant the same): letters and space. */
export function isAlphabetOnly(value: string): boolean {
  return ALPHABET_ONLY.test(value);
}

/** Number-only input: digits only. */
export function isNumberOnly(value: string): boolean {
  return NUMBER_ONLY.test(value);
}
