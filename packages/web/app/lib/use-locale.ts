import { useLocation } from 'react-router';
import type { LocaleCode } from '@wl/contracts';
import { localePath, splitLocale } from './locale';

/** The current locale, the locale-free path, and a function giving a site path in this locale. */
export function useLocale(): { locale: LocaleCode; path: string; to: (path: string) => string } {
  const { pathname } = useLocation();
  const { locale, path } = splitLocale(pathname);
  return { locale, path, to: (target: string) => localePath(locale, target) };
}
