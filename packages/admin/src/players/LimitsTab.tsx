import type { LimitView } from '@wl/contracts';
import { dateTime, money, t } from '../lib/i18n';
import type { PlayerData } from './PlayerPage';

/**
 * The player's limits and time-outs or self-exclusions, read-only: only the player sets limits, and
 * nothing shortens or lifts a term (issue 25 §2–§3, ADR 0039).
 */
export function LimitsTab({ data }: { data: PlayerData }) {
  const currency = data.balances.currency;
  const figure = (limit: LimitView, value: string | null) => (value === null ? '—' : limit.kind === 'session' ? t('players.minutes', { count: Number(value) }) : money(value, currency));
  return (
    <section aria-labelledby="limits-title">
      <h2 id="limits-title">{t('players.tabs.limits')}</h2>
      <p className="note">{t('players.limitsReadOnly')}</p>
      <div className="player-card player-exclusion" role="status">
        {data.exclusion ? (
          <p>
            <strong>{t(`players.exclusionKinds.${data.exclusion.kind}`)}</strong>{' '}
            {data.exclusion.until ? t('players.until', { when: dateTime(data.exclusion.until) }) : t('players.permanent')}
          </p>
        ) : (
          <p>{t('players.noExclusion')}</p>
        )}
      </div>
      <div className="table-wrap">
        <table className="data-table" data-testid="player-limits">
          <caption>{t('players.limits')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('players.limitKind')}</th>
              <th scope="col">{t('players.period')}</th>
              <th scope="col">{t('players.limit')}</th>
              <th scope="col">{t('players.used')}</th>
              <th scope="col">{t('players.left')}</th>
              <th scope="col">{t('players.pendingChange')}</th>
            </tr>
          </thead>
          <tbody>
            {data.limits.map((limit) => (
              <tr key={`${limit.kind}-${limit.period}`}>
                <td>{t(`players.limitKinds.${limit.kind}`)}</td>
                <td>{t(`players.periods.${limit.period}`)}</td>
                <td className="amount">{figure(limit, limit.amount)}</td>
                <td className="amount">{figure(limit, limit.used)}</td>
                <td className="amount">{figure(limit, limit.left)}</td>
                <td>
                  {limit.pending
                    ? t('players.pendingFrom', { amount: limit.pending.amount === null ? t('players.removal') : figure(limit, limit.pending.amount), when: dateTime(limit.pending.from) })
                    : '—'}
                </td>
              </tr>
            ))}
            {data.limits.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  {t('players.noLimits')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="table-wrap player-gap">
        <table className="data-table" data-testid="player-exclusions">
          <caption>{t('players.exclusions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('players.exclusionKind')}</th>
              <th scope="col">{t('players.period')}</th>
              <th scope="col">{t('players.starts')}</th>
              <th scope="col">{t('players.ends')}</th>
            </tr>
          </thead>
          <tbody>
            {data.exclusions.map((row) => (
              <tr key={`${row.starts_at}-${row.kind}-${row.period}`}>
                <td>
                  {t(`players.exclusionKinds.${row.kind}`)} {row.running && <span className="tag player-excluded">{t('players.running')}</span>}
                </td>
                <td>{t(`players.exclusionPeriods.${row.period}`)}</td>
                <td className="nowrap">{dateTime(row.starts_at)}</td>
                <td className="nowrap">{row.ends_at ? dateTime(row.ends_at) : t('players.permanent')}</td>
              </tr>
            ))}
            {data.exclusions.length === 0 && (
              <tr>
                <td colSpan={4} className="empty">
                  {t('players.noExclusions')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
