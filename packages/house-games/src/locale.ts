import { DEFAULT_LOCALE, LOCALES, MESSAGE_LOCALES, type LocaleCode } from '@wl/contracts';

/**
 * The locale of a game page, from a launch's `lang` (a BCP 47 tag: "vi", "zh-CN"), a demo's, or
 * the boot data's locale code ("VI"), any case; a bare language ("zh") takes its first locale.
 * Unknown ones, and locales without messages of their own, are English. The game server and the
 * game pages both resolve with it, so a page's language and its lang attribute agree.
 */
export function resolveLocale(requested: string | undefined): LocaleCode {
  const wanted = (requested ?? '').trim().toLowerCase();
  if (!wanted) return DEFAULT_LOCALE;
  const entry =
    LOCALES.find((locale) => locale.code.toLowerCase() === wanted) ??
    LOCALES.find((locale) => locale.lang.toLowerCase() === wanted) ??
    LOCALES.find((locale) => locale.lang.toLowerCase().split('-')[0] === wanted.split('-')[0]);
  return entry && MESSAGE_LOCALES.includes(entry.code) ? entry.code : DEFAULT_LOCALE;
}
