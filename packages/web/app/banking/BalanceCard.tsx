import type { BankingSummaryReply } from '@wl/contracts';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { money } from '../shared/format/amounts';

/** The player's money as banking sees it: available (playable and withdrawable), held for pending withdrawals, and the total. */
export function BalanceCard({ summary }: { summary: BankingSummaryReply }) {
  const { t } = useT();
  const { currency } = summary;
  return (
    <section className="player-card banking-balance" aria-labelledby="banking-balance-title" data-testid="banking-balance">
      <h2 id="banking-balance-title" className="player-card__title">
        <Icon name="wallet" size={20} />
        {t('banking.balance.title')}
      </h2>
      <dl className="banking-balance__list">
        <div className="banking-balance__item banking-balance__item--main">
          <dt>{t('banking.balance.available')}</dt>
          <dd data-testid="available-balance">{money(summary.game_balance, currency)}</dd>
        </div>
        <div className="banking-balance__item">
          <dt>{t('banking.balance.held')}</dt>
          <dd data-testid="held-balance">{money(summary.held_balance, currency)}</dd>
        </div>
        <div className="banking-balance__item">
          <dt>{t('banking.balance.total')}</dt>
          <dd>{money(summary.total_balance, currency)}</dd>
        </div>
      </dl>
      {summary.pending_withdrawals ? <p className="player-card__note">{t('banking.balance.heldNote', { pending: summary.pending_withdrawals })}</p> : null}
    </section>
  );
}
