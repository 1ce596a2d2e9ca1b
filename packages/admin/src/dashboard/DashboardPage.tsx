import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD_PERIODS, type DashboardPeriod, type OpsDashboardReply, type ReportDay, type ReportFigures } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, money, t } from '../lib/i18n';
import { useOperator } from '../shell/session';
import { DayChart, shortDate, type ChartSeries } from './DayChart';
import './dashboard.css';
import { Messages } from '../lib/Messages';

/*
 * The dashboard (issue 26 §2, ADR 0046): deposits, withdrawals, GGR, NGR and players of every site
 * the operator works on, or of one, over today, 7 or 30 days, with charts by day. Amounts of
 * different currencies are never added: "every site" shows each currency's totals and charts one
 * currency at a time. The site, the period and the charted currency are the URL.
 */

type Board = Omit<OpsDashboardReply, 'statusCode' | 'message'>;
type PlayerDay = Board['players']['days'][number];

const DEFAULT_PERIOD: DashboardPeriod = '7d';
const COLORS = { deposits: '#067647', withdrawals: '#b42318', ggr: '#1f4fd1', ngr: '#b54708', active: '#1f4fd1', newPlayers: '#067647', firstDepositors: '#b54708' };
const count = (value: string | number) => Number(value).toLocaleString('en-GB');

/** An exact decimal string in ten-thousandths, for comparing amounts without floats. */
const unitsOf = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const units = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4) || '0');
  return amount.startsWith('-') ? -units : units;
};

/** The day with the highest value of a figure (the first one on a tie), or null when every day is zero. */
function peakOf(days: { date: string }[], value: (index: number) => string): { date: string; value: string } | null {
  let best: { date: string; value: string } | null = null;
  days.forEach((day, index) => {
    const current = value(index);
    if (unitsOf(current) > 0n && (best === null || unitsOf(current) > unitsOf(best.value))) best = { date: day.date, value: current };
  });
  return best;
}

function MoneyTiles({ figures, currency }: { figures: ReportFigures; currency: string }) {
  return (
    <>
      {(['deposits', 'withdrawals', 'ggr', 'ngr'] as const).map((field) => (
        <div className="dash-tile" key={field}>
          <dt>{t(`dashboard.figures.${field}`)}</dt>
          <dd className={field === 'ggr' || field === 'ngr' ? (figures[field].startsWith('-') ? 'negative' : '') : ''}>{money(figures[field], currency)}</dd>
        </div>
      ))}
    </>
  );
}

function PlayerTiles({ figures }: { figures: Pick<ReportFigures, 'active_players' | 'new_players' | 'first_depositors'> }) {
  return (
    <>
      {(['active_players', 'new_players', 'first_depositors'] as const).map((field) => (
        <div className="dash-tile" key={field}>
          <dt>{t(`dashboard.figures.${field}`)}</dt>
          <dd>{count(figures[field])}</dd>
        </div>
      ))}
    </>
  );
}

/** The money charts of one currency's (or one site's) days. */
function MoneyCharts({ days, currency, scope }: { days: ReportDay[]; currency: string; scope: string }) {
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const asMoney = useCallback((value: string) => money(value, currency), [currency]);
  const flows = useMemo<ChartSeries[]>(
    () => [
      { label: t('dashboard.figures.deposits'), color: COLORS.deposits, values: days.map((day) => day.deposits), format: asMoney },
      { label: t('dashboard.figures.withdrawals'), color: COLORS.withdrawals, values: days.map((day) => day.withdrawals), format: asMoney },
    ],
    [days, asMoney],
  );
  const revenue = useMemo<ChartSeries[]>(
    () => [
      { label: t('dashboard.figures.ggr'), color: COLORS.ggr, values: days.map((day) => day.ggr), format: asMoney },
      { label: t('dashboard.figures.ngr'), color: COLORS.ngr, values: days.map((day) => day.ngr), format: asMoney, dash: [6, 4] },
    ],
    [days, asMoney],
  );
  const range = { from: shortDate(dates[0] ?? ''), to: shortDate(dates.at(-1) ?? ''), days: dates.length };
  const sum = (field: 'deposits' | 'withdrawals' | 'ggr' | 'ngr') => {
    const total = days.reduce((all, day) => all + unitsOf(day[field]), 0n);
    const digits = (total < 0n ? -total : total).toString().padStart(5, '0');
    return money(`${total < 0n ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`, currency);
  };
  const depositPeak = peakOf(days, (index) => days[index]!.deposits);
  const ggrPeak = peakOf(days, (index) => days[index]!.ggr);
  return (
    <>
      <DayChart
        id="chart-flows"
        kind="bars"
        title={t('dashboard.flowsChart', { scope })}
        summary={[
          t('dashboard.flowsSummary', { ...range, deposits: sum('deposits'), withdrawals: sum('withdrawals') }),
          depositPeak ? t('dashboard.peakDeposits', { date: shortDate(depositPeak.date), value: asMoney(depositPeak.value) }) : '',
        ].join(' ')}
        dates={dates}
        series={flows}
      />
      <DayChart
        id="chart-revenue"
        kind="lines"
        title={t('dashboard.revenueChart', { scope })}
        summary={[
          t('dashboard.revenueSummary', { ...range, ggr: sum('ggr'), ngr: sum('ngr') }),
          ggrPeak ? t('dashboard.peakGgr', { date: shortDate(ggrPeak.date), value: asMoney(ggrPeak.value) }) : '',
        ].join(' ')}
        dates={dates}
        series={revenue}
      />
    </>
  );
}

function PlayersChart({ days, scope }: { days: PlayerDay[]; scope: string }) {
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: t('dashboard.figures.active_players'), color: COLORS.active, values: days.map((day) => String(day.active_players)), format: count },
      { label: t('dashboard.figures.new_players'), color: COLORS.newPlayers, values: days.map((day) => String(day.new_players)), format: count },
      { label: t('dashboard.figures.first_depositors'), color: COLORS.firstDepositors, values: days.map((day) => String(day.first_depositors)), format: count },
    ],
    [days],
  );
  const total = (field: 'new_players' | 'first_depositors') => count(days.reduce((all, day) => all + day[field], 0));
  const busiest = days.reduce<PlayerDay | null>((best, day) => (day.active_players > (best?.active_players ?? 0) ? day : best), null);
  return (
    <DayChart
      id="chart-players"
      kind="lines"
      title={t('dashboard.playersChart', { scope })}
      summary={[
        t('dashboard.playersSummary', { days: dates.length, newPlayers: total('new_players'), firstDepositors: total('first_depositors') }),
        busiest ? t('dashboard.busiest', { date: shortDate(busiest.date), count: busiest.active_players }) : '',
      ].join(' ')}
      dates={dates}
      series={series}
    />
  );
}

export function DashboardPage() {
  const operator = useOperator();
  const [params, setParams] = useSearchParams();
  const site = params.get('site') ?? '';
  const period = (DASHBOARD_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as DashboardPeriod) : DEFAULT_PERIOD;
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    void opsCall('opsDashboard', { ...(site ? { site } : {}), period }).then((reply) => {
      if (!current) return;
      setLoading(false);
      if (reply.statusCode !== 1) {
        setError(failureText(reply.message));
        setBoard(null);
        return;
      }
      setError('');
      setBoard(reply);
    });
    return () => {
      current = false;
    };
  }, [site, period]);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'site') next.delete('currency');
    setParams(next);
  };
  const domainOf = useMemo(() => new Map(operator.sites.map((entry) => [entry.external_id, entry.domain])), [operator.sites]);
  const linkTo = (domain: string) => {
    const next = new URLSearchParams(params);
    next.set('site', domain);
    next.delete('currency');
    return `?${next.toString()}`;
  };

  const one = site && board?.sites.length === 1 ? board.sites[0]! : null;
  // Every site: the charts show one currency at a time (the URL's, else the one of most sites).
  const currencies = board?.currencies ?? [];
  const byCount = [...currencies].sort((a, b) => b.sites.length - a.sites.length);
  const charted = currencies.find((group) => group.currency === params.get('currency')) ?? byCount[0] ?? null;
  const showCharts = period !== 'today';
  const periodText = t(`dashboard.periodText.${period}`);

  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <div className="page-head">
        <h1 id="dashboard-title">{t('dashboard.title')}</h1>
        <p>{t('dashboard.intro')}</p>
      </div>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('dashboard.site')}
          <select value={site} onChange={(event) => setParam('site', event.target.value)}>
            <option value="">{t('dashboard.allSites')}</option>
            {operator.sites.map((entry) => (
              <option key={entry.external_id} value={entry.domain}>
                {entry.site_name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="dash-period">
          <legend>{t('dashboard.period')}</legend>
          <div className="dash-period-options">
            {DASHBOARD_PERIODS.map((value) => (
              <label key={value}>
                <input type="radio" name="period" value={value} checked={period === value} onChange={() => setParam('period', value)} />
                <span>{t(`dashboard.periods.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="count" aria-live="polite">
          {loading ? t('dashboard.loading') : board ? t('dashboard.sitesCount', { count: board.sites.length }) : ''}
        </p>
      </form>
      <Messages error={error} />

      {board && one && (
        <>
          <section className="dash-section" aria-labelledby="dash-totals">
            <h2 id="dash-totals">{t('dashboard.siteTotals', { site: one.site_name, period: periodText })}</h2>
            <p className="note">{t('dashboard.siteDays', { from: shortDate(one.from), to: shortDate(one.to), zone: one.time_zone, currency: one.currency })}</p>
            <dl className="dash-tiles" data-testid="dashboard-totals">
              <MoneyTiles figures={one.totals} currency={one.currency} />
            </dl>
            <dl className="dash-tiles" data-testid="dashboard-players">
              <PlayerTiles figures={one.totals} />
            </dl>
          </section>
          {showCharts ? (
            <section className="dash-section dash-charts" aria-labelledby="dash-by-day">
              <h2 id="dash-by-day">{t('dashboard.byDay')}</h2>
              <MoneyCharts days={one.days} currency={one.currency} scope={one.site_name} />
              <PlayersChart days={one.days} scope={one.site_name} />
            </section>
          ) : (
            <p className="note">{t('dashboard.todayNoCharts')}</p>
          )}
        </>
      )}

      {board && !one && (
        <>
          <section className="dash-section" aria-labelledby="dash-players">
            <h2 id="dash-players">{t('dashboard.allPlayers', { period: periodText })}</h2>
            <dl className="dash-tiles" data-testid="dashboard-players">
              <PlayerTiles figures={board.players} />
            </dl>
          </section>
          <section className="dash-section" aria-labelledby="dash-currencies">
            <h2 id="dash-currencies">{t('dashboard.perCurrency', { period: periodText })}</h2>
            <p className="note">{t('dashboard.perCurrencyNote')}</p>
            <div className="table-wrap" tabIndex={0} role="region" aria-label={t('table.frame')}>
              <table className="data-table" data-testid="dashboard-currencies">
                <caption className="visually-hidden">{t('dashboard.perCurrency', { period: periodText })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.currency')}</th>
                    <th scope="col" className="num">
                      {t('dashboard.sites')}
                    </th>
                    {(['deposits', 'withdrawals', 'ggr', 'ngr'] as const).map((field) => (
                      <th scope="col" className="num" key={field}>
                        {t(`dashboard.figures.${field}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {currencies.map((group) => (
                    <tr key={group.currency} data-currency={group.currency}>
                      <th scope="row">{group.currency}</th>
                      <td className="num">{group.sites.length}</td>
                      {(['deposits', 'withdrawals', 'ggr', 'ngr'] as const).map((field) => (
                        <td className={`amount num${group.totals[field].startsWith('-') ? ' negative' : ''}`} key={field}>
                          {money(group.totals[field], group.currency)}
                        </td>
                      ))}
                    </tr>
                  ))}
                  {currencies.length === 0 && (
                    <tr>
                      <td colSpan={6} className="empty">
                        {t('dashboard.noSites')}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          </section>
          {showCharts && charted && (
            <section className="dash-section dash-charts" aria-labelledby="dash-by-day">
              <div className="dash-section-head">
                <h2 id="dash-by-day">{t('dashboard.byDay')}</h2>
                {currencies.length > 1 && (
                  <label className="dash-inline">
                    {t('dashboard.chartCurrency')}
                    <select value={charted.currency} onChange={(event) => setParam('currency', event.target.value)}>
                      {currencies.map((group) => (
                        <option key={group.currency} value={group.currency}>
                          {t('dashboard.currencyOption', { currency: group.currency, count: group.sites.length })}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </div>
              <MoneyCharts days={charted.days} currency={charted.currency} scope={t('dashboard.currencyScope', { currency: charted.currency })} />
              <PlayersChart days={board.players.days} scope={t('dashboard.everySite')} />
            </section>
          )}
          {!showCharts && <p className="note">{t('dashboard.todayNoCharts')}</p>}
          <section className="dash-section" aria-labelledby="dash-sites">
            <h2 id="dash-sites">{t('dashboard.perSite', { period: periodText })}</h2>
            <div className="table-wrap" tabIndex={0} role="region" aria-label={t('table.frame')}>
              <table className="data-table" data-testid="dashboard-sites">
                <caption className="visually-hidden">{t('dashboard.perSite', { period: periodText })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.site')}</th>
                    {(['deposits', 'withdrawals', 'ggr', 'ngr', 'active_players', 'new_players', 'first_depositors'] as const).map((field) => (
                      <th scope="col" className="num" key={field}>
                        {t(`dashboard.figures.${field}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {board.sites.map((entry) => {
                    const domain = domainOf.get(entry.site);
                    return (
                      <tr key={entry.site} data-site={entry.site}>
                        <th scope="row">
                          {domain ? <Link to={linkTo(domain)}>{entry.site_name}</Link> : entry.site_name}
                          <span className="sub">{entry.currency}</span>
                        </th>
                        {(['deposits', 'withdrawals', 'ggr', 'ngr'] as const).map((field) => (
                          <td className={`amount num${entry.totals[field].startsWith('-') ? ' negative' : ''}`} key={field}>
                            {money(entry.totals[field], entry.currency)}
                          </td>
                        ))}
                        {(['active_players', 'new_players', 'first_depositors'] as const).map((field) => (
                          <td className="num" key={field}>
                            {count(entry.totals[field])}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </section>
  );
}
