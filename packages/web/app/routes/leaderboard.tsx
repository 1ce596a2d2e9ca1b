import { useId } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useNavigation } from 'react-router';
import { LEADERBOARD_METRICS, LEADERBOARD_PERIODS, type LeaderboardReply } from '@wl/contracts';
import type { Route } from './+types/leaderboard';
import { formatAmount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { DataGate } from '../shared/data/DataGate';
import { publicLoader } from '../shared/data/public-loader.server';
import '../styles/player.css';
import '../styles/rewards.css';

export { screenMeta as meta } from '../seo/merge-meta';

type Period = (typeof LEADERBOARD_PERIODS)[number];
type Metric = (typeof LEADERBOARD_METRICS)[number];

/** Periods start at 00:00 UTC: the start date is shown in UTC, so it is the same day everywhere. */
const START_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
/** The top three rows are highlighted with a medal. */
const MEDALS = 3;

/** The board chosen by the URL (?period=week&metric=turnover); anything else is the default. */
function choiceOf(search: URLSearchParams): { period: Period; metric: Metric } {
  const period = LEADERBOARD_PERIODS.find((value) => value === search.get('period')) ?? 'week';
  const metric = LEADERBOARD_METRICS.find((value) => value === search.get('metric')) ?? 'turnover';
  return { period, metric };
}

/**
 * The board is public, the same for every visitor: loaded in the web server and rendered into the
 * page (ADR 0058). A choice is a navigation to new search params, which this loader answers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const choice = choiceOf(new URL(request.url).searchParams);
  return { choice, board: await publicLoader(request, context, 'leaderboard', choice) };
}

/**
 * /leaderboard (open to guests): the site's top players of the day, week or month by turnover or
 * winnings, from the game ledger, account ids masked by the server. The period and the metric are
 * chosen with two button groups; each choice navigates to the board's URL.
 */
export default function LeaderboardPage() {
  const { t } = useT();
  const { choice, board } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The board shown stays (dimmed) while the next choice's loads.
  const pending = navigation.state === 'loading' && navigation.location.pathname === pathname ? choiceOf(new URLSearchParams(navigation.location.search)) : null;
  const period = pending?.period ?? choice.period;
  const metric = pending?.metric ?? choice.metric;
  const stale = !!pending && (pending.period !== choice.period || pending.metric !== choice.metric);

  // Replaced, not pushed: flipping through the boards is not a trail for the back button.
  const choose = (next: { period?: Period; metric?: Metric }) => {
    const search = new URLSearchParams({ period: next.period ?? period, metric: next.metric ?? metric });
    void navigate(`${pathname}?${search.toString()}`, { replace: true, preventScrollReset: true });
  };

  return (
    <section className="player-screen player-screen--narrow rewards-screen leaderboard-screen" aria-labelledby="leaderboard-title">
      <header className="player-screen__head">
        <h1 id="leaderboard-title" className="screen__title">
          {t('_m:leaderboard')}
        </h1>
        <p className="screen__lead">{t('rewards.leaderboard.lead')}</p>
      </header>
      <div className="player-card leaderboard">
        <div className="leaderboard__filters">
          <Choice label={t('rewards.leaderboard.period')} options={LEADERBOARD_PERIODS} value={period} onChange={(value) => choose({ period: value })} text={(key) => t(`rewards.leaderboard.periods.${key}`)} />
          <Choice label={t('rewards.leaderboard.metric')} options={LEADERBOARD_METRICS} value={metric} onChange={(value) => choose({ metric: value })} text={(key) => t(`rewards.leaderboard.metrics.${key}`)} />
        </div>
        <div className="leaderboard__board" aria-busy={stale} data-stale={stale || undefined}>
          <DataGate loaded={board} failedText={t('rewards.failed')} retryLabel={t('rewards.retry')} bare>
            {(value) => <Board board={value} />}
          </DataGate>
        </div>
      </div>
    </section>
  );
}

/** A group of toggle buttons choosing one option (aria-pressed), named by its visible label. */
function Choice<K extends string>({
  label,
  options,
  value,
  onChange,
  text,
}: {
  label: string;
  options: readonly K[];
  value: K;
  onChange: (value: K) => void;
  text: (key: K) => string;
}) {
  const labelId = useId();
  return (
    <div className="leaderboard__choice">
      <span id={labelId} className="leaderboard__choice-label">
        {label}
      </span>
      <div className="segmented" role="group" aria-labelledby={labelId}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className="segmented__button"
            aria-pressed={option === value}
            data-value={option}
            onClick={() => onChange(option)}
          >
            {text(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

function Board({ board }: { board: LeaderboardReply }) {
  const { t } = useT();
  const { to } = useLocale();
  const startDate = useDateFormat(START_DATE);
  const metric = t(`rewards.leaderboard.metrics.${board.metric}`);
  const since = t('rewards.leaderboard.since', { date: startDate.format(new Date(board.period_start)) });

  if (!board.value.length) {
    return (
      <div className="reward-state" data-testid="leaderboard-empty">
        <span className="reward-state__icon">
          <Icon name="leaderboard" size={30} />
        </span>
        <h2 className="reward-state__title">{t('rewards.leaderboard.emptyTitle')}</h2>
        <p className="reward-state__lead">{t('rewards.leaderboard.emptyLead', { since })}</p>
        <div className="reward-state__actions">
          <Link to={to('/')} className="btn btn--primary">
            {t('rewards.leaderboard.playNow')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <table className="leaderboard__table" data-testid="leaderboard-table" data-period={board.period} data-metric={board.metric}>
      <caption className="leaderboard__caption">
        {t('rewards.leaderboard.caption', { metric, period: t(`rewards.leaderboard.periods.${board.period}`) })}
        <span className="leaderboard__since">{since}</span>
      </caption>
      <thead>
        <tr>
          <th scope="col" className="leaderboard__rank">
            {t('rewards.leaderboard.rank')}
          </th>
          <th scope="col">{t('rewards.leaderboard.player')}</th>
          <th scope="col" className="leaderboard__amount">
            {t('rewards.leaderboard.amount', { metric, currency: board.currency })}
          </th>
        </tr>
      </thead>
      <tbody>
        {board.value.map((row) => (
          <tr key={row.rank} className={row.rank <= MEDALS ? `leaderboard__row leaderboard__row--top${row.rank}` : 'leaderboard__row'} data-testid="leaderboard-row">
            <td className="leaderboard__rank">
              <span className="leaderboard__medal">{row.rank}</span>
            </td>
            <th scope="row" className="leaderboard__player" data-testid="leaderboard-account">
              {row.account_id}
            </th>
            <td className="leaderboard__amount">{formatAmount(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
