import { CATEGORY_ROUTES, LOBBY_PAGE_SIZE, LOBBY_SEARCH_MAX, type CategoryKey } from '@wl/contracts';

/** The categories with a game lobby: every one but the sportsbook, whose /sports shows matches. */
export type LobbyCategory = Exclude<CategoryKey, 'sportsbook'>;

export const LOBBY_CATEGORIES = (Object.keys(CATEGORY_ROUTES) as CategoryKey[]).filter(
  (category): category is LobbyCategory => category !== 'sportsbook',
);

/** The lobby paths (/casino, /slots, ..., /hot): routes.ts gives each the lobby module. */
export const LOBBY_PATHS = LOBBY_CATEGORIES.map((category) => CATEGORY_ROUTES[category]);

/** The category a lobby path shows, or null for any other path. */
export function lobbyCategoryOf(path: string): LobbyCategory | null {
  return LOBBY_CATEGORIES.find((category) => CATEGORY_ROUTES[category] === path) ?? null;
}

/**
 * Without JavaScript, "Load more" is a link to the next page and the page shows every page up to
 * it; this bounds how many pages one document asks for.
 */
export const LOBBY_MAX_PAGES = 10;

/** What a lobby URL asks for: ?provider=<slug>&q=<search>&page=<pages shown>. */
export interface LobbyQuery {
  provider: string;
  q: string;
  page: number;
}

/**
 * The lobby's query from a URL's search parameters, made safe to send: a slug that cannot be one
 * is ignored (every provider), the search is cut to what the call accepts, and the page is a whole
 * number from 1 to LOBBY_MAX_PAGES.
 */
export function parseLobbyQuery(search: URLSearchParams): LobbyQuery {
  const slug = (search.get('provider') ?? '').trim().toLowerCase();
  const q = (search.get('q') ?? '').trim().slice(0, LOBBY_SEARCH_MAX);
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    provider: /^[a-z0-9-]{1,64}$/.test(slug) ? slug : '',
    q,
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), LOBBY_MAX_PAGES) : 1,
  };
}

/** The query string of a lobby query (empty parts and page 1 left out), with its '?' when not empty. */
export function lobbySearch(query: Partial<LobbyQuery>): string {
  const params = new URLSearchParams();
  if (query.provider) params.set('provider', query.provider);
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** How many games the first `pages` pages hold. */
export function gamesOnPages(pages: number): number {
  return pages * LOBBY_PAGE_SIZE;
}

/** With JavaScript the grid narrows as the player types, this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
