import { MINIGAME_ROUTE, type LayoutName, type TemplateName } from '@wl/contracts';

/**
 * docs/product.md §2: /minigame uses the minigame layout; otherwise the route's layout setting, else the
 * site's template. Under maintenance only the maintenance layout is shown.
 */
export function chooseLayout(input: {
  path: string;
  routeLayout?: LayoutName | undefined;
  template: TemplateName;
  maintenance: boolean;
}): LayoutName {
  if (input.maintenance) return 'maintenance';
  if (input.path === MINIGAME_ROUTE) return 'minigame';
  return input.routeLayout ?? input.template;
}
