import { Link } from 'react-router';
import type { TemplateName } from '@wl/contracts';
import { openModal } from '../client/modals';
import { rewardsAction } from '../floating/rewards';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';

/**
 * What a guest sees in place of the missions: why to log in, and a log-in control that opens the
 * login the way the site's rewards icon does for a guest (floating/rewards.ts: the login modal on
 * template4, 6, 8 and 10, the /login page elsewhere), and a link to join.
 */
export function LoginInvitation({ template }: { template: TemplateName }) {
  const { t } = useT();
  const { to } = useLocale();
  const action = rewardsAction(false, template, to);
  return (
    <div className="player-card reward-state reward-state--invite" data-testid="mission-login" data-action={action.kind}>
      <span className="reward-state__icon">
        <Icon name="trophy" size={30} />
      </span>
      <h2 className="reward-state__title">{t('rewards.missions.loginTitle')}</h2>
      <p className="reward-state__lead">{t('rewards.missions.loginLead')}</p>
      <div className="reward-state__actions">
        {action.kind === 'login-modal' ? (
          <button type="button" className="btn btn--primary btn--large" aria-haspopup="dialog" onClick={() => openModal('login')}>
            {t('rewards.missions.logIn')}
          </button>
        ) : (
          <Link to={action.kind === 'login-page' ? action.href : to('/login')} className="btn btn--primary btn--large">
            {t('rewards.missions.logIn')}
          </Link>
        )}
        <Link to={to('/register')} className="btn btn--ghost btn--large">
          {t('rewards.missions.join')}
        </Link>
      </div>
    </div>
  );
}
