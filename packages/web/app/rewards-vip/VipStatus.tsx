import { isZeroDecimal } from '@wl/contracts';
import type { VipInfo } from '../client/session';
import { formatAmount } from '../shared/format/numbers';
import { VipProgress } from '../player/VipProgress';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { amountLeft } from './vip-standing';

/**
 * The player's standing on /vip: the /account VIP block (level, both bars of docs/product.md §9, totals) and
 * what is left to reach the next level, in exact amounts of the site currency.
 */
export function VipStatus({ vip, currency }: { vip: VipInfo; currency: string }) {
  const { t } = useT();
  const next = vip.nextLevel[0];
  // At the top level the one record leads to the top level itself (VipProgress says so).
  const atTop = !next || next.vip_name_next === vip.currentLevel;
  return (
    <div className="vip-status">
      <VipProgress vip={vip} currency={currency} />
      {atTop ? (
        <p className="vip-status__top">
          <Icon name="trophy" size={20} />
          {t('vip.topLevel')}
        </p>
      ) : (
        <div className="vip-status__left" data-testid="vip-left">
          <h3 className="vip-status__left-title">{t('vip.toReach', { level: next.vip_name_next })}</h3>
          <ul className="vip-status__left-list">
            <LeftItem left={amountLeft(next.starting_deposit, next.cycle_deposit, next.deposit_next)} currency={currency} more="vip.depositLeft" done="vip.depositDone" />
            <LeftItem left={amountLeft(next.starting_turnover, next.cycle_turnover, next.turnover_next)} currency={currency} more="vip.turnoverLeft" done="vip.turnoverDone" />
          </ul>
        </div>
      )}
    </div>
  );
}

function LeftItem({ left, currency, more, done }: { left: string | null; currency: string; more: 'vip.depositLeft' | 'vip.turnoverLeft'; done: 'vip.depositDone' | 'vip.turnoverDone' }) {
  const { t } = useT();
  if (left === null) return null;
  const finished = isZeroDecimal(left);
  return (
    <li data-done={finished || undefined}>
      <Icon name={finished ? 'check' : 'arrowRight'} size={18} />
      <span>{finished ? t(done) : t(more, { amount: `${formatAmount(left)} ${currency}` })}</span>
    </li>
  );
}
