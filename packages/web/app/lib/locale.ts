import { DEFAULT_LOCALE, localeFromPrefix, localePrefix, type LocaleCode } from '@wl/contracts';

/** The locale and the locale-free path of a URL path (docs/product.md D2). */
export function splitLocale(pathname: string): { locale: LocaleCode; path: string } {
  const [, first, ...rest] = pathname.split('/');
  const locale = localeFromPrefix(first);
  if (!locale) return { locale: DEFAULT_LOCALE, path: pathname || '/' };
  const path = `/${rest.join('/')}`;
  return { locale, path: path === '/' ? '/' : path.replace(/\/$/, '') };
}

/** A path of the site in the given locale: /slots → /vi/slots. */
export function localePath(locale: LocaleCode, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}
