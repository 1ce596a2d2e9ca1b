import { splitLocale } from '../lib/locale';
import { cookieText } from '../lib/cookies';

/** Kept a year, as the other cookies of docs/product.md §9: the last page of a visitor who comes back. */
export const DOMAIN_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The registrable domain of docs/product.md §9: the last two labels of the host name ("www.example.com" →
 * "example.com", "slot5.localhost" stays), or the whole address for an IP address; lower case,
 * without a trailing dot. Two labels by rule, not by the public-suffix list: "shop.example.co.uk"
 * gives "co.uk" (the name only names the cookie; it is no Domain attribute).
 */
export function registrableDomain(hostname: string): string {
  const value = hostname.trim().toLowerCase().replace(/\.$/, '');
  // IPv4, or IPv6 (with or without its brackets).
  if (IPV4.test(value) || value.includes(':')) return value;
  return value.split('.').filter(Boolean).slice(-2).join('.');
}

/**
 * The cookie's value: the locale-free path of the page ("/vi/slots" and "/slots" both give
 * "/slots"), so the operator sees which page a visitor was last on, whatever its language.
 * A URL path is already percent-encoded but may hold what a cookie value may not (";", ","):
 * those are percent-encoded too.
 */
export function domainCookieValue(pathname: string): string {
  return splitLocale(pathname).path.replace(/[^\x21-\x7e]|[",;\\]/gu, (character) => encodeURIComponent(character));
}

/** The document.cookie assignment for a page: path /, Secure, SameSite Lax (docs/product.md §9). */
export function domainCookie(location: { hostname: string; pathname: string }): string {
  const name = registrableDomain(location.hostname);
  return cookieText(name, domainCookieValue(location.pathname), { maxAgeSeconds: DOMAIN_COOKIE_MAX_AGE_S, path: '/', sameSite: 'lax', secure: true });
}

/** Sets the cookie for the page the browser is on. */
export function writeDomainCookie(pathname: string): void {
  document.cookie = domainCookie({ hostname: window.location.hostname, pathname });
}
