import type { CategoryKey, LayoutName, RoutePath } from '@wl/contracts';
import { CATEGORY_ROUTES, ROUTE_PATHS } from '@wl/contracts';

/** The route's own layout setting (spec §2); routes without one use the site's template. */
export const SCREEN_LAYOUTS: Partial<Record<RoutePath, LayoutName>> = {
  '/preloader': 'default',
};

/** The game category a lobby route shows, if any. */
export function categoryOfRoute(path: string): CategoryKey | null {
  const entry = Object.entries(CATEGORY_ROUTES).find(([, route]) => route === path);
  return (entry?.[0] as CategoryKey | undefined) ?? null;
}

export function isRoutePath(path: string): path is RoutePath {
  return (ROUTE_PATHS as readonly string[]).includes(path);
}
