import type { Match } from '@wl/contracts';

/** A sportsbook provider of the site and the game that opens it. */
export interface Sportsbook {
  provider_code: string;
  /** The provider's name as the site's game menu has it. */
  name: string;
  game_code: string;
  game_name: string;
}

/** What /sports shows: the merged board of both feeds, and the site's sportsbooks. */
export interface SportsData {
  matches: Match[];
  sportsbooks: Sportsbook[];
}

export const EMPTY_SPORTS_DATA: SportsData = { matches: [], sportsbooks: [] };
