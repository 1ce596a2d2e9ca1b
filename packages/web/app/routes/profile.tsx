import { Link } from 'react-router';
import { SCREEN_TITLES } from '../lib/screens';
import { useLocale } from '../lib/use-locale';
import { useSession } from '../client/session';
import { Icon } from '../frame/icons';
import { PLAYER_TEXTS } from '../player/texts';
import '../styles/player.css';

export { meta } from './screen';

/** /profile: the player's details as the session holds them (updated by /edit-profile), read only. */
export default function ProfilePage() {
  const session = useSession();
  const { to } = useLocale();
  if (!session.isAuthenticated) return null;
  const rows = [
    { label: PLAYER_TEXTS.accountId, value: session.user?.account_id ?? '', testId: 'profile-account-id' },
    { label: PLAYER_TEXTS.fullName, value: session.fullname, testId: 'profile-full-name' },
    { label: PLAYER_TEXTS.email, value: session.email, testId: 'profile-email' },
  ];
  return (
    <section className="player-screen player-screen--narrow" aria-labelledby="profile-title">
      <header className="player-screen__head">
        <h1 id="profile-title" className="screen__title">
          {SCREEN_TITLES['/profile']}
        </h1>
        <p className="screen__lead">{PLAYER_TEXTS.profileLead}</p>
      </header>
      <div className="player-card">
        <div className="profile__identity">
          <span className="profile__avatar" aria-hidden="true">
            {(session.fullname || session.user?.account_id || '?').trim().charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="profile__name">{session.fullname || session.user?.account_id}</p>
            <p className="profile__id">{session.user?.account_id}</p>
          </div>
        </div>
        <dl className="details">
          {rows.map((row) => (
            <div className="details__row" key={row.label}>
              <dt>{row.label}</dt>
              <dd data-testid={row.testId} className={row.value ? undefined : 'details__empty'}>
                {row.value || PLAYER_TEXTS.notSet}
              </dd>
            </div>
          ))}
        </dl>
        <div className="player-card__actions">
          <Link to={to('/edit-profile')} className="btn btn--primary">
            <Icon name="edit" size={18} />
            {PLAYER_TEXTS.editProfile}
          </Link>
          <Link to={to('/change-password')} className="btn btn--ghost">
            <Icon name="key" size={18} />
            {PLAYER_TEXTS.links.changePassword}
          </Link>
        </div>
      </div>
    </section>
  );
}
