import { useState, type MouseEvent } from 'react';
import { Link, useNavigation } from 'react-router';
import { LOBBY_PAGE_SIZE, STATUS, type CatalogueGame } from '@wl/contracts';
import { callApi, siteCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { useT } from '../i18n/use-t';
import { formatCount } from '../shared/format/numbers';
import { GameTile } from '../games/GameTile';
import type { TileVariant } from '../theme/templates';
import { lobbySearch } from './lobbies';
import { appendGames, gameKey, type LobbyData } from './lobby-data';

/** The first row or two of tiles load their images at once: they are what the page first shows. */
const EAGER_TILES = 6;

/** Pages appended in place to the grid of one loader data. */
interface Appended {
  data: LobbyData;
  games: CatalogueGame[];
  total: number;
  page: number;
}

/** The id of the first tile of a page (pages after the first). */
function pageAnchor(page: number): string {
  return `lobby-page-${page}`;
}

/** A click that opens the link elsewhere (new tab or window) is left to the browser. */
function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * The lobby's game grid: the pages the URL asks for, then "Load more". The control is a link to the
 * next page (the server renders every page up to it); with JavaScript it fetches that page alone
 * and appends it in place. It goes once every game is shown. What was appended belongs to the
 * loader data it was appended to: new data (another filter or search, a retry) starts again from
 * the server's pages, and a page arriving after the query changed is dropped.
 */
export function LobbyGrid({ data, variant }: { data: LobbyData; variant: TileVariant }) {
  const { t } = useT();
  const { path, to } = useLocale();
  const site = useReadySite();
  const navigation = useNavigation();
  const [appended, setAppended] = useState<Appended | null>(null);
  const [loading, setLoading] = useState(false);
  const current = appended?.data === data ? appended : null;
  const games = current?.games ?? data.games;
  const total = current?.total ?? data.total;
  const page = current?.page ?? Math.max(1, Math.ceil(data.games.length / LOBBY_PAGE_SIZE));
  const { query } = data;
  const hot = data.category === 'hot';
  // A tile's game closes back to this lobby as it is now: its filter, search and pages.
  const from = `${path}${lobbySearch({ ...query, page })}`;
  // Without JavaScript the next page comes with the ones before it: the fragment scrolls to where it starts.
  const nextHref = `${to(path)}${lobbySearch({ ...query, page: page + 1 })}#${pageAnchor(page + 1)}`;
  const more = games.length < total;

  const loadMore = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (opensElsewhere(event) || !site) return;
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    const reply = await callApi('lobby', {
      ...siteCallPayload(site.site),
      category: data.category,
      provider: query.provider,
      search: query.q,
      page: page + 1,
      page_size: LOBBY_PAGE_SIZE,
    });
    setLoading(false);
    if (reply.statusCode !== STATUS.ok || !('value' in reply)) {
      handleApiError(reply);
      return;
    }
    setAppended({ data, games: appendGames(games, reply.value), total: reply.total, page: reply.page });
  };

  if (data.unavailable && !games.length) {
    return (
      <div className="lobby-empty" role="status">
        <p className="lobby-empty__title">{t('lobby.unavailable')}</p>
        <Link to={`${to(path)}${lobbySearch(query)}`} className="btn btn--primary">
          {t('lobby.retry')}
        </Link>
      </div>
    );
  }

  if (!games.length) {
    const filtered = Boolean(query.q || query.provider);
    return (
      <div className="lobby-empty" role="status">
        <p className="lobby-empty__title">
          {query.q ? t('lobby.noMatch', { search: query.q }) : filtered ? t('lobby.noProviderGames') : t('lobby.noGames')}
        </p>
        {filtered ? (
          <Link to={to(path)} className="btn btn--primary">
            {t('lobby.showAll')}
          </Link>
        ) : (
          <Link to={to('/')} className="btn btn--primary">
            {t('notFound.backHome')}
          </Link>
        )}
      </div>
    );
  }

  return (
    <div className="lobby-grid" aria-busy={navigation.state === 'loading' || loading}>
      <p className="lobby-grid__count" role="status">
        {t('lobby.results', {
          shown: formatCount(games.length),
          count: total,
          total: formatCount(total),
        })}
      </p>
      <ul className="tiles tiles--grid" data-tile={variant} data-testid="lobby-grid">
        {games.map((game: CatalogueGame, index) => (
          <GameTile
            key={gameKey(game)}
            id={index > 0 && index % LOBBY_PAGE_SIZE === 0 ? pageAnchor(index / LOBBY_PAGE_SIZE + 1) : undefined}
            game={game}
            variant={variant}
            eager={index < EAGER_TILES}
            from={from}
            showCategory={hot}
            hotBadge={!hot}
          />
        ))}
      </ul>
      {more ? (
        <div className="lobby-grid__more">
          <Link
            to={nextHref}
            className="btn btn--outline lobby-more"
            preventScrollReset
            onClick={(event) => void loadMore(event)}
            aria-disabled={loading || undefined}
          >
            {loading ? t('lobby.loading') : t('lobby.loadMore')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
