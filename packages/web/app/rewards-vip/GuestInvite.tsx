import { Link } from 'react-router';
import { guestGuardAction } from '@wl/contracts';
import { openModal } from '../client/modals';
import { openSignIn } from '../shell/AuthModals';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';

/**
 * A guest's call to log in or join, with the site's own login behaviour as the header's "Log in"
 * and "Join now" have it (docs/product.md D3): the login or sign-in modal on the templates whose guard
 * opens one, else links to /login and /register.
 */
export function GuestInvite({ id, title, lead, icon }: { id: string; title: string; lead: string; icon: string }) {
  const { t } = useT();
  const { to } = useLocale();
  const site = useReadySite();
  const action = site ? guestGuardAction(site.themeCode) : null;
  const modal = action?.kind === 'redirect-then-modal' ? action.modal : null;
  return (
    <section className="player-card guest-invite" aria-labelledby={id} data-testid="guest-invite">
      <span className="guest-invite__icon">
        <Icon name={icon} size={26} />
      </span>
      <div className="guest-invite__text">
        <h2 id={id} className="guest-invite__title">
          {title}
        </h2>
        <p className="guest-invite__lead">{lead}</p>
      </div>
      <div className="guest-invite__actions">
        {modal ? (
          <button
            type="button"
            className="btn btn--primary"
            aria-haspopup="dialog"
            onClick={() => (modal === 'signin' ? openSignIn('login') : openModal('login'))}
          >
            {t('shell.logIn')}
          </button>
        ) : (
          <Link to={to('/login')} className="btn btn--primary">
            {t('shell.logIn')}
          </Link>
        )}
        {modal === 'signin' ? (
          <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => openSignIn('register')}>
            {t('shell.joinNow')}
          </button>
        ) : (
          <Link to={to('/register')} className="btn btn--ghost">
            {t('shell.joinNow')}
          </Link>
        )}
      </div>
    </section>
  );
}
