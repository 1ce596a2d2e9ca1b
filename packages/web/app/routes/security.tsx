import { useState } from 'react';
import { PasswordForm } from '../account/PasswordForm';
import { SessionList } from '../account/SessionList';
import { sessionCallPayload } from '../client/api';
import { showToast } from '../client/toasts';
import { useT } from '../i18n/use-t';
import '../styles/account.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** /security (protected): the password change and the player's live sessions with "sign out everywhere else". */
export default function SecurityPage() {
  const { t } = useT();
  // A password change ends the other sessions: the list is read again after one.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <section className="account-page" aria-labelledby="security-title">
      <h1 id="security-title" className="screen__title">
        {t('_m:security')}
      </h1>
      <div className="account-grid">
        <section className="account-card" aria-labelledby="security-sessions-title">
          <h2 id="security-sessions-title" className="account-card__title">
            {t('security.sessionsSection')}
          </h2>
          <p className="account-lead">{t('security.sessionsLead')}</p>
          <SessionList reloadKey={sessionsVersion} />
        </section>
        <section className="account-card" aria-labelledby="security-password-title">
          <h2 id="security-password-title" className="account-card__title">
            {t('security.passwordSection')}
          </h2>
          <p className="account-lead">{t('security.changePasswordLead')}</p>
          <PasswordForm
            mode="change"
            session={sessionCallPayload}
            onChanged={() => {
              showToast({ kind: 'success', title: t('messages:passwordChanged'), text: t('messages:otherSessionsEnded') });
              setSessionsVersion((version) => version + 1);
            }}
          />
        </section>
      </div>
    </section>
  );
}
