import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { Route } from './+types/minigame';
import { refreshBalance } from '../client/account';
import { getSession, updateSession, useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { MissionList, loadMissions } from '../rewards/MissionList';
import { TokenSummary, type MinigameStatus } from '../rewards/TokenSummary';
import { WheelCard, WheelCardLoading } from '../rewards/WheelCard';
import { useT } from '../i18n/use-t';
import { splitLocale } from '../lib/locale';
import { useLocale } from '../lib/use-locale';
import { DataGate, LoadingCard, useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { publicLoader } from '../shared/data/public-loader.server';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import '../styles/rewards.css';
import { RewardsHead } from '../rewards/RewardsHead';

export { screenMeta as meta } from '../seo/merge-meta';

/** How many missions the minigame lists; the rest are on /mission. */
const MISSIONS_SHOWN = 4;

/** The site's wheel is public: loaded by the web server (ADR 0058). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { wheel: await publicLoader(request, context, 'spinInfo', {}) };
}

/**
 * The player's minigame status (tokens, frozen tokens, release progress) beside the server's wheel,
 * loaded in the browser where the session lives (ADR 0058). The call releases the frozen tokens
 * when their condition holds, so the session's token figure follows its answer, and the balance
 * is asked after it. The missions come with it.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const language = splitLocale(new URL(request.url).pathname).locale;
  const [server, reply, missions] = await Promise.all([serverLoader(), sessionLoader('minigame', {}, { signal }), loadMissions(language, signal)]);
  let status: Loaded<MinigameStatus> = reply;
  if (reply.kind === 'ready') {
    const { statusCode: _status, message: _message, ...value } = reply.value;
    status = { kind: 'ready', value };
    const game = getSession().game;
    updateSession({
      minigame: { frozen_token: value.frozen_token, token_balance: value.token_balance },
      ...(game ? { game: { ...game, token: value.token_balance } } : {}),
    });
    void refreshBalance();
  }
  return { ...server, status, missions };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useT();
  return (
    <section className="player-screen rewards-screen minigame-screen" aria-labelledby="minigame-title">
      <RewardsHead id="minigame-title" title={t('_m:minigame')} lead={t('rewards.minigame.lead')} links={['/spin', '/mission', '/leaderboard']} />
      <LoadingCard text={t('rewards.loading')} />
      <div className="minigame__grid">
        <WheelCardLoading title={t('rewards.minigame.wheelTitle')} odds="folded" />
      </div>
    </section>
  );
}

/**
 * /minigame (player only, the minigame layout: no site header): the token wallet with the frozen
 * tokens and their release condition, the lucky wheel and the missions in one place, with links
 * to the full /spin and /mission screens.
 */
export default function MinigamePage() {
  const { t } = useT();
  const { to } = useLocale();
  const session = useSession();
  const site = useReadySite();
  const { wheel, status, missions } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  useRevalidateOnPlayerChange();

  if (!site || !session.isAuthenticated) return null;
  const currency = site.site.currency;
  const tokens = session.game?.token ?? (status.kind === 'ready' ? status.value.token_balance : null);
  // A spin's tokens and frozen tokens (their release progress counts from now): the status loads again.
  const onSpun = () => void revalidate();

  return (
    <section className="player-screen rewards-screen minigame-screen" aria-labelledby="minigame-title">
      <RewardsHead id="minigame-title" title={t('_m:minigame')} lead={t('rewards.minigame.lead')} links={['/spin', '/mission', '/leaderboard']} />

      <DataGate loaded={status} failedText={t('rewards.failed')} retryLabel={t('rewards.retry')}>
        {(value) => (tokens !== null ? <TokenSummary status={value} tokens={tokens} currency={currency} /> : null)}
      </DataGate>

      <div className="minigame__grid">
        <WheelCard info={wheel} site={site.site} tokens={tokens} onSpun={onSpun} odds="folded" title={t('rewards.minigame.wheelTitle')} />
        <section className="player-card minigame__missions" aria-labelledby="minigame-missions-title">
          <h2 id="minigame-missions-title" className="player-card__title">
            <Icon name="trophy" size={20} />
            {t('rewards.minigame.missionsTitle')}
          </h2>
          <MissionList missions={missions} currency={currency} limit={MISSIONS_SHOWN} />
          <Link to={to('/mission')} className="btn btn--outline minigame__all">
            {t('rewards.minigame.allMissions')}
            <Icon name="arrowRight" size={16} />
          </Link>
        </section>
      </div>
    </section>
  );
}
