import type { LocaleCode, RoutePath } from '@wl/contracts';
import { splitLocale } from '../lib/locale';
import { isRoutePath, routeName } from '../lib/screens';

/** The locale and route of docs/product.md §2 a URL path shows ('/vi/slots/' → VI, '/slots'); null for no route. */
export function pageOfPath(pathname: string): { locale: LocaleCode; path: RoutePath } | null {
  const { locale, path } = splitLocale(pathname);
  const route = path.replace(/\/+$/, '') || '/';
  return isRoutePath(route) ? { locale, path: route } : null;
}

/**
 * The SEO page name of a URL path, as the API stores its records: the route without its locale
 * prefix and leading slash ('/vi/slots' → 'slots'), and 'home' for the home page (docs/product.md §2).
 * Null for a path that is no route of docs/product.md §2: it has no page to describe.
 */
export function seoPageName(pathname: string): string | null {
  const page = pageOfPath(pathname);
  return page ? routeName(page.path) : null;
}
