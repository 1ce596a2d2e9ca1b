import { isZeroDecimal, type VipLevel } from '@wl/contracts';
import { formatAmount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import type { LevelState } from './vip-standing';

/**
 * Every VIP level of the site, lowest first, as cards: the level's number and name, what reaching it
 * takes in all (deposits and turnover), and its benefits. With the player's standing known, the
 * current level and the next one are highlighted and the levels below marked reached.
 */
export function VipLevelList({ levels, currency, states }: { levels: readonly VipLevel[]; currency: string; states: LevelState[] | null }) {
  return (
    <ol className="vip-levels" data-testid="vip-levels">
      {levels.map((level, index) => (
        <VipLevelCard key={level.level} level={level} currency={currency} state={states?.[index] ?? null} />
      ))}
    </ol>
  );
}

function VipLevelCard({ level, currency, state }: { level: VipLevel; currency: string; state: LevelState | null }) {
  const { t } = useT();
  const starting = isZeroDecimal(level.deposit_target) && isZeroDecimal(level.turnover_target);
  const badge = state === 'current' ? t('vip.current') : state === 'next' ? t('vip.next') : state === 'reached' ? t('vip.reached') : null;
  return (
    <li className="vip-level" data-state={state ?? undefined} data-testid="vip-level-card" aria-current={state === 'current' ? 'true' : undefined}>
      <div className="vip-level__head">
        <span className="vip-level__rank" aria-hidden="true">
          {state === 'reached' ? <Icon name="check" size={20} /> : level.level}
        </span>
        <div className="vip-level__names">
          <p className="vip-level__number">{t('vip.levelNumber', { level: level.level })}</p>
          <h3 className="vip-level__name">
            {level.name}
          </h3>
        </div>
        {badge ? <span className="vip-level__badge">{badge}</span> : null}
      </div>
      {starting ? (
        <p className="vip-level__starting">{t('vip.starting')}</p>
      ) : (
        <dl className="vip-level__targets">
          <div>
            <dt>{t('vip.depositTarget')}</dt>
            <dd>
              {formatAmount(level.deposit_target)} <span className="vip-level__currency">{currency}</span>
            </dd>
          </div>
          <div>
            <dt>{t('vip.turnoverTarget')}</dt>
            <dd>
              {formatAmount(level.turnover_target)} <span className="vip-level__currency">{currency}</span>
            </dd>
          </div>
        </dl>
      )}
      {level.benefits.length ? (
        <ul className="vip-level__benefits" aria-label={t('vip.benefits', { level: level.name })}>
          {level.benefits.map((benefit, index) => (
            <li key={index}>
              <Icon name="gift" size={16} />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="vip-level__none">{t('vip.noBenefits')}</p>
      )}
    </li>
  );
}
