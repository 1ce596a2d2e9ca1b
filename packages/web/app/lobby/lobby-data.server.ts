import type { AppLoadContext } from 'react-router';
import { LOBBY_MAX_PAGE_SIZE, LOBBY_PAGE_SIZE, type LobbyReply } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { gamesOnPages, type LobbyCategory, type LobbyQuery } from './lobbies';
import { LIVE_TABLES, appendGames, type LobbyData } from './lobby-data';

/** The biggest whole number of grid pages one call may answer: the first pages take fewer calls. */
const CHUNK_SIZE = LOBBY_PAGE_SIZE * Math.max(1, Math.floor(LOBBY_MAX_PAGE_SIZE / LOBBY_PAGE_SIZE));

/**
 * A lobby page's data from the API in-process: the grid's first `query.page` pages (in as few calls
 * as the page size limit allows, all at once) and, on /casino with no filter or search, the live
 * tables beside them.
 */
export async function loadLobbyData(
  request: Request,
  context: AppLoadContext,
  state: ReadySite,
  category: LobbyCategory,
  query: LobbyQuery,
): Promise<LobbyData> {
  const site = sitePayloadOf(request, state);
  const wanted = gamesOnPages(query.page);
  const chunks = Array.from({ length: Math.ceil(wanted / CHUNK_SIZE) }, (_, index) => index + 1);
  const withLiveTables = category === 'livecasino' && !query.provider && !query.q;

  const [pages, live] = await Promise.all([
    Promise.all(
      chunks.map((page) =>
        settledReply(
          'lobby',
          context.api.call('lobby', {
            ...site,
            category,
            provider: query.provider,
            search: query.q,
            page,
            page_size: Math.min(CHUNK_SIZE, wanted),
          }),
        ),
      ),
    ),
    withLiveTables
      ? settledReply('lobby', context.api.call('lobby', { ...site, category: 'livecasino', provider: '', search: '', page: 1, page_size: LOBBY_MAX_PAGE_SIZE }))
      : null,
  ]);

  const first = pages[0] ?? null;
  const games = pages.reduce((all, reply) => appendGames(all, reply?.value ?? []), [] as LobbyReply['value']).slice(0, wanted);
  // A stable sort: hot tables first, each group in the site's order.
  const liveTables = [...(live?.value ?? [])].sort((a, b) => Number(b.hot) - Number(a.hot)).slice(0, LIVE_TABLES);
  return {
    category,
    query,
    games,
    total: first?.total ?? 0,
    providers: first?.providers ?? [],
    liveTables,
    unavailable: pages.some((reply) => reply === null),
  };
}
