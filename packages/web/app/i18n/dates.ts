import { useLocale } from '../lib/use-locale';
import { DATE_LOCALES, type LocaleCode } from '@wl/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date formatter for a locale, through docs/product.md §9's date-locale map (PHP → en, CT → zh-tw); cached. */
export function dateFormat(locale: LocaleCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const dateLocale = DATE_LOCALES[locale];
  const key = `${dateLocale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale, options);
    formatters.set(key, format);
  }
  return format;
}

/** The page's date formatter for these options. */
export function useDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const { locale } = useLocale();
  return dateFormat(locale, options);
}
