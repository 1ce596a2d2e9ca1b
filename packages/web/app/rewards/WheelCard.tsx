import type { SpinInfoReply, SpinReply } from '@wl/contracts';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { DataGate } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { PrizeTable } from './PrizeTable';
import { SpinWheel } from './SpinWheel';

/**
 * The lucky wheel in a card: the site's wheel (spin_info, loaded by the route: ADR 0058; a site
 * without a wheel answers notFound, said quietly), the wheel and its Spin
 * button, and the prize table with the odds under it (beside it on a wide card; folded into a
 * disclosure where the card shares the screen, as on the minigame).
 */
export function WheelCard({
  info,
  site,
  tokens,
  onSpun,
  odds = 'table',
  title,
}: {
  info: Loaded<SpinInfoReply>;
  site: { currency: string };
  tokens: string | null;
  onSpun?: (reply: SpinReply) => void;
  odds?: 'table' | 'folded';
  title: string;
}) {
  const { t } = useT();
  return (
    <section className={`player-card wheel-card wheel-card--${odds}`} aria-labelledby="wheel-title">
      <h2 id="wheel-title" className="player-card__title">
        <Icon name="gift" size={20} />
        {title}
      </h2>
      <DataGate loaded={info} failedText={t('rewards.failed')} retryLabel={t('rewards.retry')} unavailable={<p className="player-empty">{t('rewards.spin.unavailable')}</p>} bare>
        {(value) => (
          <div className="wheel-card__body">
            <SpinWheel info={value} currency={site.currency} tokens={tokens} {...(onSpun ? { onSpun } : {})} />
            {odds === 'table' ? (
              <PrizeTable info={value} currency={site.currency} />
            ) : (
              <details className="wheel-card__odds">
                <summary>{t('rewards.odds.title')}</summary>
                <PrizeTable info={value} currency={site.currency} />
              </details>
            )}
          </div>
        )}
      </DataGate>
    </section>
  );
}

/** The wheel's card while the route's data loads (its HydrateFallback): the wheel's place, quietly. */
export function WheelCardLoading({ title, odds = 'table' }: { title: string; odds?: 'table' | 'folded' }) {
  const { t } = useT();
  return (
    <section className={`player-card wheel-card wheel-card--${odds}`} aria-labelledby="wheel-title" aria-busy="true">
      <h2 id="wheel-title" className="player-card__title">
        <Icon name="gift" size={20} />
        {title}
      </h2>
      <div className="wheel-card__placeholder" aria-hidden="true">
        <span />
      </div>
      <p className="visually-hidden">{t('rewards.loading')}</p>
    </section>
  );
}
