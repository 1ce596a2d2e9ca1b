import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { STATUS, isSessionEndMessage, type BankAccount, type BankAccountListReply } from '@wl/contracts';
import type { Route } from './+types/bank-details';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { Icon } from '../shared/ui/icons';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { errorMessageText, validationText } from '../lib/messages';
import { OwnerProofField } from '../shared/forms/fields';
import { groupedNumber } from '../shared/format/amounts';
import { BankingLoading, LoadGate } from '../banking/LoadGate';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

const ADDED_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** The player's bank accounts, loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { accounts: await sessionLoader('bankAccounts', {}, { signal: request.signal }) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <BankDetailsScreen>
      <BankingLoading />
    </BankDetailsScreen>
  );
}

/**
 * /bank-details: the player's bank accounts, the default first: set another as the default,
 * remove one (asked once more; withdrawals already asked to it are still paid there), and add one
 * while the site's maximum allows. Making a default and removing are confirmed with the password
 * (ADR 0022: a stolen session token alone cannot redirect withdrawals); the list then loads again.
 */
export default function BankDetailsPage() {
  const { accounts } = useLoaderData<typeof clientLoader>();
  const session = useSession();
  useRevalidateOnPlayerChange();
  if (!session.isAuthenticated) return null;
  return (
    <BankDetailsScreen>
      <LoadGate loaded={accounts}>{(list) => <AccountList list={list} />}</LoadGate>
    </BankDetailsScreen>
  );
}

function BankDetailsScreen({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <section className="player-screen player-screen--narrow banking-screen" aria-labelledby="bank-details-title">
      <header className="player-screen__head">
        <h1 id="bank-details-title" className="screen__title">
          {t('_m:bank-details')}
        </h1>
        <p className="screen__lead">{t('banking.accounts.lead')}</p>
      </header>
      {children}
    </section>
  );
}

function AccountList({ list }: { list: BankAccountListReply }) {
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
            <AccountRow key={account.bank_account_id} account={account} />
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

type RowAction = 'default' | 'remove';

function AccountRow({ account }: { account: BankAccount }) {
  const { t } = useT();
  const { revalidate } = useRevalidator();
  const id = useId();
  const dates = useDateFormat(ADDED_DATE);
  const [confirming, setConfirming] = useState<RowAction | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const passwordId = `${id}-password`;

  const ask = (action: RowAction | null) => {
    setConfirming(action);
    setPassword('');
    setPasswordError(undefined);
    if (action) requestAnimationFrame(() => document.getElementById(passwordId)?.focus());
  };

  const act = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !confirming) return;
    if (!password) {
      setPasswordError(validationText('required'));
      return;
    }
    setBusy(true);
    const payload = { ...sessionCallPayload(), bank_account_id: account.bank_account_id, password };
    const reply = confirming === 'default' ? await callApi('bankAccountSetDefault', payload) : await callApi('bankAccountRemove', payload);
    setBusy(false);
    if (reply.statusCode === STATUS.ok && 'value' in reply) {
      showToast({ kind: 'success', title: t(confirming === 'default' ? 'banking.accounts.madeDefault' : 'banking.accounts.removed', { bank: account.bank_name }) });
      ask(null);
      await revalidate();
      return;
    }
    if (!isSessionEndMessage(reply.message) && (reply.message === 'invalidPassword' || reply.message === 'tooManyRequests')) {
      setPassword('');
      setPasswordError(errorMessageText(reply.message));
      requestAnimationFrame(() => document.getElementById(passwordId)?.focus());
      return;
    }
    ask(null);
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
      {confirming ? (
        <form className="banking-account__confirm auth-form" noValidate onSubmit={(event) => void act(event)} aria-busy={busy} data-testid="bank-account-confirm">
          <p className="banking-request__confirm" role="status">
            {confirming === 'default'
              ? t('banking.accounts.confirmDefault', { bank: account.bank_name })
              : t('banking.accounts.confirmRemove', { bank: account.bank_name })}
          </p>
          <OwnerProofField
            id={passwordId}
            hint={t('banking.accounts.proofHint')}
            value={password}
            onValue={setPassword}
            error={passwordError}
          />
          <div className="banking-request__actions">
            <button type="submit" className={confirming === 'remove' ? 'btn btn--danger' : 'btn btn--primary'} disabled={busy}>
              {confirming === 'default' ? t('banking.accounts.makeDefault') : t('banking.accounts.remove')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => ask(null)}>
              {t('banking.requests.keep')}
            </button>
          </div>
        </form>
      ) : (
        <div className="banking-request__actions">
          {account.is_default ? null : (
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => ask('default')}>
              {t('banking.accounts.makeDefault')}
            </button>
          )}
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => ask('remove')}>
            {t('banking.accounts.remove')}
          </button>
        </div>
      )}
    </li>
  );
}
