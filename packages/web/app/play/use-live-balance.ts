import { useEffect } from 'react';
import { refreshBalance } from '../client/account';

/** How often the balance is asked for while a game is open: wins and stakes move it all the time. */
export const GAME_BALANCE_REFRESH_MS = 15_000;

/**
 * Keeps the session's balance fresh while a game is open: at once, every GAME_BALANCE_REFRESH_MS
 * while the tab is visible, and when the player comes back to the tab. Failures go through the
 * global handler (refreshBalance), so an ended session ends the game page too.
 */
export function useLiveBalance(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void refreshBalance();
    };
    refresh();
    const timer = window.setInterval(refresh, GAME_BALANCE_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [active]);
}
