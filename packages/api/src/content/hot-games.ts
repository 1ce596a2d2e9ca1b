import { arrayContains, asc, desc, eq } from 'drizzle-orm';
import { GAME_LIST_FALLBACKS, type Game, type GameCategory } from '@wl/contracts';
import type { CallHandlers } from '../http/calls.js';
import { games, providers, siteProviders } from '../db/schema.js';
import { siteContentCall } from './site-guard.js';
import { offeredBySite } from '../catalogue/index.js';

/**
 * get_hot_games: games of the providers the site has enabled only. For 'hot', the games flagged
 * hot in any category; for a category, that category's games with the hot ones first. Then by
 * the games' own order and the site's provider order, at most GAME_LIST_FALLBACKS.hot games.
 */
export const hotGameHandlers: CallHandlers = {
  getHotGames: siteContentCall<'getHotGames'>(async ({ game_type }, { db, site }) => {
    const filter = game_type === 'hot' ? eq(games.hot, true) : arrayContains(games.categories, [game_type]);
    const rows = await db
      .select({
        provider_code: providers.code,
        game_code: games.gameCode,
        game_name: games.gameName,
        game_type: games.gameType,
        game_image: games.imageUrl,
      })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .innerJoin(siteProviders, offeredBySite(site.id))
      .where(filter)
      .orderBy(desc(games.hot), asc(games.sortOrder), asc(siteProviders.sortOrder), asc(games.id))
      .limit(GAME_LIST_FALLBACKS.hot);
    const value: Game[] = rows.map((row) => ({ ...row, game_type: row.game_type as GameCategory }));
    return { statusCode: 1, message: 'OK', value };
  }),
};
