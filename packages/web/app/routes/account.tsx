import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { FavouriteGame, MenuItem, RoutePath } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { loadFavourites, loadVip, refreshBalance } from '../client/account';
import { useSession } from '../client/session';
import { formatAmount, gameLink } from '../home/home-data';
import { FavouriteButton } from '../player/FavouriteButton';
import { playnowPath } from '../play/links';
import { useGameLauncher } from '../play/use-game-launcher';
import { Icon } from '../frame/icons';
import { useReadySite } from '../player/site';
import { VipProgress } from '../player/VipProgress';
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
 * /account: the wallet (balance and game tokens), the VIP level with both progress bars, quick
 * links and the favourite games. The session already holds what login loaded; the screen shows
 * it at once and refreshes balance, VIP standing and favourites when it opens.
 */
export default function AccountPage() {
  const { t } = useT();
  const session = useSession();
  const site = useReadySite();
  const { to } = useLocale();
  const [vipState, setVipState] = useState<'loading' | 'done' | 'failed'>('loading');

  useEffect(() => {
    void refreshBalance();
    void loadFavourites();
    void loadVip().then((ok) => setVipState(ok ? 'done' : 'failed'));
  }, []);

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

        <section className="player-card" aria-labelledby="vip-title" aria-busy={vipState === 'loading' && !session.vip}>
          <h2 id="vip-title" className="player-card__title">
            <Icon name="vip" size={20} />
            {t('player.vipTitle')}
          </h2>
          {session.vip ? (
            <VipProgress vip={session.vip} currency={currency} />
          ) : (
            <p className="player-card__note">{vipState === 'failed' ? t('player.vipUnavailable') : t('player.vipLoading')}</p>
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
