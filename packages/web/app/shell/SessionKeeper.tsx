import { useEffect } from 'react';
import { SESSION_CHECK_MIN_INTERVAL_MS } from '@wl/contracts';
import { checkSessionStatus, loadFavourites, refreshBalance } from '../client/account';
import { getSession } from '../client/session';

/**
 * The restored session is checked with the server on load and whenever the tab regains focus,
 * so a session ended elsewhere ends here too; on load the balance (and missing favourites) are refreshed as well. A check
 * that passed is not repeated within SESSION_CHECK_MIN_INTERVAL_MS; one that failed may be.
 * Failures on load open the error dialog; failures on focus, which the player did not ask for,
 * use the handler's toast mode.
 */
export function SessionKeeper() {
  useEffect(() => {
    let lastPassed = 0;
    const check = async (onLoad: boolean) => {
      if (!getSession().isAuthenticated) return;
      if (!onLoad && Date.now() - lastPassed < SESSION_CHECK_MIN_INTERVAL_MS) return;
      const passed = await checkSessionStatus({ toast: !onLoad });
      if (!passed) return;
      lastPassed = Date.now();
      if (!onLoad) return;
      await refreshBalance();
      // A session restored without its favourites (a code login loads none) gets them, so the tiles' hearts are right.
      if (!getSession().game_fav_list.length) await loadFavourites();
    };
    void check(true);
    const onFocus = () => void check(false);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check(false);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return null;
}
