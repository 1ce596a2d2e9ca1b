import { useCallback } from 'react';
import { isRoutePath, routeName } from '../lib/screens';
import { useT } from './use-t';
import type { RoutePath } from '@wl/contracts';
import type en from './messages/en/_m.json';

/** A screen's key in the _m (menu) message set: '/' → 'home', '/slots' → 'slots'. */
export type ScreenKey = keyof typeof en;

export function screenKey(path: RoutePath): ScreenKey {
  return routeName(path) as ScreenKey;
}

/** The _m key of a path that is a screen of docs/product.md §2, or null (a provider page, an outside link). */
export function screenKeyOf(path: string): ScreenKey | null {
  return isRoutePath(path) ? screenKey(path) : null;
}

/**
 * The translated title of a screen of docs/product.md §2 by its path; other paths (a provider's page) keep
 * the title they came with (the site's menu).
 */
export function useScreenTitle(): (path: string, fallback?: string) => string {
  const { t } = useT();
  return useCallback(
    (path: string, fallback = '') => {
      const key = screenKeyOf(path);
      return key ? t(`_m:${key}`) : fallback;
    },
    [t],
  );
}
