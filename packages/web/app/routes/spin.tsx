import { useEffect } from 'react';
import { Link } from 'react-router';
import { refreshBalance } from '../client/account';
import { useSession } from '../client/session';
import { useReadySite } from '../player/site';
import { WheelCard } from '../rewards/WheelCard';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import '../styles/player.css';
import '../styles/rewards.css';

export { meta } from './screen';

/**
 * /spin (player only): the lucky wheel. A spin costs game tokens and its outcome is drawn on the
 * server; the wheel shows it, with the prize table and the odds of every prize under the wheel.
 * The balance is refreshed on arrival, so the Spin button knows whether the tokens suffice.
 */
export default function SpinPage() {
  const { t } = useT();
  const { to } = useLocale();
  const session = useSession();
  const site = useReadySite();

  useEffect(() => {
    void refreshBalance();
  }, []);

  if (!site || !session.isAuthenticated) return null;
  return (
    <section className="player-screen rewards-screen spin-screen" aria-labelledby="spin-title">
      <header className="player-screen__head rewards-screen__head">
        <div>
          <h1 id="spin-title" className="screen__title">
            {t('_m:spin')}
          </h1>
          <p className="screen__lead">{t('rewards.spin.lead')}</p>
        </div>
        <nav className="rewards-screen__links" aria-label={t('rewards.moreRewards')}>
          <Link to={to('/mission')} className="btn btn--ghost">
            {t('_m:mission')}
          </Link>
          <Link to={to('/leaderboard')} className="btn btn--ghost">
            {t('_m:leaderboard')}
          </Link>
        </nav>
      </header>
      <WheelCard site={site.site} tokens={session.game?.token ?? null} title={t('rewards.spin.wheelTitle')} />
    </section>
  );
}
