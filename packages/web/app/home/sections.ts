import type { GameCategory, GameListName } from '@wl/contracts';
import type { TileVariant } from '../theme/templates';

export type HeroVariant =
  /** Full-width slides with arrows and dots. */
  | 'carousel'
  /** A welcome panel beside the current slide. */
  | 'split'
  /** One large slide and two small ones. */
  | 'mosaic'
  /** Edge-to-edge slides under an overlay header. */
  | 'full'
  /** A row of small banners (sportsbooks, below the matches). */
  | 'strip';

/** How a section lays out its game tiles: a scrolling row, a grid, or a grid led by one big tile. */
export type GameLayout = 'row' | 'grid' | 'spotlight';

/** One section of a home page composition (compositions.server.ts), in the order it is shown. */
export type HomeSection =
  | { kind: 'hero'; variant: HeroVariant }
  | { kind: 'marquee' }
  /** Every game category with its provider count (the category tiles). */
  | { kind: 'categories'; variant: 'cards' | 'icons' | 'tiles' }
  /**
   * One of the site's curated lists (game_lists: hot, featured, popular, new), every game of it:
   * the site sets each list's size (docs/product.md §9 fallbacks 15, 10, 6, 6), the layout fits any size.
   */
  | { kind: 'list'; list: GameListName; layout: GameLayout; tile?: TileVariant }
  /** A few games of one category (get_hot_games), the family's lead: live casino, slots, sportsbook. */
  | { kind: 'games'; category: GameCategory; layout: GameLayout; limit: number; tile?: TileVariant }
  /** Upcoming and live matches with their odds (match_list). */
  | { kind: 'matches'; variant: 'board' | 'cards'; limit: number }
  /** A scrolling strip of featured prices (public_odds). */
  | { kind: 'odds' }
  /** The biggest recent withdrawals (top10winner_withdrawal). */
  | { kind: 'winners'; variant: 'board' | 'ticker' }
  /** Latest deposits and withdrawals (fetch_transactions). */
  | { kind: 'transactions' }
  /** Site statistics counters (fetch_transactions' statistics). */
  | { kind: 'stats' }
  | { kind: 'partners' }
  /** App download promotion (the site's store links). */
  | { kind: 'app' };

export type SectionKind = HomeSection['kind'];
