import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { LEDGER_ACCOUNT_NAMES, type OpsStatementReply } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, money, t } from '../lib/i18n';
import { Pager } from '../lib/DataTable';
import type { PlayerTarget } from './PlayerPage';
import { Messages } from '../lib/Messages';

type Ledger = (typeof LEDGER_ACCOUNT_NAMES)[number];
const PAGE_SIZE = 20;

/** The player's ledger (opsStatement): one of the four ledgers, newest first, paged; the ledger and page are the URL. */
export function StatementTab({ target, params, setParams }: { target: PlayerTarget; params: URLSearchParams; setParams: SetURLSearchParams }) {
  const accountParam = params.get('account') ?? 'balance';
  const account: Ledger = (LEDGER_ACCOUNT_NAMES as readonly string[]).includes(accountParam) ? (accountParam as Ledger) : 'balance';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [statement, setStatement] = useState<OpsStatementReply | null>(null);
  const [error, setError] = useState('');

  const { site, account_id: accountId } = target;
  useEffect(() => {
    let current = true;
    void opsCall('opsStatement', { site, account_id: accountId, account, page, page_size: PAGE_SIZE }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) return setError(failureText(reply.message));
      setError('');
      setStatement(reply);
    });
    return () => {
      current = false;
    };
  }, [site, accountId, account, page]);

  const update = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    if (name !== 'page') next.delete('page');
    setParams(next, { preventScrollReset: true });
  };
  const unit = (currency: string) => (account === 'tokens' || account === 'frozen_tokens' ? t('players.tokenUnit') : currency);
  const pages = statement ? Math.max(1, Math.ceil(statement.total / PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="statement-title">
      <h2 id="statement-title">{t('players.tabs.statement')}</h2>
      <div className="filters">
        <label>
          {t('players.ledger')}
          <select value={account} onChange={(event) => update('account', event.target.value)}>
            {LEDGER_ACCOUNT_NAMES.map((entry) => (
              <option key={entry} value={entry}>
                {t(`players.ledgers.${entry}`)}
              </option>
            ))}
          </select>
        </label>
        {statement && (
          <p className="count" aria-live="polite">
            {t('players.statementTotals', {
              count: statement.totals.count,
              credits: money(statement.totals.credits, unit(statement.currency)),
              debits: money(statement.totals.debits, unit(statement.currency)),
            })}
          </p>
        )}
      </div>
      <Messages error={error} />
      <div className="table-wrap">
        <table className="data-table" data-testid="statement">
          <caption className="visually-hidden">{t('players.tabs.statement')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('players.when')}</th>
              <th scope="col">{t('players.entryType')}</th>
              <th scope="col">{t('players.amountColumn')}</th>
              <th scope="col">{t('players.balanceAfter')}</th>
              <th scope="col">{t('players.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {statement?.value.map((entry) => (
              <tr key={entry.entry_id}>
                <td className="nowrap">{dateTime(entry.created_at)}</td>
                <td>{entry.type}</td>
                <td className={`amount ${entry.amount.startsWith('-') ? 'player-debit' : 'player-credit'}`}>{money(entry.amount, unit(statement.currency))}</td>
                <td className="amount">{money(entry.balance_after, unit(statement.currency))}</td>
                <td className="player-wrap">{entry.reference}</td>
              </tr>
            ))}
            {statement && statement.value.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  {t('players.noEntries')}
                </td>
              </tr>
            )}
            {!statement && !error && (
              <tr>
                <td colSpan={5} className="empty">
                  {t('players.loading')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={(target) => update('page', String(target))} />
    </section>
  );
}
