import { MINIGAME_ROUTE, REWARDS_LOGIN_MODAL_TEMPLATES, type TemplateName } from '@wl/contracts';

export type RewardsAction =
  | { kind: 'minigame-tab'; href: string }
  | { kind: 'login-modal' }
  | { kind: 'login-page'; href: string };

/**
 * docs/product.md §2: the rewards icon opens the minigame in a new tab for a player; for a guest it opens the
 * login modal on template4, 6, 8 and 10, and goes to /login on every other template. `to` gives
 * the path in the current locale.
 */
export function rewardsAction(authenticated: boolean, template: TemplateName, to: (path: string) => string): RewardsAction {
  if (authenticated) return { kind: 'minigame-tab', href: to(MINIGAME_ROUTE) };
  if ((REWARDS_LOGIN_MODAL_TEMPLATES as readonly TemplateName[]).includes(template)) return { kind: 'login-modal' };
  return { kind: 'login-page', href: to('/login') };
}
