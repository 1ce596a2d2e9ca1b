import { Link } from 'react-router';
import type { Route } from './+types/change-password';
import accountStylesheet from '../styles/account.css?url';
import { PasswordForm } from '../account/PasswordForm';
import { SECURITY_TEXTS } from '../account/texts';
import { sessionCallPayload } from '../client/api';
import { showToast } from '../client/toasts';
import { SCREEN_TITLES } from '../lib/screens';
import { useLocale } from '../lib/use-locale';

export { meta } from './screen';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStylesheet }];

/** /change-password (protected): current password, new password and its confirmation. */
export default function ChangePasswordPage() {
  const { to } = useLocale();
  return (
    <section className="account-page account-page--narrow" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="screen__title">
        {SCREEN_TITLES['/change-password']}
      </h1>
      <div className="account-card">
        <p className="account-lead">{SECURITY_TEXTS.changePasswordLead}</p>
        <PasswordForm
          mode="change"
          session={sessionCallPayload}
          onChanged={() => showToast({ kind: 'success', title: SECURITY_TEXTS.passwordChanged, text: SECURITY_TEXTS.otherSessionsEnded })}
        />
        <p className="account-card__footer">
          <Link to={to('/security')}>{SECURITY_TEXTS.moreSecurity}</Link>
        </p>
      </div>
    </section>
  );
}
