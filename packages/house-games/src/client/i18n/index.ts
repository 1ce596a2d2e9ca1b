import { LOCALE_LANGS, type LocaleCode } from '@wl/contracts';
import { en, type MessageKey, type Messages } from './en.js';
import { CATALOGUES } from './catalogues.js';

export type { MessageKey, Messages };

export { resolveLocale } from '../../locale.js';

/** The BCP 47 tag for Intl and the page's lang attribute. */
export function localeTag(code: LocaleCode): string {
  return LOCALE_LANGS[code];
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
