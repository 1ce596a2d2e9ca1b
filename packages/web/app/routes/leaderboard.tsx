import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { LEADERBOARD_METRICS, LEADERBOARD_PERIODS, STATUS, type LeaderboardReply } from '@wl/contracts';
import { callApi, siteCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { formatAmount } from '../home/home-data';
import { Icon } from '../frame/icons';
import { useReadySite } from '../player/site';
import type { Load } from '../rewards/load';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import '../styles/player.css';
import '../styles/rewards.css';
import { RetryNote } from '../player/RetryNote';

export { screenMeta as meta } from '../seo/merge-meta';

type Period = (typeof LEADERBOARD_PERIODS)[number];
type Metric = (typeof LEADERBOARD_METRICS)[number];

/** Periods start at 00:00 UTC: the start date is shown in UTC, so it is the same day everywhere. */
const START_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
/** The top three rows are highlighted with a medal. */
const MEDALS = 3;

/**
 * /leaderboard (open to guests): the site's top players of the day, week or month by turnover or
 * winnings, from the game ledger, account ids masked by the server. The period and the metric are
 * chosen with two button groups; each choice asks the server again.
 */
export default function LeaderboardPage() {
  const { t } = useT();
  const site = useReadySite();
  const [period, setPeriod] = useState<Period>('week');
  const [metric, setMetric] = useState<Metric>('turnover');
  const [load, setLoad] = useState<Load<LeaderboardReply>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const externalId = site?.site.external_id;

  useEffect(() => {
    if (!externalId) return;
    const controller = new AbortController();
    void callApi('leaderboard', { ...siteCallPayload({ external_id: externalId }), period, metric }, { signal: controller.signal }).then((reply) => {
      if (controller.signal.aborted) return;
      if (reply.statusCode === STATUS.ok && 'value' in reply) return setLoad({ kind: 'ready', value: reply });
      handleApiError(reply);
      setLoad({ kind: 'failed' });
    });
    return () => controller.abort();
  }, [externalId, period, metric, attempt]);

  /** A new choice keeps the board shown (dimmed) until the new one arrives; after a failure it shows the loading state. */
  const choose = (next: { period?: Period; metric?: Metric }) => {
    if (next.period) setPeriod(next.period);
    if (next.metric) setMetric(next.metric);
    setLoad((before) => (before.kind === 'ready' ? before : { kind: 'loading' }));
  };

  if (!site) return null;
  // The board shown may still be the previous choice's while the new one loads.
  const board = load.kind === 'ready' ? load.value : null;
  const stale = !!board && (board.period !== period || board.metric !== metric);

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
        <div className="leaderboard__board" aria-busy={load.kind === 'loading' || stale} data-stale={stale || undefined}>
          {load.kind === 'loading' ? <p className="player-card__note">{t('rewards.loading')}</p> : null}
          {load.kind === 'failed' ? (
            <RetryNote
              text={t('rewards.failed')}
              retryLabel={t('rewards.retry')}
              onRetry={() => {
                setLoad({ kind: 'loading' });
                setAttempt((value) => value + 1);
              }}
            />
          ) : null}
          {board ? <Board board={board} /> : null}
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
