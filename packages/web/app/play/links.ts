import { CATEGORY_ROUTES, POPUP_PROVIDERS, type GameCategory } from '@wl/contracts';

/** What names a game to open: routes have no path parameters (docs/product.md §2), so it travels in the query. */
export interface GameRef {
  provider_code: string;
  game_code: string;
}

/**
 * The /playnow address of a game (locale-free; pass it through `to()` of useLocale). `from` is the
 * lobby path its close button goes back to; without it /playnow goes back to the game's category.
 */
export function playnowPath(game: GameRef, from?: string): string {
  const query = new URLSearchParams({ provider: game.provider_code, game: game.game_code });
  if (from) query.set('from', from);
  return `/playnow?${query.toString()}`;
}

/** The game a /playnow query names, or null when it names none. */
export function gameRefOfQuery(search: URLSearchParams): (GameRef & { from: string | null }) | null {
  const provider = search.get('provider')?.trim() ?? '';
  const game = search.get('game')?.trim() ?? '';
  if (!provider || !game) return null;
  const from = search.get('from');
  // Only a path of this site: never an address elsewhere (an open redirect).
  return { provider_code: provider, game_code: game, from: from && /^\/(?!\/)/.test(from) ? from : null };
}

/** docs/product.md §9: providers whose games open in a window of their own. */
export function opensInPopup(providerCode: string): boolean {
  return (POPUP_PROVIDERS as readonly string[]).includes(providerCode.toUpperCase());
}

/** The lobby a game belongs to, for the close button when /playnow has no `from`. */
export function lobbyOf(gameType: GameCategory): string {
  return CATEGORY_ROUTES[gameType];
}
