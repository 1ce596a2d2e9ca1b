import { DEFAULT_LOCALE, LOCALE_LANGS, type LocaleCode } from '@wl/contracts';
import { i18n } from './instance';
import { loadLocaleMessages } from './messages';

/**
 * Browser only: loads a locale's messages and makes it the instance's language (texts made outside
 * React follow it). A null locale is the default one (a path without prefix). False when the
 * locale's own messages are not there (the fallback's stand in).
 */
export async function prepareLocale(locale: LocaleCode | null): Promise<boolean> {
  const code = locale ?? DEFAULT_LOCALE;
  const loaded = await loadLocaleMessages(code);
  const lang = LOCALE_LANGS[code];
  i18n.changeLanguage(lang);
  return loaded;
}
