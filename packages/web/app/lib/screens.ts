import type { CategoryKey, LayoutName, RoutePath } from '@wl/contracts';
import { CATEGORY_ROUTES, HOME_SEO_PAGE_NAME, ROUTE_PATHS } from '@wl/contracts';

/** The route's own layout setting (spec §2); routes without one use the site's template. */
export const SCREEN_LAYOUTS: Partial<Record<RoutePath, LayoutName>> = {
  '/preloader': 'default',
};

/** The game category a lobby route shows, if any. */
export function categoryOfRoute(path: string): CategoryKey | null {
  const entry = Object.entries(CATEGORY_ROUTES).find(([, route]) => route === path);
  return (entry?.[0] as CategoryKey | undefined) ?? null;
}

/**
 * A route's name: the path without its slash, 'home' for '/' (spec §2: the home page's SEO record is
 * 'home'). SEO records and the screen titles of the _m message set are keyed by it.
 */
export function routeName(path: RoutePath): string {
  return path === '/' ? HOME_SEO_PAGE_NAME : path.slice(1);
}

export function isRoutePath(path: string): path is RoutePath {
  return (ROUTE_PATHS as readonly string[]).includes(path);
}
