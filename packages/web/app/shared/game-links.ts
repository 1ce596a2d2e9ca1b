import { CATEGORY_ROUTES, POPUP_PROVIDERS, type GameCategory } from '@wl/contracts';

/** What names a game to open: routes have no path parameters (docs/product.md §2), so it travels in the query. */
export interface GameRef {
  provider_code: string;
  game_code: string;
}

/** The query flag of a play-money game for a guest (issue 23 §2): `/playnow?…&demo=1`. */
export const DEMO_PARAM = 'demo';

/**
 * The /playnow address of a game (locale-free; pass it through `to()` of useLocale). `from` is the
 * lobby path its close button goes back to; without it /playnow goes back to the game's category.
 * `demo`: a guest plays it with play money (the guard lets a guest in; a player plays for real).
 */
export function playnowPath(game: GameRef, from?: string, options: { demo?: boolean } = {}): string {
  const query = new URLSearchParams({ provider: game.provider_code, game: game.game_code });
  if (from) query.set('from', from);
  if (options.demo) query.set(DEMO_PARAM, '1');
  return `/playnow?${query.toString()}`;
}

/** A /playnow query asking for play money (see playnowPath). */
export function asksForDemo(search: URLSearchParams): boolean {
  return search.get(DEMO_PARAM) === '1';
}

/** The game a /playnow query names, or null when it names none. */
export function gameRefOfQuery(search: URLSearchParams): (GameRef & { from: string | null; demo: boolean }) | null {
  const provider = search.get('provider')?.trim() ?? '';
  const game = search.get('game')?.trim() ?? '';
  if (!provider || !game) return null;
  const from = search.get('from');
  // Only a path of this site: never an address elsewhere (an open redirect).
  return { provider_code: provider, game_code: game, from: from && /^\/(?!\/)/.test(from) ? from : null, demo: asksForDemo(search) };
}

/** docs/product.md §9: providers whose games open in a window of their own. */
export function opensInPopup(providerCode: string): boolean {
  return (POPUP_PROVIDERS as readonly string[]).includes(providerCode.toUpperCase());
}

/** The lobby a game belongs to, for the close button when /playnow has no `from`. */
export function lobbyOf(gameType: GameCategory): string {
  return CATEGORY_ROUTES[gameType];
}
