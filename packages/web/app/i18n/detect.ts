import { cookieText } from '../lib/cookies';
import { LOCALE_COOKIE, MESSAGE_LOCALES, isLocaleCode, type LocaleCode } from '@wl/contracts';

/** Browser language tags (lower case, by prefix) that name each locale with messages. */
const TAG_LOCALES: [prefix: string, locale: LocaleCode][] = [
  // Traditional Chinese before the plain "zh" of Simplified Chinese.
  ['zh-hant', 'CT'],
  ['zh-tw', 'CT'],
  ['zh-hk', 'CT'],
  ['zh-mo', 'CT'],
  ['zh', 'CN'],
  ['fil', 'PHP'],
  ['tl', 'PHP'],
  ['es', 'ESP'],
  ['ru', 'RUS'],
  ['vi', 'VI'],
  ['ms', 'MS'],
  ['ne', 'NE'],
  ['en', 'EN'],
];

function localeOfTag(tag: string): LocaleCode | null {
  const lower = tag.trim().toLowerCase();
  for (const [prefix, locale] of TAG_LOCALES) {
    if (lower === prefix || lower.startsWith(`${prefix}-`)) return locale;
  }
  return null;
}

/**
 * The first locale with messages in an Accept-Language list, by quality then order
 * ("vi-VN,vi;q=0.9,en;q=0.8" → VI), or null when none matches.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): LocaleCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

/** The saved choice of the i18n_redirected cookie, when it names a locale with messages. */
export function localeOfCookieValue(value: string | null | undefined): LocaleCode | null {
  const code = value?.trim().toUpperCase() ?? '';
  return isLocaleCode(code) && MESSAGE_LOCALES.includes(code) ? code : null;
}

/** The Set-Cookie / document.cookie text of the locale choice (docs/product.md §9: 365 days, path /, SameSite lax). */
export function localeCookieText(locale: LocaleCode): string {
  return cookieText(LOCALE_COOKIE.name, locale, LOCALE_COOKIE);
}
