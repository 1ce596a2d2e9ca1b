import { useState } from 'react';
import { Link } from 'react-router';
import { displayNumber, guestGuardAction } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { refreshBalance } from '../client/account';
import { openModal } from '../client/modals';
import { useSession } from '../client/session';
import { useLogOut } from './use-log-out';
import { openSignIn } from './AuthModals';
import { useT } from '../i18n/use-t';

/** Shown until the balance is loaded (a login by code loads none: docs/product.md §4); the refresh button loads it. */
const NOT_LOADED = '—';

/** docs/product.md §5 number display; the wallet shows 0 where the rule gives an empty string. */
function amount(value: string): string {
  return displayNumber(value) || '0';
}

/**
 * The header's account area. A guest gets "Log in" and "Join now" with the template's login
 * behaviour (a link to /login, or the login / sign-in modal where the guard uses one); a player
 * gets balance and tokens with a refresh button, a link to the account and a log-out button.
 */
export function AccountActions({ state }: { state: ReadySite }) {
  const session = useSession();
  if (!session.isAuthenticated) return <GuestActions state={state} />;
  return <PlayerActions state={state} />;
}

function GuestActions({ state }: { state: ReadySite }) {
  const { t } = useT();
  const { to } = useLocale();
  const action = guestGuardAction(state.themeCode);
  const modal = action.kind === 'redirect-then-modal' ? action.modal : null;
  return (
    <div className="account-actions">
      {modal ? (
        <button
          type="button"
          className="btn btn--ghost account-actions__login"
          aria-haspopup="dialog"
          onClick={() => (modal === 'signin' ? openSignIn('login') : openModal('login'))}
        >
          {t('shell.logIn')}
        </button>
      ) : (
        <Link to={to('/login')} className="btn btn--ghost account-actions__login">
          {t('shell.logIn')}
        </Link>
      )}
      {modal === 'signin' ? (
        <button type="button" className="btn btn--primary account-actions__join" aria-haspopup="dialog" onClick={() => openSignIn('register')}>
          {t('shell.joinNow')}
        </button>
      ) : (
        <Link to={to('/register')} className="btn btn--primary account-actions__join">
          {t('shell.joinNow')}
        </Link>
      )}
    </div>
  );
}

function PlayerActions({ state }: { state: ReadySite }) {
  const { t } = useT();
  const session = useSession();
  const { to } = useLocale();
  const [refreshing, setRefreshing] = useState(false);
  const game = session.game;
  const name = session.user?.account_id ?? '';

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    await refreshBalance();
    setRefreshing(false);
  };

  const logOut = useLogOut();

  return (
    <div className="account-actions account-actions--player">
      <div className="account-actions__wallet" aria-live="polite" aria-busy={refreshing}>
        <span className="account-actions__balance">
          <span className="account-actions__label">{t('shell.balance')}</span>
          <span className="account-actions__value" data-testid="balance">
            {game ? amount(game.balance) : NOT_LOADED} <span className="account-actions__currency">{state.site.currency}</span>
          </span>
        </span>
        <span className="account-actions__tokens">
          <span className="account-actions__label">{t('shell.tokens')}</span>
          <span className="account-actions__value" data-testid="tokens">
            {game ? amount(game.token) : NOT_LOADED}
          </span>
        </span>
        <button
          type="button"
          className={refreshing ? 'account-actions__refresh account-actions__refresh--busy' : 'account-actions__refresh'}
          aria-label={refreshing ? t('shell.refreshingBalance') : t('shell.refreshBalance')}
          title={t('shell.refreshBalance')}
          disabled={refreshing}
          onClick={() => void refresh()}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      <Link to={to('/account')} className="account-actions__account" aria-label={`${t('shell.account')}: ${name}`}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 20.5c1.6-4 4.5-6 8-6s6.4 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="account-actions__name">{name}</span>
      </Link>
      <button type="button" className="account-actions__logout" onClick={() => void logOut()} title={t('shell.logOut')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="account-actions__logout-text">{t('shell.logOut')}</span>
      </button>
    </div>
  );
}
