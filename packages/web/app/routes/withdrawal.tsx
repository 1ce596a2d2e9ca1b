import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { Route } from './+types/withdrawal';
import { getSession, updateSession, useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { BalanceCard } from '../banking/BalanceCard';
import { BankingLoading, BankingStateCard, LoadGate } from '../banking/LoadGate';
import { RequestList, loadRecentRequests } from '../banking/RequestList';
import { WithdrawalForm } from '../banking/WithdrawalForm';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import { BankingScreen } from '../banking/BankingScreen';
import '../styles/player.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The header's balance after a call that answered the new available balance (a hold or its release). */
function showBalance(balance: string): void {
  updateSession({ game: { balance, token: getSession().game?.token ?? '0' } });
}

/** The player's balances, bank accounts and latest withdrawals, loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const [summary, accounts, requests] = await Promise.all([sessionLoader('bankingSummary', {}, { signal }), sessionLoader('bankAccounts', {}, { signal }), loadRecentRequests('withdrawal', signal)]);
  return { summary, accounts, requests };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <BankingScreen kind="withdrawal">
      <BankingLoading />
    </BankingScreen>
  );
}

/**
 * /withdrawal: the available and held balance, a request to one of the player's bank accounts
 * (or the way to add one first), and the latest withdrawals, pending ones with a cancel button.
 * The amount is held as soon as it is asked for, and the header shows the available balance; the
 * page then loads again (ADR 0058).
 */
export default function WithdrawalPage() {
  const { summary, accounts, requests } = useLoaderData<typeof clientLoader>();
  const session = useSession();
  const { revalidate } = useRevalidator();
  useRevalidateOnPlayerChange();
  if (!session.isAuthenticated) return null;

  return (
    <BankingScreen kind="withdrawal" side={<RequestList kind="withdrawal" loaded={requests} onCancelled={(balances) => balances && showBalance(balances.game_balance)} />}>
      <LoadGate loaded={summary}>
        {(value) => (
          <>
            <BalanceCard summary={value} />
            <LoadGate loaded={accounts}>
              {(list) =>
                list.value.length ? (
                  <WithdrawalForm
                    summary={value}
                    accounts={list.value}
                    onRequested={(reply) => {
                      showBalance(reply.game_balance);
                      void revalidate();
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
    </BankingScreen>
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
