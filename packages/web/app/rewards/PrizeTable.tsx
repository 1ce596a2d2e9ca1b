import { fractionAsPercent, type SpinInfoReply } from '@wl/contracts';
import { formatAmount } from '../shared/format/numbers';
import { useT } from '../i18n/use-t';
import { prizeLabel, segmentTone } from './prizes';

/**
 * The wheel's prize table with the chance of each prize (the server's exact probability as a
 * percentage): the odds are the player's to see before paying for a spin. Each row's swatch is
 * its segment's colour on the wheel.
 */
export function PrizeTable({ info, currency }: { info: Pick<SpinInfoReply, 'spin_cost' | 'prizes'>; currency: string }) {
  const { t } = useT();
  const count = info.prizes.length;
  return (
    <div className="prize-table">
      <table className="prize-table__table" data-testid="prize-table">
        <caption className="prize-table__caption">{t('rewards.odds.caption', { cost: formatAmount(info.spin_cost) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rewards.odds.prize')}</th>
            <th scope="col" className="prize-table__chance">
              {t('rewards.odds.chance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {info.prizes.map((prize) => (
            <tr key={prize.prize_id} data-prize-index={prize.index}>
              <th scope="row">
                <span className={`prize-table__swatch spin-wheel__segment--tone${segmentTone(prize.index, count)}`} aria-hidden="true" />
                {prizeLabel(t, prize, currency)}
              </th>
              <td className="prize-table__chance">{t('rewards.odds.percent', { value: fractionAsPercent(prize.probability) ?? prize.probability })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="prize-table__note">{t('rewards.odds.note')}</p>
    </div>
  );
}
