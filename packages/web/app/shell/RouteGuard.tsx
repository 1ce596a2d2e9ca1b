import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { guardDecision } from '../client/guards';
import { useHydrated } from '../client/hydration';
import { openModal } from '../client/modals';
import { getSession, useSession } from '../client/session';
import { openSignIn } from './AuthModals';
import { useT } from '../i18n/use-t';

/**
 * The route guards of docs/product.md D3, run on the client because the session lives in browser
 * storage. While the page must not show (the server's render, hydration, a guest's redirect) the
 * page's main area is hidden and a neutral "checking your session" state shows instead.
 */
export function RouteGuard({ state }: { state: ReadySite }) {
  const { t } = useT();
  const { path, locale } = useLocale();
  const session = useSession();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  const decision = guardDecision({
    path,
    search,
    locale,
    themeCode: state.themeCode,
    sessionKnown: hydrated,
    isAuthenticated: session.isAuthenticated,
  });
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const modal = decision.kind === 'redirect' ? decision.modal : null;
  const delayMs = decision.kind === 'redirect' ? decision.delayMs : 0;

  useEffect(() => {
    if (!redirectTo) return;
    void (async () => {
      await navigate(redirectTo, { replace: true });
      if (!modal) return;
      // Counted from the arrival (docs/product.md §9: 1000 ms after the redirect). Not cancelled by the path
      // change the redirect causes; skipped if the player logged in meanwhile.
      setTimeout(() => {
        if (getSession().isAuthenticated) return;
        if (modal === 'signIn') openSignIn('login');
        else openModal(modal);
      }, delayMs);
    })();
  }, [redirectTo, modal, delayMs, navigate]);

  if (decision.kind === 'show') return null;
  return (
    <>
      {/* Hides the page itself; the shell's own layer (this state, dialogs, toasts) stays visible. */}
      <style>{'#main{visibility:hidden}.client-shell{visibility:visible}'}</style>
      <div className="route-gate" role="status" data-testid="route-gate">
        <span className="route-gate__spinner" aria-hidden="true" />
        <span>{t('shell.checkingSession')}</span>
      </div>
    </>
  );
}
