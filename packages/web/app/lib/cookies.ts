import { parseCookie, stringifySetCookie } from 'cookie';

/** The value of one cookie in a Cookie header (or document.cookie), decoded; null when absent. */
export function cookieValue(cookies: string | null | undefined, name: string): string | null {
  return parseCookie(cookies ?? '')[name] ?? null;
}

export interface CookieAttributes {
  maxAgeSeconds: number;
  path: string;
  sameSite: 'lax' | 'strict';
  secure?: boolean;
}

/**
 * The Set-Cookie header or document.cookie assignment of one cookie. The value is written as
 * given: callers pass values that are already cookie-safe (codes, paths they have encoded).
 */
export function cookieText(name: string, value: string, attributes: CookieAttributes): string {
  return stringifySetCookie(
    { name, value, maxAge: attributes.maxAgeSeconds, path: attributes.path, sameSite: attributes.sameSite, secure: attributes.secure ?? false },
    { encode: (raw) => raw },
  );
}
