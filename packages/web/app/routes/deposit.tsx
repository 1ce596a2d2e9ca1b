import { useSession } from '../client/session';
import { Icon } from '../frame/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { DepositForm } from '../banking/DepositForm';
import { LoadGate } from '../banking/LoadGate';
import { RequestList, useRecentRequests } from '../banking/RequestList';
import { useSessionCall } from '../banking/use-session-call';
import '../styles/player.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

/**
 * /deposit: pay into one of the operator's accounts, then tell the site: the form of
 * DepositForm, and the player's latest deposit requests, pending ones with a cancel button. The
 * live balance stream (ADR 0031) brings an operator's decision: the header's balance moves and the
 * list asks again, without a reload or a poll.
 */
export default function DepositPage() {
  const { t } = useT();
  const { locale } = useLocale();
  const session = useSession();
  const methods = useSessionCall('depositMethods', { language: locale });
  const requests = useRecentRequests('deposit', session.isAuthenticated);
  if (!session.isAuthenticated) return null;
  return (
    <section className="player-screen banking-screen" aria-labelledby="deposit-title">
      <header className="player-screen__head">
        <h1 id="deposit-title" className="screen__title">
          {t('_m:deposit')}
        </h1>
        <p className="screen__lead">{t('banking.deposit.lead')}</p>
      </header>
      <div className="banking-layout">
        <div className="banking-layout__main">
          <LoadGate load={methods.load} retry={methods.reload}>
            {(value) => <DepositForm methods={value} onRequested={requests.reload} />}
          </LoadGate>
        </div>
        <aside className="banking-layout__side">
          <RequestList kind="deposit" load={requests.load} reload={requests.reload} />
          <p className="banking-note">
            <Icon name="shield" size={18} />
            {t('banking.deposit.safety')}
          </p>
        </aside>
      </div>
    </section>
  );
}
