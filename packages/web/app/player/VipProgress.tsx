import type { VipInfo } from '../client/session';
import { formatAmount } from '../shared/format/numbers';
import { useT } from '../i18n/use-t';

/** A progress percentage as shown: whole percent, rounded down so 99.6 % never reads as done. */
function percent(value: number): number {
  return Math.floor(Math.min(100, Math.max(0, value)));
}

function ProgressBar({ label, value, target }: { label: string; value: number; target: string | null }) {
  const shown = percent(value);
  return (
    <div className="vip-bar">
      <div className="vip-bar__head">
        <span className="vip-bar__label">{label}</span>
        <span className="vip-bar__percent">{shown}%</span>
      </div>
      <div className="vip-bar__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown}>
        <span className="vip-bar__fill" style={{ width: `${shown}%` }} />
      </div>
      {target ? <p className="vip-bar__detail">{target}</p> : null}
    </div>
  );
}

/** The player's VIP level with both progress bars of docs/product.md §9 (deposit and turnover) towards the next level. */
export function VipProgress({ vip, currency }: { vip: VipInfo; currency: string }) {
  const { t } = useT();
  const next = vip.nextLevel[0];
  // At the top level the one record leads to the top level itself (its bars show full).
  const atTop = !next || next.vip_name_next === vip.currentLevel;
  return (
    <div className="vip">
      <div className="vip__level">
        <span className="vip__badge" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
            <path d="M3 8l4.5 3.5L12 4l4.5 7.5L21 8l-2 11H5L3 8z" fill="currentColor" />
          </svg>
        </span>
        <div>
          <p className="vip__label">{t('player.vipLevel')}</p>
          <p className="vip__name" data-testid="vip-level">
            {vip.currentLevel}
          </p>
        </div>
        <p className="vip__next">{atTop ? t('player.vipTop') : t('player.vipNext', { level: next.vip_name_next })}</p>
      </div>
      <ProgressBar
        label={t('player.depositProgress')}
        value={vip.depoProgress}
        target={next && !atTop ? t('player.target', { amount: `${formatAmount(next.deposit_next)} ${currency}` }) : null}
      />
      <ProgressBar
        label={t('player.turnoverProgress')}
        value={vip.toProgress}
        target={next && !atTop ? t('player.target', { amount: `${formatAmount(next.turnover_next)} ${currency}` }) : null}
      />
      <dl className="vip__totals">
        <div>
          <dt>{t('player.totalDeposit')}</dt>
          <dd>
            {formatAmount(vip.totalDeposit)} {currency}
          </dd>
        </div>
        <div>
          <dt>{t('player.totalTurnover')}</dt>
          <dd>
            {formatAmount(vip.totalTurnover)} {currency}
          </dd>
        </div>
      </dl>
    </div>
  );
}
