import type { SpinReply } from '@wl/contracts';
import { Icon } from '../frame/icons';
import { useT } from '../i18n/use-t';
import { useSpinInfo } from './load';
import { PrizeTable } from './PrizeTable';
import { SpinWheel } from './SpinWheel';

/**
 * The lucky wheel in a card: the site's wheel loaded from spin_info, the wheel and its Spin
 * button, and the prize table with the odds under it (beside it on a wide card; folded into a
 * disclosure where the card shares the screen, as on the minigame).
 */
export function WheelCard({
  site,
  tokens,
  onSpun,
  odds = 'table',
  title,
}: {
  site: { external_id: string; currency: string };
  tokens: string | null;
  onSpun?: (reply: SpinReply) => void;
  odds?: 'table' | 'folded';
  title: string;
}) {
  const { t } = useT();
  const { load, retry } = useSpinInfo(site);
  return (
    <section className={`player-card wheel-card wheel-card--${odds}`} aria-labelledby="wheel-title" aria-busy={load.kind === 'loading'}>
      <h2 id="wheel-title" className="player-card__title">
        <Icon name="gift" size={20} />
        {title}
      </h2>
      {load.kind === 'loading' ? (
        <div className="wheel-card__placeholder" aria-hidden="true">
          <span />
        </div>
      ) : null}
      {load.kind === 'loading' ? <p className="visually-hidden">{t('rewards.loading')}</p> : null}
      {load.kind === 'unavailable' ? <p className="player-empty">{t('rewards.spin.unavailable')}</p> : null}
      {load.kind === 'failed' ? (
        <div className="player-empty">
          <p>{t('rewards.failed')}</p>
          <button type="button" className="btn btn--primary" onClick={retry}>
            {t('rewards.retry')}
          </button>
        </div>
      ) : null}
      {load.kind === 'ready' ? (
        <div className="wheel-card__body">
          <SpinWheel info={load.value} currency={site.currency} tokens={tokens} {...(onSpun ? { onSpun } : {})} />
          {odds === 'table' ? (
            <PrizeTable info={load.value} currency={site.currency} />
          ) : (
            <details className="wheel-card__odds">
              <summary>{t('rewards.odds.title')}</summary>
              <PrizeTable info={load.value} currency={site.currency} />
            </details>
          )}
        </div>
      ) : null}
    </section>
  );
}
