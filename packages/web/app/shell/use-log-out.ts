import { useNavigate } from 'react-router';
import { callApi, sessionCallPayload } from '../client/api';
import { isProtectedRoute } from '../client/guards';
import { logout } from '../client/session';
import { showToast } from '../client/toasts';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';

/** The site's log out (the header's button, the reality check's "Log out": ADR 0041). */
export function useLogOut(): () => Promise<void> {
  const { t } = useT();
  const { to, path } = useLocale();
  const navigate = useNavigate();
  return async () => {
    // Leave a player-only page first, so the guard does not treat the player as a guest there.
    if (isProtectedRoute(path)) await navigate(to('/'));
    // The server ends the session too (ADR 0019): a copied token stops working. Not awaited: an
    // unreachable server must not keep the player logged in here; the session then ends idle.
    void callApi('logout', sessionCallPayload());
    logout();
    showToast({ kind: 'info', title: t('messages:loggedOut') });
  };
}
