import type { AppLoadContext } from 'react-router';
import { LOBBY_MAX_PAGE_SIZE, type CatalogueGame } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { mergeFeeds } from './board';
import type { SportsData, Sportsbook } from './sports-data';

/**
 * The /sports page's data, in-process and in parallel: the matches (match_list), the featured
 * odds (public_odds) and the site's sportsbook games (a lobby page of the sportsbook category,
 * for each sportsbook provider of the game menu its first game to open).
 */
export async function loadSportsData(request: Request, context: AppLoadContext, state: ReadySite): Promise<SportsData> {
  const site = sitePayloadOf(request, state);
  const [matches, odds, lobby] = await Promise.all([
    settledReply('sports data', context.api.call('matchList', {})),
    settledReply('sports data', context.api.call('publicOdds', {})),
    settledReply('sports data', context.api.call('lobby', { ...site, category: 'sportsbook', provider: '', search: '', page: 1, page_size: LOBBY_MAX_PAGE_SIZE })),
  ]);
  return {
    matches: mergeFeeds(matches?.value ?? [], odds?.value ?? []),
    sportsbooks: sportsbooksOf(state, lobby?.value ?? []),
  };
}

/** The game menu's sportsbook providers in the site's order, each with its first game; providers without one are left out. */
function sportsbooksOf(state: ReadySite, games: CatalogueGame[]): Sportsbook[] {
  const providers = state.content.game_menu.find((item) => item.content_id === 'sportsbook')?.children ?? [];
  return providers.flatMap((provider) => {
    const game = games.find((entry) => entry.provider_code.toUpperCase() === provider.content_id.toUpperCase());
    return game ? [{ provider_code: game.provider_code, name: provider.title, game_code: game.game_code, game_name: game.game_name }] : [];
  });
}
