import { contactEmail, isAlphabetOnly, isNumberOnly } from '@wl/contracts';

/*
 * Input filters and dialog checks of docs/product.md §5, built on the shared field rules of the contracts so
 * that what the client lets through is what the server accepts (docs/product.md D5).
 */

/** Keeps the characters of `value` that pass `allowed`, one code point at a time. */
function keep(value: string, allowed: (character: string) => boolean): string {
  let kept = '';
  // NFC first: a letter typed as base + combining accent becomes one letter, not a letter and a mark.
  for (const character of value.normalize('NFC')) if (allowed(character)) kept += character;
  return kept;
}

/** Alphabet-only input (strict variant the same): letters of any script and spaces; anything else is dropped. */
export function alphabetOnly(value: string): string {
  return keep(value, isAlphabetOnly);
}

/** Number-only input: the digits 0-9; anything else is dropped. */
export function numberOnly(value: string): string {
  return keep(value, isNumberOnly);
}

export const INVALID_EMAIL = 'Invalid email address';
export const INVALID_URL = 'Invalid URL';

/** Dialog check: 'Invalid email address' unless the value passes the shared contact email rule. */
export function checkEmail(value: string): typeof INVALID_EMAIL | null {
  return contactEmail.safeParse(value).success ? null : INVALID_EMAIL;
}

/** Dialog check: 'Invalid URL' unless the value is an absolute http(s) address with a host. */
export function checkUrl(value: string): typeof INVALID_URL | null {
  const text = value.trim();
  // A URL has no inner whitespace; the parser would quietly encode it.
  if (!text || /\s/.test(text)) return INVALID_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return INVALID_URL;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return INVALID_URL;
  return url.hostname ? null : INVALID_URL;
}
