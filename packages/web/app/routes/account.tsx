import { Link, useLoaderData } from 'react-router';
import type { FavouriteGame, MenuItem, RoutePath } from '@wl/contracts';
import type { Route } from './+types/account';
import { useLocale } from '../lib/use-locale';
import { loadFavourites, refreshBalance } from '../client/account';
import { useSession, vipInfoOf, type VipInfo } from '../client/session';
import { formatAmount } from '../shared/format/numbers';
import { gameLink } from '../home/home-data';
import { FavouriteButton } from '../player/FavouriteButton';
import { playnowPath } from '../shared/game-links';
import { useGameLauncher } from '../play/use-game-launcher';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { VipProgress } from '../player/VipProgress';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import { useT } from '../i18n/use-t';

export { screenMeta as meta } from '../seo/merge-meta';

type QuickLink = 'profile' | 'editProfile' | 'security' | 'changePassword' | 'inbox' | 'transactions' | 'bankDetails' | 'betHistory' | 'responsibleGaming' | 'verification';

const QUICK_LINKS: { path: RoutePath; label: QuickLink; icon: string }[] = [
  { path: '/profile', label: 'profile', icon: 'user' },
  { path: '/edit-profile', label: 'editProfile', icon: 'edit' },
  { path: '/security', label: 'security', icon: 'shield' },
  { path: '/change-password', label: 'changePassword', icon: 'key' },
  { path: '/inbox', label: 'inbox', icon: 'mail' },
  { path: '/transaction-history', label: 'transactions', icon: 'list' },
  { path: '/bet-history', label: 'betHistory', icon: 'clock' },
  { path: '/bank-details', label: 'bankDetails', icon: 'bank' },
  // Time-outs and self-exclusion (ADR 0039).
  { path: '/responsible-gaming', label: 'responsibleGaming', icon: 'pause' },
  // Identity documents, asked before withdrawals on some sites (ADR 0040).
  { path: '/verification', label: 'verification', icon: 'idCard' },
];

/**
 * The player's VIP standing (/api/auth/vip), loaded in the browser where the session lives (ADR
 * 0058). The balance and the favourites live in the session, which the header and the hearts read
 * too: they are refreshed as the page opens, and the page shows them from there.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  void refreshBalance();
  void loadFavourites();
  const reply = await sessionLoader('vip', {}, { signal: request.signal });
  const vip: Loaded<VipInfo> = reply.kind === 'ready' ? { kind: 'ready', value: vipInfoOf(reply.value) } : reply;
  return { vip };
}
clientLoader.hydrate = true as const;

/** The server's render and hydration: the page as the session has it, its VIP card saying it loads. */
export function HydrateFallback() {
  return <AccountScreen vip={null} />;
}

export default function AccountPage() {
  const { vip } = useLoaderData<typeof clientLoader>();
  useRevalidateOnPlayerChange();
  return <AccountScreen vip={vip} />;
}

/**
 * /account: the wallet (balance and game tokens), the VIP level with both progress bars, quick
 * links and the favourite games. The wallet and the favourites are the session's (what login
 * loaded, refreshed by the route's clientLoader); the VIP card is the route's loaded standing
 * (null, or guest for a player who has just logged in, while it loads).
 */
function AccountScreen({ vip }: { vip: Loaded<VipInfo> | null }) {
  const { t } = useT();
  const session = useSession();
  const site = useReadySite();
  const { to } = useLocale();
  const vipLoading = !vip || vip.kind === 'guest';

  if (!site || !session.isAuthenticated) return null;
  const currency = site.site.currency;
  const game = session.game;

  return (
    <section className="player-screen account-screen" aria-labelledby="account-title">
      <header className="player-screen__head">
        <h1 id="account-title" className="screen__title">
          {t('_m:account')}
        </h1>
        <p className="screen__lead">{t('player.accountLead', { name: session.user?.account_id ?? '' })}</p>
      </header>

      <div className="account__grid">
        <section className="player-card wallet" aria-labelledby="wallet-title">
          <h2 id="wallet-title" className="player-card__title">
            <Icon name="wallet" size={20} />
            {t('player.wallet')}
          </h2>
          <dl className="wallet__amounts">
            <div className="wallet__amount wallet__amount--main">
              <dt>{t('player.balance')}</dt>
              <dd data-testid="account-balance">
                {game ? formatAmount(game.balance) : t('player.notLoaded')} <span className="wallet__currency">{currency}</span>
              </dd>
            </div>
            <div className="wallet__amount">
              <dt>{t('player.tokens')}</dt>
              <dd data-testid="account-tokens">{game ? formatAmount(game.token) : t('player.notLoaded')}</dd>
            </div>
          </dl>
          <div className="wallet__actions">
            <Link to={to('/deposit')} className="btn btn--primary">
              {t('player.deposit')}
            </Link>
            <Link to={to('/withdrawal')} className="btn btn--ghost">
              {t('player.withdrawal')}
            </Link>
            <Link to={to('/statement')} className="btn btn--outline">
              {t('player.statement')}
            </Link>
          </div>
        </section>

        <section className="player-card" aria-labelledby="vip-title" aria-busy={vipLoading}>
          <h2 id="vip-title" className="player-card__title">
            <Icon name="vip" size={20} />
            {t('player.vipTitle')}
          </h2>
          {vip?.kind === 'ready' ? (
            <VipProgress vip={vip.value} currency={currency} />
          ) : (
            <p className="player-card__note">{vipLoading ? t('player.vipLoading') : t('player.vipUnavailable')}</p>
          )}
        </section>
      </div>

      <nav className="player-card quick-links" aria-labelledby="quick-links-title">
        <h2 id="quick-links-title" className="player-card__title">
          {t('player.quickLinks')}
        </h2>
        <ul className="quick-links__list">
          {QUICK_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={to(link.path)} className="quick-links__link">
                <span className="quick-links__icon">
                  <Icon name={link.icon} size={20} />
                </span>
                <span>{t(`player.links.${link.label}`)}</span>
                <Icon name="chevronRight" size={16} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="player-card favourites" aria-labelledby="favourites-title">
        <h2 id="favourites-title" className="player-card__title">
          <Icon name="heart" size={20} />
          {t('player.favourites')}
          {session.game_fav_list.length ? <span className="player-card__count">{session.game_fav_list.length}</span> : null}
        </h2>
        {session.game_fav_list.length ? (
          <ul className="favourites__list">
            {session.game_fav_list.map((favourite) => (
              <FavouriteRow key={`${favourite.provider_code}:${favourite.game_code}`} favourite={favourite} gameMenu={site.content.game_menu} />
            ))}
          </ul>
        ) : (
          <div className="player-empty">
            <p>{t('player.favouritesEmpty')}</p>
            <Link to={to('/')} className="btn btn--primary">
              {t('player.browseGames')}
            </Link>
          </div>
        )}
      </section>
    </section>
  );
}

/**
 * A favourite: its image, name and provider as a link that opens the game (/playnow, whose close
 * button comes back here; a popup provider's game opens in its window), and the heart that removes it.
 */
function FavouriteRow({ favourite, gameMenu }: { favourite: FavouriteGame; gameMenu: MenuItem[] }) {
  const { to } = useLocale();
  const launcher = useGameLauncher();
  const { provider } = gameLink({ ...favourite, game_image: favourite.img_url }, gameMenu);
  return (
    <li className="favourite" data-testid="favourite">
      <Link to={to(playnowPath(favourite, '/account'))} className="favourite__link" onClick={(event) => launcher.onGameClick(event, favourite)}>
        <span className="favourite__art">
          {favourite.img_url ? <img src={favourite.img_url} alt="" width={96} height={96} loading="lazy" decoding="async" /> : null}
        </span>
        <span className="favourite__text">
          <span className="favourite__name">{favourite.game_name}</span>
          <span className="favourite__provider">{provider}</span>
        </span>
      </Link>
      <FavouriteButton game={favourite} className="favourite__heart" />
    </li>
  );
}
