import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { Route } from './+types/referral';
import { loadReferralText } from '../rewards-vip/referral-text.server';
import { useHydrated } from '../client/hydration';
import { useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { GuestInvite } from '../rewards-vip/GuestInvite';
import { ReferralShare, loadReferralInfo } from '../rewards-vip/ReferralShare';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useLocale } from '../lib/use-locale';
import '../styles/player.css';
import '../styles/content.css';
import '../styles/vip.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The site's referral programme text, sanitised on the server (rewards-vip/referral-text.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { text: await loadReferralText(request, context) };
}

/**
 * The player's code and who joined (referral_info) beside the server's programme text, loaded in
 * the browser where the session lives (ADR 0058); nothing asked for a guest. No HydrateFallback:
 * the text stays in the server's HTML, and the player's card says it is loading until this has answered.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [server, info] = await Promise.all([serverLoader(), loadReferralInfo(request.signal)]);
  return { ...server, info };
}
clientLoader.hydrate = true as const;

/**
 * /referral: the programme text (setting_value of /api/home/referral) for everybody, a kind note
 * when the site has none; a guest gets a call to log in or join, a player the own code, the share
 * link with copy buttons, its QR code and how many players joined with it (referral_info, the
 * route's clientLoader).
 */
export default function ReferralPage() {
  const data = useLoaderData<typeof clientLoader>();
  const { text } = data;
  const { t } = useT();
  const { path } = useLocale();
  const screenTitle = useScreenTitle();
  const session = useSession();
  // The session lives in browser storage: until the page runs in the browser, who is here is not known.
  const hydrated = useHydrated();
  useRevalidateOnPlayerChange();

  return (
    <section className="referral-page" aria-labelledby="referral-page-title">
      <header className="vip-page__head">
        <h1 id="referral-page-title" className="screen__title">
          {screenTitle(path)}
        </h1>
        <p className="screen__lead">{t('referral.lead')}</p>
      </header>
      <div className="referral-page__grid">
        {!hydrated ? (
          <div className="player-card referral-page__pending" aria-hidden="true" />
        ) : session.isAuthenticated ? (
          // The server's render has no player data yet (it arrives with the clientLoader).
          <ReferralShare info={'info' in data ? data.info : null} />
        ) : (
          <GuestInvite id="referral-guest-title" icon="referral" title={t('referral.guestTitle')} lead={t('referral.guestLead')} />
        )}
        <section className="content-page__card referral-programme" aria-label={t('referral.programmeTitle')} data-testid="referral-programme">
          {text.kind === 'text' ? <div className="cms-body" dangerouslySetInnerHTML={{ __html: text.html }} /> : null}
          {text.kind === 'none' ? <NoProgramme /> : null}
          {text.kind === 'failed' ? <ProgrammeFailed /> : null}
        </section>
      </div>
    </section>
  );
}

function NoProgramme() {
  const { t } = useT();
  const { to } = useLocale();
  const site = useReadySite();
  return (
    <div className="content-state" data-testid="referral-none">
      <span className="content-state__icon">
        <Icon name="gift" size={28} />
      </span>
      <h2 className="content-state__title">{t('referral.noProgrammeTitle')}</h2>
      <p className="content-state__lead">{t('referral.noProgrammeLead', { site: site?.site.site_name ?? '' })}</p>
      <div className="content-state__actions">
        <Link to={to('/promotions')} className="btn btn--primary">
          {t('referral.promotions')}
        </Link>
      </div>
    </div>
  );
}

function ProgrammeFailed() {
  const { t } = useT();
  const revalidator = useRevalidator();
  return (
    <div className="content-state" role="status">
      <span className="content-state__icon">
        <Icon name="clock" size={28} />
      </span>
      <h2 className="content-state__title">{t('referral.programmeFailed')}</h2>
      <div className="content-state__actions">
        <button type="button" className="btn btn--primary" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
          {t('referral.retry')}
        </button>
      </div>
    </div>
  );
}
