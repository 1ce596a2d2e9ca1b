import type { LayoutName, RoutePath } from '@wl/contracts';
import { HOME_SEO_PAGE_NAME, ROUTE_PATHS } from '@wl/contracts';

/** The route's own layout setting (docs/product.md §2); routes without one use the site's template. */
export const SCREEN_LAYOUTS: Partial<Record<RoutePath, LayoutName>> = {
  '/preloader': 'default',
};

/**
 * A route's name: the path without its slash, 'home' for '/' (docs/product.md §2: the home page's SEO record is
 * 'home'). SEO records and the screen titles of the _m message set are keyed by it.
 */
export function routeName(path: RoutePath): string {
  return path === '/' ? HOME_SEO_PAGE_NAME : path.slice(1);
}

export function isRoutePath(path: string): path is RoutePath {
  return (ROUTE_PATHS as readonly string[]).includes(path);
}
