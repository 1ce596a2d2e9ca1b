import { useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/bet-history';
import { BET_STATUSES, CATEGORY_ROUTES, PAGINATION, type BetRecord as PlayerBet, type PublicBet } from '@wl/contracts';
import { useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { formatCount } from '../shared/format/numbers';
import { useDateFormat } from '../i18n/dates';
import { useScreenTitle } from '../i18n/screen-titles';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { BetDisplay } from '../sports/BetDisplay';
import { sportName } from '../sports/SportsBoard';
import { HistoryFilters } from '../history/HistoryFilters';
import { HistoryFallback, HistoryListCard, HistoryScreen, HistoryTabs, HistoryTotals } from '../history/HistoryParts';
import { Money } from '../history/Money';
import { StatusBadge } from '../shared/ui/StatusBadge';
import { HISTORY_TIME, betStatusLabel } from '../history/labels';
import { pageLinkOf, parseBetQuery, rangeFilters, searchOf, type BetKindName, type QueryFields } from '../history/query';
import { useHistoryLoad } from '../history/use-history';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import { SportsTicket, isSportsTicket } from '../history/SportsTicket';
import '../styles/player.css';
import '../styles/history.css';

export { screenMeta as meta } from '../seo/merge-meta';

/**
 * A sports bet as the bet display of docs/product.md §3 reads it (the selection, its match and the team
 * names per language); null for a game round or a ticket without a selection.
 */
function displayedBet(bet: PlayerBet): PublicBet | null {
  if (bet.kind !== 'sports' || !bet.bet_type || !bet.home_away || !bet.odds) return null;
  return {
    ...bet,
    selection_id: 0,
    match_id: bet.match_id ?? 0,
    sport: bet.sport ?? '',
    league: bet.league ?? '',
    start_time: bet.match_start ?? bet.placed_at,
    status: 'finished',
    home_team_name: bet.home_team_name ?? '',
    away_team_name: bet.away_team_name ?? '',
    bet_type: bet.bet_type,
    home_away: bet.home_away,
    criteria1: bet.criteria1,
    odds: bet.odds,
  };
}

/** The page of the URL's query, loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseBetQuery(new URL(request.url).searchParams);
  const fields: QueryFields = { kind: query.kind, status: query.status, from: query.from, to: query.to, page: query.page };
  const payload = {
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...rangeFilters(query),
    page: query.page,
    page_size: PAGINATION.perPage,
  };
  return { key: searchOf(fields), list: await sessionLoader('betHistory', payload, { signal: request.signal }) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useT();
  return <HistoryFallback id="bet-history" lead={t('history.bets.lead')} label={t('history.bets.all')} />;
}

/**
 * /bet-history: the player's game rounds and sports bets (betHistory call), the latest first, one
 * page of 10 at a time from the server, by kind (tabs), status and days, every state a URL
 * (?kind=sports&status=won&from=2026-11-01&page=2). A round shows its game and provider, a sports
 * bet its league and the bet display (market, pick, line, the teams in the page's language,
 * odds), a betslip's ticket its kind, legs, total odds, potential return and cash-out (ADR 0035);
 * each its stake, payout, status and when it was placed; with the stake and payout of every
 * matching bet.
 */
export default function BetHistoryPage() {
  const { t } = useT();
  const session = useSession();
  const { to, path } = useLocale();
  const site = useReadySite();
  const [search] = useSearchParams();
  const query = parseBetQuery(search);
  const fields: QueryFields = { kind: query.kind, status: query.status, from: query.from, to: query.to, page: query.page };
  const here = to(path);

  const { key, list } = useLoaderData<typeof clientLoader>();
  const { load, retry } = useHistoryLoad(key, list);
  useRevalidateOnPlayerChange();

  if (!session.isAuthenticated) return null;
  const reply = load.kind === 'ready' ? load.reply : null;
  const currency = reply?.currency ?? site?.site.currency ?? '';
  const filtered = query.status !== '' || query.from !== '' || query.to !== '';
  const hrefOf = (next: QueryFields) => `${here}${searchOf(next)}`;
  const kinds: { key: BetKindName | ''; label: string }[] = [
    { key: '', label: t('history.bets.all') },
    { key: 'game', label: t('history.bets.games') },
    { key: 'sports', label: t('history.bets.sports') },
  ];

  return (
    <HistoryScreen id="bet-history" lead={t('history.bets.lead')}>
      <HistoryTabs
        label={t('history.bets.kinds')}
        tabs={kinds.map((kind) => ({
          key: kind.key || 'all',
          label: kind.label,
          href: hrefOf({ ...fields, kind: kind.key, page: 1 }),
          current: kind.key === query.kind,
        }))}
      />
      <div className="player-card">
        <HistoryFilters
          action={here}
          range={query}
          selects={[
            {
              name: 'status',
              label: t('history.bets.status'),
              value: query.status,
              choices: [{ value: '', label: t('history.bets.allStatuses') }, ...BET_STATUSES.map((status) => ({ value: status, label: betStatusLabel(t, status) }))],
            },
          ]}
          hrefFor={(values) => hrefOf({ ...values, kind: query.kind, page: 1 })}
          clearHref={filtered ? hrefOf({ kind: query.kind }) : null}
        />
      </div>
      {reply ? (
        <HistoryTotals
          stale={load.kind === 'ready' && load.stale}
          items={[
            { key: 'count', label: t('history.bets.count'), value: formatCount(reply.total) },
            { key: 'stake', label: t('history.bets.totalStake'), value: <Money amount={reply.totals.stake} currency={currency} /> },
            { key: 'payout', label: t('history.bets.totalPayout'), value: <Money amount={reply.totals.payout} currency={currency} /> },
          ]}
        />
      ) : null}
      <HistoryListCard
        load={load}
        onRetry={retry}
        icon="trophy"
        label={kinds.find((kind) => kind.key === query.kind)?.label ?? ''}
        title={(total) => t('history.bets.bets', { count: total })}
        page={query.page}
        linkUrl={pageLinkOf(here, fields)}
        firstPageHref={hrefOf({ ...fields, page: 1 })}
        filtered={filtered || query.kind !== ''}
        empty={{ text: t('history.bets.empty'), action: { href: to('/'), label: t('history.bets.play') } }}
      >
        {(list) => list.value.map((bet) => <BetRow key={bet.bet_id} bet={bet} currency={list.currency} onSettled={retry} />)}
      </HistoryListCard>
    </HistoryScreen>
  );
}

function BetRow({ bet, currency, onSettled }: { bet: PlayerBet; currency: string; onSettled: () => void }) {
  const { t } = useT();
  const dates = useDateFormat(HISTORY_TIME);
  const screenTitle = useScreenTitle();
  const ticket = isSportsTicket(bet);
  const display = ticket ? null : displayedBet(bet);
  const isGame = bet.kind === 'game';
  const title = isGame
    ? (bet.game_name ?? bet.game_code ?? t('history.bets.gameRound'))
    : ticket && bet.bet_kind === 'accumulator'
      ? t('history.ticket.accumulatorTitle', { count: bet.legs.length })
      : (bet.league ?? t('history.bets.sportsBet'));
  // A sports ticket not settled yet is open (ADR 0035).
  const statusLabel = ticket && bet.status === 'pending' ? t('history.ticket.open') : betStatusLabel(t, bet.status);
  const category = isGame && bet.game_type ? screenTitle(CATEGORY_ROUTES[bet.game_type]) : '';
  // The sports of a ticket's legs (an accumulator may cross sports), else of the bet.
  const sports = [...new Set(ticket ? bet.legs.map((leg) => leg.sport) : bet.sport ? [bet.sport] : [])];
  return (
    <li className="history-row history-row--bet" data-testid="bet-row" data-kind={bet.kind} data-status={bet.status} data-bet-id={bet.bet_id}>
      <span className="history-row__icon" data-status={bet.status} aria-hidden="true">
        <Icon name={isGame ? (bet.game_type ?? 'slots') : 'sportsbook'} size={18} />
      </span>
      <div className="history-row__main">
        <p className="history-row__title">
          <span data-testid="bet-title">{title}</span>
          <StatusBadge status={bet.status} label={statusLabel} />
        </p>
        <p className="history-row__meta">{isGame ? category || t('history.bets.gameRound') : sports.length ? sports.map((sport) => sportName(t, sport)).join(' · ') : t('history.bets.sportsBet')}</p>
        {ticket ? <SportsTicket bet={bet} currency={currency} onSettled={onSettled} /> : null}
        {display ? (
          <div className="history-row__bet">
            <BetDisplay bet={display} layout="card" />
          </div>
        ) : null}
        <dl className="history-row__facts">
          {isGame && bet.provider_code ? (
            <div data-fact="provider">
              <dt>{t('history.bets.provider')}</dt>
              <dd className="history-row__code" data-testid="bet-provider">
                {bet.provider_code}
              </dd>
            </div>
          ) : null}
          <div data-fact="reference">
            <dt>{t('history.bets.reference')}</dt>
            <dd className="history-row__code">{bet.reference}</dd>
          </div>
          <div data-fact="placed">
            <dt>{t('history.bets.placed')}</dt>
            <dd>
              <time dateTime={bet.placed_at}>{dates.format(new Date(bet.placed_at))}</time>
            </dd>
          </div>
        </dl>
      </div>
      <dl className="history-row__figures history-row__money">
        <div>
          <dt>{t('history.bets.stake')}</dt>
          <dd>
            <Money amount={bet.stake} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t('history.bets.payout')}</dt>
          <dd>
            <Money amount={bet.payout} currency={currency} className="history-row__amount" />
          </dd>
        </div>
      </dl>
    </li>
  );
}
