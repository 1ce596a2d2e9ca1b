import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { VipLevel } from '@wl/contracts';
import type { Route } from './+types/vip';
import { loadSiteState } from '../lib/site.server';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { loadVip } from '../client/account';
import { useHydrated } from '../client/hydration';
import { useSession } from '../client/session';
import { Icon } from '../frame/icons';
import { useReadySite } from '../player/site';
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

/**
 * The site's VIP levels (vip_levels), rendered on the server: they are public and the same for
 * every visitor. Null when the call failed (the page offers a retry).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return { levels: [] as VipLevel[], currency: '' };
  const reply = await settledReply('vip_levels', context.api.call('vipLevels', sitePayloadOf(request, state)));
  return reply ? { levels: reply.value, currency: reply.currency } : null;
}

/**
 * /vip: every level with its targets and benefits for everybody; a guest gets a call to log in,
 * a player the standing of /api/auth/vip (loaded when the page opens): the current and the next
 * level highlighted in the list, both progress bars of docs/product.md §9, the totals and what is left.
 */
export default function VipPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useT();
  const { path } = useLocale();
  const screenTitle = useScreenTitle();
  const site = useReadySite();
  const currency = data?.currency || site?.site.currency || '';
  const levels = data?.levels ?? [];
  const session = useSession();
  // The session lives in browser storage: until the page runs in the browser, no standing is known.
  const hydrated = useHydrated();
  const player = hydrated && session.isAuthenticated;
  const states = player ? levelStates(levels, session.vip) : null;

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
        <PlayerStanding currency={currency} />
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
        {data === null ? <LevelsFailed /> : levels.length ? <VipLevelList levels={levels} currency={currency} states={states} /> : <p className="player-empty">{t('vip.levelsEmpty')}</p>}
      </section>
    </section>
  );
}

/** The player's card: the stored standing at once, refreshed from /api/auth/vip when the page opens. */
function PlayerStanding({ currency }: { currency: string }) {
  const { t } = useT();
  const session = useSession();
  const [state, setState] = useState<'loading' | 'done' | 'failed'>('loading');

  useEffect(() => {
    let live = true;
    void loadVip().then((ok) => live && setState(ok ? 'done' : 'failed'));
    return () => {
      live = false;
    };
  }, []);

  const retry = () => {
    setState('loading');
    void loadVip().then((ok) => setState(ok ? 'done' : 'failed'));
  };

  return (
    <section className="player-card vip-page__status" aria-labelledby="vip-status-title" aria-busy={state === 'loading' && !session.vip}>
      <h2 id="vip-status-title" className="player-card__title">
        <Icon name="vip" size={20} />
        {t('vip.statusTitle')}
      </h2>
      {session.vip ? (
        <VipStatus vip={session.vip} currency={currency} />
      ) : state === 'failed' ? (
        <div className="player-empty">
          <p>{t('vip.failed')}</p>
          <button type="button" className="btn btn--primary" onClick={retry}>
            {t('vip.retry')}
          </button>
        </div>
      ) : (
        <p className="player-card__note">{t('vip.loading')}</p>
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
