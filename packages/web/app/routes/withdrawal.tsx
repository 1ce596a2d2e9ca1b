import { Link } from 'react-router';
import { getSession, updateSession, useSession } from '../client/session';
import { Icon } from '../frame/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { BalanceCard } from '../banking/BalanceCard';
import { BankingStateCard, LoadGate } from '../banking/LoadGate';
import { RequestList, useRecentRequests } from '../banking/RequestList';
import { WithdrawalForm } from '../banking/WithdrawalForm';
import { useSessionCall } from '../banking/use-session-call';
import '../styles/player.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The header's balance after a call that answered the new available balance (a hold or its release). */
function showBalance(balance: string): void {
  updateSession({ game: { balance, token: getSession().game?.token ?? '0' } });
}

/**
 * /withdrawal: the available and held balance, a request to one of the player's bank accounts
 * (or the way to add one first), and the latest withdrawals, pending ones with a cancel button.
 * The amount is held as soon as it is asked for, and the header shows the available balance.
 */
export default function WithdrawalPage() {
  const { t } = useT();
  const session = useSession();
  const summary = useSessionCall('bankingSummary', {});
  const accounts = useSessionCall('bankAccounts', {});
  const requests = useRecentRequests('withdrawal', session.isAuthenticated, summary.reload);
  if (!session.isAuthenticated) return null;

  const changed = (balances: { game_balance: string } | null) => {
    if (balances) showBalance(balances.game_balance);
    summary.reload();
  };

  return (
    <section className="player-screen banking-screen" aria-labelledby="withdrawal-title">
      <header className="player-screen__head">
        <h1 id="withdrawal-title" className="screen__title">
          {t('_m:withdrawal')}
        </h1>
        <p className="screen__lead">{t('banking.withdrawal.lead')}</p>
      </header>
      <div className="banking-layout">
        <div className="banking-layout__main">
          <LoadGate load={summary.load} retry={summary.reload}>
            {(value) => (
              <>
                <BalanceCard summary={value} />
                <LoadGate load={accounts.load} retry={accounts.reload}>
                  {(list) =>
                    list.value.length ? (
                      <WithdrawalForm
                        summary={value}
                        accounts={list.value}
                        onRequested={(reply) => {
                          changed(reply);
                          requests.reload();
                        }}
                      />
                    ) : (
                      <NoBankAccount />
                    )
                  }
                </LoadGate>
              </>
            )}
          </LoadGate>
        </div>
        <aside className="banking-layout__side">
          <RequestList kind="withdrawal" load={requests.load} reload={requests.reload} onCancelled={changed} />
          <p className="banking-note">
            <Icon name="shield" size={18} />
            {t('banking.withdrawal.safety')}
          </p>
        </aside>
      </div>
    </section>
  );
}

/** A player without a bank account is shown where to add one, and comes back here after. */
function NoBankAccount() {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <BankingStateCard
      testId="no-bank-account"
      icon="bank"
      title={t('banking.withdrawal.noAccountTitle')}
      lead={t('banking.withdrawal.noAccountLead')}
      link={
        <Link to={to('/add-bank?next=withdrawal')} className="btn btn--primary">
          <Icon name="plus" size={18} />
          {t('banking.accounts.add')}
        </Link>
      }
    />
  );
}
