import type { ThemeCode } from './themes.js';

/** Every route of docs/product.md §2. All are top level, with no path parameters. */
export const ROUTE_PATHS = [
  '/', '/about', '/account', '/add-bank', '/arcade', '/bank-details', '/banking', '/bet-history', '/bingo',
  '/casino', '/change-password', '/contact-us', '/crash', '/deposit', '/download', '/edit-profile', '/faqs',
  '/fishing', '/forgot-password', '/hash-game', '/horse-racing', '/hot', '/inbox', '/leaderboard', '/login',
  '/lottery', '/minigame', '/mission', '/news', '/playnow', '/poker', '/preloader', '/privacy-policy',
  '/profile', '/promotions', '/referral', '/register', '/responsible-gaming', '/sabong', '/security',
  '/slots', '/spin', '/sports', '/statement', '/term-condition', '/transaction-history', '/verification', '/vip', '/withdrawal',
] as const;
export type RoutePath = (typeof ROUTE_PATHS)[number];

/** docs/product.md D3: player-only routes, and /playnow (issue 7: a guest launching a game is asked to log in per the guard). */
export const PROTECTED_ROUTES = [
  '/account', '/add-bank', '/bank-details', '/bet-history', '/change-password', '/deposit', '/edit-profile',
  '/inbox', '/minigame', '/playnow', '/profile', '/security', '/spin', '/statement', '/transaction-history', '/withdrawal',
] as const satisfies readonly RoutePath[];

/** docs/product.md D3: guest-only routes; a logged-in player is sent to /. */
export const GUEST_ONLY_ROUTES = ['/forgot-password', '/login', '/register'] as const satisfies readonly RoutePath[];

export type GuestGuardAction =
  | { kind: 'redirect'; to: '/login' }
  | { kind: 'redirect-then-modal'; to: '/'; modal: 'login' | 'signin'; delayMs: number };

/** docs/product.md §9: the login modal opens 1000 ms after the redirect. */
export const LOGIN_MODAL_DELAY_MS = 1000;

/** docs/product.md §2: what a guest on a protected route gets, by the site's theme code. */
export function guestGuardAction(themeCode: ThemeCode): GuestGuardAction {
  switch (themeCode) {
    case 'slot2':
    case 'slot4':
    case 'sportsbook1':
      return { kind: 'redirect-then-modal', to: '/', modal: 'login', delayMs: LOGIN_MODAL_DELAY_MS };
    case 'slot5':
      return { kind: 'redirect-then-modal', to: '/', modal: 'signin', delayMs: LOGIN_MODAL_DELAY_MS };
    default:
      return { kind: 'redirect', to: '/login' };
  }
}

/** docs/product.md §2: templates whose rewards icon opens the login modal for a guest instead of going to /login. */
export const REWARDS_LOGIN_MODAL_TEMPLATES = ['template4', 'template6', 'template8', 'template10'] as const;

/** docs/product.md §2: the route that always uses the minigame layout. */
export const MINIGAME_ROUTE = '/minigame' satisfies RoutePath;

/** docs/product.md §2: page SEO is requested for this page name on the home page. */
export const HOME_SEO_PAGE_NAME = 'home';
