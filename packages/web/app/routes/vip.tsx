import { useLoaderData, useRevalidator } from 'react-router';
import type { Route } from './+types/vip';
import { useHydrated } from '../client/hydration';
import { useSession, vipInfoOf, type VipInfo } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { RevalidateNote, useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { publicLoader } from '../shared/data/public-loader.server';
import { sessionLoader } from '../shared/data/session-loader';
import { GuestInvite } from '../rewards-vip/GuestInvite';
import { VipLevelList } from '../rewards-vip/VipLevelList';
import { VipStatus } from '../rewards-vip/VipStatus';
import { levelStates } from '../rewards-vip/vip-standing';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useLocale } from '../lib/use-locale';
import '../styles/player.css';
import '../styles/vip.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The site's VIP levels (vip_levels) are public, the same for every visitor: loaded and rendered by the web server (ADR 0058). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { levels: await publicLoader(request, context, 'vipLevels', {}) };
}

/**
 * The player's standing (/api/auth/vip) beside the server's levels, loaded in the browser where the
 * session lives (ADR 0058); nothing asked for a guest. No HydrateFallback: the levels stay in the
 * server's HTML, and the player's card says it is loading until this has answered.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [server, reply] = await Promise.all([serverLoader(), sessionLoader('vip', {}, { signal: request.signal })]);
  const standing: Loaded<VipInfo> = reply.kind === 'ready' ? { kind: 'ready', value: vipInfoOf(reply.value) } : reply;
  return { ...server, standing };
}
clientLoader.hydrate = true as const;

/**
 * /vip: every level with its targets and benefits for everybody; a guest gets a call to log in,
 * a player the standing of /api/auth/vip (the route's clientLoader): the current and the next
 * level highlighted in the list, both progress bars of docs/product.md §9, the totals and what is left.
 */
export default function VipPage() {
  const data = useLoaderData<typeof clientLoader>();
  const { t } = useT();
  const { path } = useLocale();
  const screenTitle = useScreenTitle();
  const site = useReadySite();
  const session = useSession();
  useRevalidateOnPlayerChange();
  const levels = data.levels;
  const currency = (levels.kind === 'ready' ? levels.value.currency : '') || site?.site.currency || '';
  const list = levels.kind === 'ready' ? levels.value.value : [];
  // The session lives in browser storage: until the page runs in the browser, no standing is known.
  const hydrated = useHydrated();
  const player = hydrated && session.isAuthenticated;
  // The server's render has no player data yet (it arrives with the clientLoader).
  const standing = player && 'standing' in data ? data.standing : null;
  const states = standing?.kind === 'ready' ? levelStates(list, standing.value) : null;

  return (
    <section className="vip-page" aria-labelledby="vip-page-title">
      <header className="vip-page__head">
        <h1 id="vip-page-title" className="screen__title">
          {screenTitle(path)}
        </h1>
        <p className="screen__lead">{t('vip.lead')}</p>
      </header>

      {!hydrated ? (
        <div className="player-card vip-page__pending" aria-hidden="true" />
      ) : player ? (
        <PlayerStanding standing={standing} currency={currency} />
      ) : (
        <GuestInvite id="vip-guest-title" icon="vip" title={t('vip.guestTitle')} lead={t('vip.guestLead')} />
      )}

      <section className="vip-page__levels" aria-labelledby="vip-levels-title">
        <header className="vip-page__levels-head">
          <h2 id="vip-levels-title" className="vip-page__levels-title">
            {t('vip.levelsTitle')}
          </h2>
          <p className="vip-page__levels-lead">{t('vip.levelsLead')}</p>
        </header>
        {levels.kind === 'failed' ? <LevelsFailed /> : list.length ? <VipLevelList levels={list} currency={currency} states={states} /> : <p className="player-empty">{t('vip.levelsEmpty')}</p>}
      </section>
    </section>
  );
}

/**
 * The player's card: the standing the route loaded; null (or guest, for a player who has just
 * logged in) while it loads. A failure offers a retry that loads the route again.
 */
function PlayerStanding({ standing, currency }: { standing: Loaded<VipInfo> | null; currency: string }) {
  const { t } = useT();
  const loading = !standing || standing.kind === 'guest';
  return (
    <section className="player-card vip-page__status" aria-labelledby="vip-status-title" aria-busy={loading}>
      <h2 id="vip-status-title" className="player-card__title">
        <Icon name="vip" size={20} />
        {t('vip.statusTitle')}
      </h2>
      {standing?.kind === 'ready' ? (
        <VipStatus vip={standing.value} currency={currency} />
      ) : loading ? (
        <p className="player-card__note">{t('vip.loading')}</p>
      ) : (
        <RevalidateNote text={t('vip.failed')} retryLabel={t('vip.retry')} />
      )}
    </section>
  );
}

function LevelsFailed() {
  const { t } = useT();
  const revalidator = useRevalidator();
  return (
    <div className="player-empty" role="status">
      <p>{t('vip.levelsFailed')}</p>
      <button type="button" className="btn btn--primary" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
        {t('vip.retry')}
      </button>
    </div>
  );
}
