import type { CatalogueGame, LobbyProvider } from '@wl/contracts';
import type { LobbyCategory, LobbyQuery } from './lobbies';

/** How many live tables lead the casino lobby. */
export const LIVE_TABLES = 8;

/** What a lobby page shows: the grid so far, the provider strip and, on /casino, the live tables. */
export interface LobbyData {
  category: LobbyCategory;
  query: LobbyQuery;
  /** The first `query.page` pages of the grid, in the site's order. */
  games: CatalogueGame[];
  /** Games matching the provider filter and the search, on every page. */
  total: number;
  providers: LobbyProvider[];
  /** /casino without a filter or a search: live tables, the hot ones first. Else empty. */
  liveTables: CatalogueGame[];
  /** The lobby call failed (docs/product.md §8 serviceUnavailable): the grid says so instead of "no games". */
  unavailable: boolean;
}

/** A game's identity in a list: a provider's game code is unique within that provider. */
export function gameKey(game: Pick<CatalogueGame, 'provider_code' | 'game_code'>): string {
  return `${game.provider_code}:${game.game_code}`;
}

/** `games` followed by the ones of `more` it does not hold yet (pages can shift while a player reads). */
export function appendGames(games: readonly CatalogueGame[], more: readonly CatalogueGame[]): CatalogueGame[] {
  const seen = new Set(games.map(gameKey));
  return [...games, ...more.filter((game) => !seen.has(gameKey(game)))];
}
