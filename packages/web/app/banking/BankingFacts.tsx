import { Link } from 'react-router';
import type { BankingInfoReply } from '@wl/contracts';
import { useHydrated } from '../client/hydration';
import { useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { money } from '../shared/format/amounts';

/**
 * The /banking page's facts under its CMS text: the deposit methods with the banks they are
 * received at, the deposit and withdrawal limits, and the banks a player may withdraw to, with
 * the way to deposit or withdraw (or to log in first).
 */
export function BankingFacts({ info }: { info: BankingInfoReply }) {
  const { t } = useT();
  const { to } = useLocale();
  const session = useSession();
  const player = useHydrated() && session.isAuthenticated;
  const { currency, limits } = info;
  return (
    <section className="banking-facts" aria-labelledby="banking-facts-title" data-testid="banking-facts">
      <h2 id="banking-facts-title" className="banking-facts__title">
        {t('banking.facts.title')}
      </h2>
      <div className="banking-facts__grid">
        <section className="content-page__card banking-facts__card" aria-labelledby="banking-limits-title">
          <h3 id="banking-limits-title" className="banking-facts__heading">
            <Icon name="wallet" size={20} />
            {t('banking.facts.limits')}
          </h3>
          <table className="banking-limits">
            <thead>
              <tr>
                <td />
                <th scope="col">{t('banking.facts.minimum')}</th>
                <th scope="col">{t('banking.facts.maximum')}</th>
              </tr>
            </thead>
            <tbody>
              <tr data-testid="deposit-limits">
                <th scope="row">{t('_m:deposit')}</th>
                <td>{money(limits.min_deposit, currency)}</td>
                <td>{money(limits.max_deposit, currency)}</td>
              </tr>
              <tr data-testid="withdrawal-limits">
                <th scope="row">{t('_m:withdrawal')}</th>
                <td>{money(limits.min_withdrawal, currency)}</td>
                <td>{money(limits.max_withdrawal, currency)}</td>
              </tr>
            </tbody>
          </table>
          <p className="banking-facts__note">{t('banking.facts.accountsNote', { max: info.max_accounts })}</p>
        </section>
        <section className="content-page__card banking-facts__card" aria-labelledby="banking-methods-title">
          <h3 id="banking-methods-title" className="banking-facts__heading">
            <Icon name="bank" size={20} />
            {t('banking.facts.methods')}
          </h3>
          <ul className="banking-facts__methods">
            {info.methods.map((method) => (
              <li key={method.method_id} className="banking-facts__method" data-testid="deposit-method">
                <p className="banking-facts__method-name">{method.name}</p>
                {method.instructions ? <p className="banking-facts__note">{method.instructions}</p> : null}
                <p className="banking-facts__banks">{t('banking.facts.receivedAt', { banks: method.banks.join(', ') })}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="content-page__card banking-facts__card banking-facts__card--wide" aria-labelledby="banking-banks-title">
          <h3 id="banking-banks-title" className="banking-facts__heading">
            <Icon name="wallet" size={20} />
            {t('banking.facts.banks')}
          </h3>
          <ul className="banking-facts__chips">
            {info.banks.map((bank) => (
              <li key={bank.bank_id} className="chip">
                {bank.name}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="banking-facts__actions">
        {player ? (
          <>
            <Link to={to('/deposit')} className="btn btn--primary">
              {t('_m:deposit')}
            </Link>
            <Link to={to('/withdrawal')} className="btn btn--ghost">
              {t('_m:withdrawal')}
            </Link>
          </>
        ) : (
          <Link to={to('/login')} className="btn btn--primary">
            {t('banking.facts.logInToDeposit')}
          </Link>
        )}
      </div>
    </section>
  );
}
