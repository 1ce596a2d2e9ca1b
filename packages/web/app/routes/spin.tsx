import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/spin';
import { refreshBalance } from '../client/account';
import { useSession } from '../client/session';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { RewardsHead } from '../rewards/RewardsHead';
import { WheelCard } from '../rewards/WheelCard';
import { useT } from '../i18n/use-t';
import { publicLoader } from '../shared/data/public-loader.server';
import '../styles/player.css';
import '../styles/rewards.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The site's wheel (spin_info: cost and prize table) is public: loaded and rendered by the web server (ADR 0058). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { wheel: await publicLoader(request, context, 'spinInfo', {}) };
}

/**
 * /spin (player only): the lucky wheel. A spin costs game tokens and its outcome is drawn on the
 * server; the wheel shows it, with the prize table and the odds of every prize under the wheel.
 * The balance is refreshed on arrival, so the Spin button knows whether the tokens suffice.
 */
export default function SpinPage() {
  const { t } = useT();
  const session = useSession();
  const site = useReadySite();
  const { wheel } = useLoaderData<typeof loader>();

  useEffect(() => {
    void refreshBalance();
  }, []);

  if (!site || !session.isAuthenticated) return null;
  return (
    <section className="player-screen rewards-screen spin-screen" aria-labelledby="spin-title">
      <RewardsHead id="spin-title" title={t('_m:spin')} lead={t('rewards.spin.lead')} links={['/mission', '/leaderboard']} />
      <WheelCard info={wheel} site={site.site} tokens={session.game?.token ?? null} title={t('rewards.spin.wheelTitle')} />
    </section>
  );
}
