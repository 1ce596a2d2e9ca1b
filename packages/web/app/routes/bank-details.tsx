import { useState } from 'react';
import { Link } from 'react-router';
import { STATUS, type BankAccount, type BankAccountListReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { Icon } from '../frame/icons';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { groupedNumber } from '../banking/amounts';
import { LoadGate } from '../banking/LoadGate';
import { useSessionCall } from '../banking/use-session-call';
import '../styles/player.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

const ADDED_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * /bank-details: the player's bank accounts, the default first: set another as the default,
 * remove one (asked once more; withdrawals already asked to it are still paid there), and add one
 * while the site's maximum allows.
 */
export default function BankDetailsPage() {
  const { t } = useT();
  const session = useSession();
  const accounts = useSessionCall('bankAccounts', {});
  if (!session.isAuthenticated) return null;
  return (
    <section className="player-screen player-screen--narrow banking-screen" aria-labelledby="bank-details-title">
      <header className="player-screen__head">
        <h1 id="bank-details-title" className="screen__title">
          {t('_m:bank-details')}
        </h1>
        <p className="screen__lead">{t('banking.accounts.lead')}</p>
      </header>
      <LoadGate load={accounts.load} retry={accounts.reload}>
        {(list) => <AccountList list={list} onChange={accounts.set} />}
      </LoadGate>
    </section>
  );
}

function AccountList({ list, onChange }: { list: BankAccountListReply; onChange: (list: BankAccountListReply) => void }) {
  const { t } = useT();
  const { to } = useLocale();
  const full = list.value.length >= list.max_accounts;
  return (
    <section className="player-card banking-accounts" aria-labelledby="bank-accounts-title">
      <div className="banking-requests__head">
        <h2 id="bank-accounts-title" className="player-card__title">
          <Icon name="bank" size={20} />
          {t('banking.accounts.title')}
        </h2>
        <span className="player-card__count" data-testid="account-count">
          {t('banking.accounts.count', { used: list.value.length, max: list.max_accounts })}
        </span>
      </div>
      {list.value.length ? (
        <ul className="banking-accounts__list">
          {list.value.map((account) => (
            <AccountRow key={account.bank_account_id} account={account} onChange={onChange} />
          ))}
        </ul>
      ) : (
        <div className="player-empty" data-testid="no-accounts">
          <p>{t('banking.accounts.empty')}</p>
        </div>
      )}
      <div className="player-card__actions">
        {full ? (
          <p className="player-card__note">{t('banking.accounts.full', { max: list.max_accounts })}</p>
        ) : (
          <Link to={to('/add-bank')} className="btn btn--primary">
            <Icon name="plus" size={18} />
            {t('banking.accounts.add')}
          </Link>
        )}
        <Link to={to('/withdrawal')} className="btn btn--ghost">
          {t('player.withdrawal')}
        </Link>
      </div>
    </section>
  );
}

function AccountRow({ account, onChange }: { account: BankAccount; onChange: (list: BankAccountListReply) => void }) {
  const { t } = useT();
  const dates = useDateFormat(ADDED_DATE);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (action: 'default' | 'remove') => {
    if (busy) return;
    setBusy(true);
    const payload = { ...sessionCallPayload(), bank_account_id: account.bank_account_id };
    const reply = action === 'default' ? await callApi('bankAccountSetDefault', payload) : await callApi('bankAccountRemove', payload);
    setBusy(false);
    setConfirming(false);
    if (reply.statusCode === STATUS.ok && 'value' in reply) {
      showToast({ kind: 'success', title: t(action === 'default' ? 'banking.accounts.madeDefault' : 'banking.accounts.removed', { bank: account.bank_name }) });
      onChange(reply);
      return;
    }
    handleApiError(reply);
  };

  return (
    <li className="banking-account" data-testid="bank-account" data-default={account.is_default || undefined}>
      <div className="banking-account__head">
        <span className="banking-account__bank">
          <Icon name="bank" size={20} />
          {account.bank_name}
        </span>
        {account.is_default ? <span className="badge banking-default">{t('banking.accounts.default')}</span> : null}
      </div>
      <p className="banking-account__number" data-testid="bank-account-number">
        {groupedNumber(account.account_number)}
      </p>
      <p className="banking-account__meta">
        {account.account_name}
        <span aria-hidden="true"> · </span>
        {t('banking.accounts.added', { date: dates.format(new Date(account.created_at)) })}
      </p>
      <div className="banking-request__actions">
        {confirming ? (
          <>
            <span className="banking-request__confirm" role="status">
              {t('banking.accounts.confirmRemove', { bank: account.bank_name })}
            </span>
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void act('remove')}>
              {t('banking.accounts.remove')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming(false)}>
              {t('banking.requests.keep')}
            </button>
          </>
        ) : (
          <>
            {account.is_default ? null : (
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void act('default')}>
                {t('banking.accounts.makeDefault')}
              </button>
            )}
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming(true)}>
              {t('banking.accounts.remove')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
