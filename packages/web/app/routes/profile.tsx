import { Link } from 'react-router';
import { useLocale } from '../lib/use-locale';
import { useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import '../styles/player.css';
import { useT } from '../i18n/use-t';

export { screenMeta as meta } from '../seo/merge-meta';

/** /profile: the player's details as the session holds them (updated by /edit-profile), read only. */
export default function ProfilePage() {
  const { t } = useT();
  const session = useSession();
  const { to } = useLocale();
  if (!session.isAuthenticated) return null;
  const rows = [
    { label: t('player.accountId'), value: session.user?.account_id ?? '', testId: 'profile-account-id' },
    { label: t('player.fullName'), value: session.fullname, testId: 'profile-full-name' },
    { label: t('player.email'), value: session.email, testId: 'profile-email' },
  ];
  return (
    <section className="player-screen player-screen--narrow" aria-labelledby="profile-title">
      <header className="player-screen__head">
        <h1 id="profile-title" className="screen__title">
          {t('_m:profile')}
        </h1>
        <p className="screen__lead">{t('player.profileLead')}</p>
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
                {row.value || t('player.notSet')}
              </dd>
            </div>
          ))}
        </dl>
        <div className="player-card__actions">
          <Link to={to('/edit-profile')} className="btn btn--primary">
            <Icon name="edit" size={18} />
            {t('player.editProfile')}
          </Link>
          <Link to={to('/change-password')} className="btn btn--ghost">
            <Icon name="key" size={18} />
            {t('player.links.changePassword')}
          </Link>
        </div>
      </div>
    </section>
  );
}
