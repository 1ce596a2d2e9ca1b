import {
  GUEST_ONLY_ROUTES,
  PROTECTED_ROUTES,
  guestGuardAction,
  type LocaleCode,
  type ThemeCode,
} from '@wl/contracts';
import { localePath } from '../lib/locale';
import { asksForDemo } from '../shared/game-links';
import type { ModalName } from './modals';

const PROTECTED: ReadonlySet<string> = new Set(PROTECTED_ROUTES);
const GUEST_ONLY: ReadonlySet<string> = new Set(GUEST_ONLY_ROUTES);

export function isProtectedRoute(path: string): boolean {
  return PROTECTED.has(path);
}

/**
 * /playnow asking for play money (`demo=1`, issue 23 §2): open to a guest, who plays the game's
 * demo when it has one (the page says so when it has none); a player plays for real there.
 */
export function isGuestDemoPlay(path: string, search: string): boolean {
  return path === '/playnow' && asksForDemo(new URLSearchParams(search));
}

export function isGuestOnlyRoute(path: string): boolean {
  return GUEST_ONLY.has(path);
}

/** What the guards do on a page (docs/product.md D3, §2). */
export type GuardDecision =
  /** Show the page. */
  | { kind: 'show' }
  /** Not known yet (server render, hydration): a neutral "checking your session" state instead of the page. */
  | { kind: 'checking' }
  /** Leave for `to` (locale kept), then open `modal` after `delayMs` when given. */
  | { kind: 'redirect'; to: string; modal: ModalName | null; delayMs: number };

/**
 * The guard of a page. A protected page never shows to a guest (but /playnow asking for play
 * money): until the session is known it is "checking", then the page or the guest's redirect of
 * the site's template. A guest-only page
 * sends a player to the home page of the locale.
 */
export function guardDecision(input: {
  path: string;
  /** The page's query (`?…` or empty): /playnow with `demo=1` lets a guest in. */
  search?: string;
  locale: LocaleCode;
  themeCode: ThemeCode;
  /** Whether the stored session has been read (false on the server and during hydration). */
  sessionKnown: boolean;
  isAuthenticated: boolean;
}): GuardDecision {
  const { path, search = '', locale, themeCode, sessionKnown, isAuthenticated } = input;
  if (isProtectedRoute(path)) {
    if (!sessionKnown) return { kind: 'checking' };
    if (isAuthenticated || isGuestDemoPlay(path, search)) return { kind: 'show' };
    const action = guestGuardAction(themeCode);
    if (action.kind === 'redirect') return { kind: 'redirect', to: localePath(locale, action.to), modal: null, delayMs: 0 };
    return {
      kind: 'redirect',
      to: localePath(locale, action.to),
      modal: action.modal === 'signin' ? 'signIn' : 'login',
      delayMs: action.delayMs,
    };
  }
  if (isGuestOnlyRoute(path) && sessionKnown && isAuthenticated) {
    return { kind: 'redirect', to: localePath(locale, '/'), modal: null, delayMs: 0 };
  }
  return { kind: 'show' };
}
