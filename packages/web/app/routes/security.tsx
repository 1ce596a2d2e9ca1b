import { useState } from 'react';
import type { Route } from './+types/security';
import accountStylesheet from '../styles/account.css?url';
import { PasswordForm } from '../account/PasswordForm';
import { SessionList } from '../account/SessionList';
import { SECURITY_TEXTS } from '../account/texts';
import { sessionCallPayload } from '../client/api';
import { showToast } from '../client/toasts';
import { SCREEN_TITLES } from '../lib/screens';

export { meta } from './screen';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStylesheet }];

/** /security (protected): the password change and the player's live sessions with "sign out everywhere else". */
export default function SecurityPage() {
  // A password change ends the other sessions: the list is read again after one.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <section className="account-page" aria-labelledby="security-title">
      <h1 id="security-title" className="screen__title">
        {SCREEN_TITLES['/security']}
      </h1>
      <div className="account-grid">
        <section className="account-card" aria-labelledby="security-sessions-title">
          <h2 id="security-sessions-title" className="account-card__title">
            {SECURITY_TEXTS.sessionsSection}
          </h2>
          <p className="account-lead">{SECURITY_TEXTS.sessionsLead}</p>
          <SessionList reloadKey={sessionsVersion} />
        </section>
        <section className="account-card" aria-labelledby="security-password-title">
          <h2 id="security-password-title" className="account-card__title">
            {SECURITY_TEXTS.passwordSection}
          </h2>
          <p className="account-lead">{SECURITY_TEXTS.changePasswordLead}</p>
          <PasswordForm
            mode="change"
            session={sessionCallPayload}
            onChanged={() => {
              showToast({ kind: 'success', title: SECURITY_TEXTS.passwordChanged, text: SECURITY_TEXTS.otherSessionsEnded });
              setSessionsVersion((version) => version + 1);
            }}
          />
        </section>
      </div>
    </section>
  );
}
