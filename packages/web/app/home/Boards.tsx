import type { SiteStatistics, TopWinner } from '@wl/contracts';
import { Icon } from '../shared/ui/icons';
import { formatAmount, formatCount } from '../shared/format/numbers';
import { type HomeTransaction } from './home-data';
import { SectionHead } from './GameSection';
import { useT } from '../i18n/use-t';

/** The biggest withdrawals of the month (top10winner_withdrawal): a ranked board or a running ticker. */
export function Winners({ winners, variant }: { winners: TopWinner[]; variant: 'board' | 'ticker' }) {
  const { t } = useT();
  if (variant === 'ticker') {
    const items = winners.map((winner) => (
      <>
        <Icon name="trophy" size={16} />
        <span className="ticker__text">
          {winner.account_id} {winner.game_name ? t('home.wonIn', { game: winner.game_name }) : ''}
        </span>
        <span className="ticker__amount">
          {formatAmount(winner.amount)} {winner.currency}
        </span>
      </>
    ));
    return (
      <section className="home-section winners-ticker ticker" aria-labelledby="winners-ticker-title">
        <h2 id="winners-ticker-title" className="ticker__title">
          {t('home.recentWins')}
        </h2>
        <div className="ticker__viewport">
          {[false, true].map((copy) => (
            <ul key={String(copy)} className={copy ? 'ticker__track ticker__track--copy' : 'ticker__track'} aria-hidden={copy ? true : undefined}>
              {items.map((item, index) => (
                <li key={`${winners[index]!.account_id}:${winners[index]!.created_at}:${index}`} className="ticker__item">
                  {item}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>
    );
  }
  return (
    <section className="home-section winners" aria-labelledby="winners-title">
      <SectionHead id="winners-title" title={t('home.winners')} icon="trophy" subtitle={t('home.winnersLead')} />
      <ol className="winners__list">
        {winners.map((winner, index) => (
          <li key={`${winner.account_id}:${winner.created_at}:${index}`} className="winner" data-rank={index + 1}>
            <span className="winner__rank">{index + 1}</span>
            <span className="winner__who">
              <span className="winner__id">{winner.account_id}</span>
              {winner.game_name ? <span className="winner__game">{winner.game_name}</span> : null}
            </span>
            <span className="winner__amount">
              {formatAmount(winner.amount)} <span className="winner__currency">{winner.currency}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function PaymentList({ title, rows, icon }: { title: string; rows: HomeTransaction[]; icon: string }) {
  const { t } = useT();
  return (
    <div className="payments">
      <h3 className="payments__title">
        <Icon name={icon} size={18} />
        {title}
      </h3>
      <table className="payments__table">
        <thead>
          <tr>
            <th scope="col">{t('home.player')}</th>
            <th scope="col">{t('home.amount')}</th>
            <th scope="col">{t('home.time')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.account_id}:${row.created_at}:${index}`}>
              <td>{row.account_id}</td>
              <td className="payments__amount">
                {formatAmount(row.amount)} {row.currency}
              </td>
              <td>
                <time dateTime={row.created_at}>{row.time_label}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Latest approved deposits and withdrawals (fetch_transactions), side by side. */
export function Transactions({ deposits, withdrawals }: { deposits: HomeTransaction[]; withdrawals: HomeTransaction[] }) {
  const { t } = useT();
  return (
    <section className="home-section transactions" aria-labelledby="transactions-title">
      <SectionHead id="transactions-title" title={t('home.transactions')} icon="wallet" />
      <div className="transactions__grid">
        {deposits.length ? <PaymentList title={t('home.deposits')} rows={deposits} icon="wallet" /> : null}
        {withdrawals.length ? <PaymentList title={t('home.withdrawals')} rows={withdrawals} icon="trophy" /> : null}
      </div>
    </section>
  );
}

/** The site's statistics counters (fetch_transactions' statistics). */
export function Stats({ statistics, currency }: { statistics: SiteStatistics; currency: string }) {
  const { t } = useT();
  const items = [
    { key: 'registered', icon: 'users', value: formatCount(statistics.registered_player), label: t('home.stats.registered') },
    { key: 'active', icon: 'clock', value: formatCount(statistics.active_player), label: t('home.stats.active') },
    { key: 'winners', icon: 'trophy', value: formatCount(statistics.winner), label: t('home.stats.winners') },
    { key: 'paid', icon: 'wallet', value: `${formatAmount(statistics.withrawal)} ${currency}`, label: t('home.stats.paid') },
    { key: 'paid-today', icon: 'hot', value: `${formatAmount(statistics.hour_withdrawal)} ${currency}`, label: t('home.stats.paidToday') },
  ];
  return (
    <section className="home-section stats" aria-labelledby="stats-title">
      <h2 id="stats-title" className="visually-hidden">
        {t('home.statistics')}
      </h2>
      <dl className="stats__list">
        {items.map((item) => (
          <div key={item.key} className="stat">
            <dt className="stat__label">
              <Icon name={item.icon} size={20} />
              {item.label}
            </dt>
            <dd className="stat__value">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
