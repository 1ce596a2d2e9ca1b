/** Product category slugs of docs/product.md §2; hot has the empty slug. */
export const CATEGORY_SLUGS = {
  hot: '',
  slots: 'slots',
  livecasino: 'livecasino',
  hashgame: 'hashgame',
  sportsbook: 'sportsbook',
  fish: 'fish',
  table: 'table',
  sabong: 'sabong',
  lottery: 'lottery',
  horseracing: 'horseracing',
  bingo: 'bingo',
  arcade: 'arcade',
  crash: 'crash',
} as const;
export type CategoryKey = keyof typeof CATEGORY_SLUGS;
export const CATEGORY_KEYS = Object.keys(CATEGORY_SLUGS) as CategoryKey[];
/** Game categories a game can belong to (every slug but hot's empty one). */
export const GAME_CATEGORIES = CATEGORY_KEYS.filter((key) => key !== 'hot') as Exclude<CategoryKey, 'hot'>[];
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** The lobby route of each game category. */
export const CATEGORY_ROUTES: Record<CategoryKey, string> = {
  hot: '/hot',
  slots: '/slots',
  livecasino: '/casino',
  hashgame: '/hash-game',
  sportsbook: '/sports',
  fish: '/fishing',
  table: '/poker',
  sabong: '/sabong',
  lottery: '/lottery',
  horseracing: '/horse-racing',
  bingo: '/bingo',
  arcade: '/arcade',
  crash: '/crash',
};

/** docs/product.md §9: fallback game list sizes when a site sets none. */
export const GAME_LIST_FALLBACKS = { hot: 15, featured: 10, popular: 6, new: 6 } as const;

/** docs/product.md §9: providers whose games open in a popup. */
export const POPUP_PROVIDERS = ['EVOPLAY'] as const;
/** docs/product.md §9: providers without a filter. */
export const UNFILTERED_PROVIDERS = ['EPW', 'WBET'] as const;

/** The home page's curated game lists (docs/product.md §9 fallback lists), by their flag on a game. */
export const GAME_LIST_KEYS = ['hot', 'featured', 'popular', 'new'] as const;
export type GameListName = (typeof GAME_LIST_KEYS)[number];

/** Lobby paging: games per page by default and at most (the grid loads more a page at a time). */
export const LOBBY_PAGE_SIZE = 24;
export const LOBBY_MAX_PAGE_SIZE = 60;
/** The longest search text a lobby accepts. */
export const LOBBY_SEARCH_MAX = 64;

/** How a launched game opens: in the page's frame, in a popup window, or by leaving the site. */
export const LAUNCH_MODES = ['iframe', 'popup', 'redirect'] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];
