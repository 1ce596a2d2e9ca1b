import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import type { OpsAmlFlag } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { Pager } from '../lib/DataTable';
import type { PlayerTarget } from './PlayerPage';
import { Messages } from '../lib/Messages';

const PAGE_SIZE = 20;

/** The player's anti-money-laundering flags (opsAmlFlags for this player), oldest first, paged in the URL. */
export function FlagsTab({ target, params, setParams }: { target: PlayerTarget; params: URLSearchParams; setParams: SetURLSearchParams }) {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [flags, setFlags] = useState<OpsAmlFlag[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const { site, account_id: accountId } = target;

  useEffect(() => {
    let current = true;
    void opsCall('opsAmlFlags', { site, account_id: accountId, page, page_size: PAGE_SIZE }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) {
        setError(failureText(reply.message));
        setFlags([]);
        return;
      }
      setError('');
      setFlags(reply.value);
      setTotal(reply.total);
    });
    return () => {
      current = false;
    };
  }, [site, accountId, page]);

  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next, { preventScrollReset: true });
  };

  return (
    <section aria-labelledby="flags-title">
      <h2 id="flags-title">{t('players.tabs.flags')}</h2>
      <Messages error={error} />
      <div className="table-wrap">
        <table className="data-table" data-testid="player-flags">
          <caption className="visually-hidden">{t('players.tabs.flags')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('players.raised')}</th>
              <th scope="col">{t('players.rule')}</th>
              <th scope="col">{t('players.flagReason')}</th>
              <th scope="col">{t('players.status')}</th>
              <th scope="col">{t('players.decision')}</th>
            </tr>
          </thead>
          <tbody>
            {flags?.map((flag) => (
              <tr key={flag.flag_id}>
                <td className="nowrap">{dateTime(flag.created_at)}</td>
                <td className="mono">{flag.rule}</td>
                <td className="player-wrap">{flag.reason}</td>
                <td>
                  <span className={`tag aml-${flag.status}`}>{t(`players.flagStatuses.${flag.status}`)}</span>
                </td>
                <td className="player-wrap">
                  {flag.decided_by ? (
                    <>
                      {flag.note}
                      <span className="sub">{t('players.decidedBy', { who: flag.decided_by, when: flag.decided_at ? dateTime(flag.decided_at) : '' })}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
            {flags !== null && flags.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  {t('players.noFlags')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={goTo} />
    </section>
  );
}
