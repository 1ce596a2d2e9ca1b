import {
  CATEGORY_ROUTES,
  type CatalogueGame,
  type Game,
  type GameCategory,
  type GameListName,
  type MarqueeItem,
  type Match,
  type MenuItem,
  type Partner,
  type PublicBet,
  type SiteStatistics,
  type Slide,
  type TopWinner,
  type TransactionRow,
} from '@wl/contracts';
import type { HomeSection } from './sections';

/*
 * Times come formatted by the server (home-data.server.ts), in the page's language and in UTC: the
 * browser shows the same text without formatting a date itself. A phone's first date format costs
 * it some 100 ms of setting up its date library, in the middle of hydrating the page.
 */

/** How many of the latest deposits and of the latest withdrawals the home page shows. */
export const HOME_PAYMENT_ROWS = 8;

/** A latest deposit or withdrawal, with its time as shown ("14:30 UTC"). */
export type HomeTransaction = TransactionRow & { time_label: string };
/** A match, with its kick-off as shown ("22 Nov · 14:30"). */
export type HomeMatch = Match & { kick_off_label: string };

/** What the home page's sections show; every list may be empty (its section is then left out). */
export interface HomeData {
  /** The template's composition, top to bottom (compositions.server.ts). */
  sections: HomeSection[];
  slides: Slide[];
  marquee: MarqueeItem[];
  /** The site's curated lists (game_lists), each as long as the site sets it. */
  lists: Partial<Record<GameListName, CatalogueGame[]>>;
  /** The category sections' games (get_hot_games), each cut to its section's limit. */
  categories: Partial<Record<GameCategory, Game[]>>;
  matches: HomeMatch[];
  odds: PublicBet[];
  winners: TopWinner[];
  deposits: HomeTransaction[];
  withdrawals: HomeTransaction[];
  statistics: SiteStatistics | null;
  partners: Partner[];
}

export const EMPTY_HOME_DATA: HomeData = {
  sections: [],
  slides: [],
  marquee: [],
  lists: {},
  categories: {},
  matches: [],
  odds: [],
  winners: [],
  deposits: [],
  withdrawals: [],
  statistics: null,
  partners: [],
};

/**
 * A favourite's lobby (the account page lists them; tiles open the game through /playnow): its
 * category's lobby filtered to its provider (the game menu's own path, e.g. /slots?provider=pgsoft),
 * else the category lobby, and the provider's name.
 */
export function gameLink(game: Game, gameMenu: MenuItem[]): { path: string; provider: string } {
  const category = gameMenu.find((item) => item.content_id === game.game_type);
  const provider = category?.children.find((child) => child.content_id === game.provider_code);
  return {
    path: provider?.path ?? category?.path ?? CATEGORY_ROUTES[game.game_type],
    provider: provider?.title ?? game.provider_code,
  };
}
