import { Link } from 'react-router';
import { PasswordForm } from '../account/PasswordForm';
import { sessionCallPayload } from '../client/api';
import { showToast } from '../client/toasts';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';
import '../styles/account.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** /change-password (protected): current password, new password and its confirmation. */
export default function ChangePasswordPage() {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <section className="account-page account-page--narrow" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="screen__title">
        {t('_m:change-password')}
      </h1>
      <div className="account-card">
        <p className="account-lead">{t('security.changePasswordLead')}</p>
        <PasswordForm
          mode="change"
          session={sessionCallPayload}
          onChanged={() => showToast({ kind: 'success', title: t('messages:passwordChanged'), text: t('messages:otherSessionsEnded') })}
        />
        <p className="account-card__footer">
          <Link to={to('/security')}>{t('security.moreSecurity')}</Link>
        </p>
      </div>
    </section>
  );
}
