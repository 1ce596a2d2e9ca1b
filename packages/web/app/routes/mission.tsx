import { useEffect } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { Route } from './+types/mission';
import { refreshBalance } from '../client/account';
import { useHydrated } from '../client/hydration';
import { useSession } from '../client/session';
import { formatAmount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { LoginInvitation } from '../rewards/LoginInvitation';
import { MissionList, loadMissions } from '../rewards/MissionList';
import { useT } from '../i18n/use-t';
import { splitLocale } from '../lib/locale';
import { useLocale } from '../lib/use-locale';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import '../styles/player.css';
import '../styles/rewards.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The player's missions, loaded in the browser where the session lives (ADR 0058); nothing for a guest. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return { missions: await loadMissions(splitLocale(url.pathname).locale, request.signal) };
}
clientLoader.hydrate = true as const;

/** The server's render and hydration: the page's neutral loading card until the session is read. */
export function HydrateFallback() {
  return <MissionScreen missions={null} />;
}

export default function MissionPage() {
  const { missions } = useLoaderData<typeof clientLoader>();
  useRevalidateOnPlayerChange();
  return <MissionScreen missions={missions} />;
}

/**
 * /mission: the site's missions with the player's progress, counted on the server from what the
 * player really did (logins, deposits, game rounds, turnover, VIP level), and a Claim button on
 * each completed one. Open to guests, who get an invitation to log in instead: the list needs a
 * session. Until the stored session is read (server render, hydration) a neutral loading card.
 */
function MissionScreen({ missions }: { missions: Awaited<ReturnType<typeof loadMissions>> | null }) {
  const { t } = useT();
  const { to } = useLocale();
  const hydrated = useHydrated();
  const session = useSession();
  const site = useReadySite();
  const player = hydrated && session.isAuthenticated;

  useEffect(() => {
    if (player) void refreshBalance();
  }, [player]);

  if (!site) return null;
  const tokens = session.game?.token;
  return (
    <section className="player-screen player-screen--narrow rewards-screen mission-screen" aria-labelledby="mission-title">
      <header className="player-screen__head">
        <h1 id="mission-title" className="screen__title">
          {t('_m:mission')}
        </h1>
        <p className="screen__lead">{t('rewards.missions.lead')}</p>
      </header>
      {!hydrated ? (
        <div className="player-card" aria-busy="true">
          <p className="player-card__note">{t('rewards.loading')}</p>
        </div>
      ) : null}
      {hydrated && !session.isAuthenticated ? <LoginInvitation template={site.template} /> : null}
      {player ? (
        <>
          <div className="player-card mission-tokens">
            <span className="mission-tokens__icon" aria-hidden="true">
              <Icon name="wallet" size={22} />
            </span>
            <p className="mission-tokens__text">
              {t('rewards.missions.yourTokens')} <strong data-testid="mission-tokens">{tokens ? formatAmount(tokens) : '—'}</strong>
            </p>
            <Link to={to('/spin')} className="btn btn--primary">
              {t('rewards.missions.spendTokens')}
            </Link>
          </div>
          <section className="player-card" aria-labelledby="missions-title">
            <h2 id="missions-title" className="player-card__title">
              <Icon name="trophy" size={20} />
              {t('rewards.missions.listTitle')}
            </h2>
            <MissionList missions={missions} currency={site.site.currency} />
          </section>
        </>
      ) : null}
    </section>
  );
}
