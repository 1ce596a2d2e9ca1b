import { useLoaderData, useRevalidator } from 'react-router';
import type { Route } from './+types/security';
import { PasswordForm } from '../account/PasswordForm';
import { SessionList, loadSessions, type LoadedSessions } from '../account/SessionList';
import { sessionCallPayload } from '../client/api';
import { showToast } from '../client/toasts';
import { useT } from '../i18n/use-t';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import '../styles/account.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The player's live sessions, loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { sessions: await loadSessions(request.signal) };
}
clientLoader.hydrate = true as const;

/** The server's render and hydration: the page with its session list saying it loads. */
export function HydrateFallback() {
  return <SecurityScreen sessions={null} />;
}

/** /security (protected): the password change and the player's live sessions with "sign out everywhere else". */
export default function SecurityPage() {
  const { sessions } = useLoaderData<typeof clientLoader>();
  useRevalidateOnPlayerChange();
  return <SecurityScreen sessions={sessions} />;
}

function SecurityScreen({ sessions }: { sessions: LoadedSessions | null }) {
  const { t } = useT();
  const { revalidate } = useRevalidator();
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
          <SessionList sessions={sessions} />
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
              // A password change ends the other sessions: the list loads again.
              void revalidate();
            }}
          />
        </section>
      </div>
    </section>
  );
}
