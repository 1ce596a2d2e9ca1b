import { isbot } from 'isbot';
import { DEFAULT_LOCALE, LOCALE_COOKIE, localePrefix, type LocaleCode } from '@wl/contracts';
import { cookieValue } from '../lib/cookies';
import { localeCookieText, localeFromAcceptLanguage, localeOfCookieValue } from './detect';

export type RootLocaleDecision =
  /** Not the root's document, a crawler, or nothing to do. */
  | { kind: 'none' }
  /** Stay on the English root; the detected choice is saved. */
  | { kind: 'stay'; setCookie: string }
  /** Go to the prefixed root of the chosen locale. */
  | { kind: 'redirect'; location: string; setCookie: string | null };

/**
 * docs/product.md D2 and §4: the root path of a document request picks the language: the saved
 * cookie, else the browser's language list (first visit: the choice is then saved), else English.
 * Only "/" is redirected, only document loads (client navigations are the player's own choice),
 * and never a crawler, which must see each URL as it is.
 */
export function rootLocaleDecision(request: Request): RootLocaleDecision {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.pathname !== '/') return { kind: 'none' };
  if (!(request.headers.get('accept') ?? '').includes('text/html')) return { kind: 'none' };
  if (isbot(request.headers.get('user-agent'))) return { kind: 'none' };
  const saved = localeOfCookieValue(cookieValue(request.headers.get('cookie'), LOCALE_COOKIE.name));
  const locale: LocaleCode = saved ?? localeFromAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LOCALE;
  const setCookie = saved ? null : localeCookieText(locale);
  if (locale === DEFAULT_LOCALE) return setCookie ? { kind: 'stay', setCookie } : { kind: 'none' };
  return { kind: 'redirect', location: `${localePrefix(locale)}${url.search}`, setCookie };
}
