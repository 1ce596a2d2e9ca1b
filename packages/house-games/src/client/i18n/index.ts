import { DEFAULT_LOCALE, LOCALES, MESSAGE_LOCALES, type LocaleCode } from '@wl/contracts';
import { en, type MessageKey, type Messages } from './en.js';
import { CATALOGUES } from './catalogues.js';

export type { MessageKey, Messages };

/**
 * The locale of a page's boot data: the site's locale code ("VI") or its language ("vi", "zh-CN",
 * "zh"), any case. Unknown ones, and locales without messages of their own, are English.
 */
export function resolveLocale(requested: string): LocaleCode {
  const wanted = requested.trim().toLowerCase();
  const entry =
    LOCALES.find((locale) => locale.code.toLowerCase() === wanted) ??
    LOCALES.find((locale) => locale.lang.toLowerCase() === wanted) ??
    LOCALES.find((locale) => locale.lang.toLowerCase().split('-')[0] === wanted.split('-')[0]);
  return entry && MESSAGE_LOCALES.includes(entry.code) ? entry.code : DEFAULT_LOCALE;
}

/** The BCP 47 tag for Intl and the page's lang attribute. */
export function localeTag(code: LocaleCode): string {
  return LOCALES.find((locale) => locale.code === code)?.lang ?? 'en';
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A translator for a locale: {name} placeholders filled from params, English for a missing key. */
export function translator(code: LocaleCode): Translate {
  const messages: Messages = CATALOGUES[code] ?? en;
  return (key, params) => {
    const template = messages[key] ?? en[key];
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
