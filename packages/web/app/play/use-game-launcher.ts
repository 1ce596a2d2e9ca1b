import { useCallback, useRef, type MouseEvent } from 'react';
import { STATUS } from '@wl/contracts';
import { handleApiError } from '../client/errors';
import { getSession } from '../client/session';
import { viewportNow } from '../device/store';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';
import { deviceOfViewport, requestLaunch, type LaunchOutcome } from './launch';
import { opensInPopup, type GameRef } from '../shared/game-links';
import { openBlankGameWindow, showGameInWindow } from './popup';

export interface GameLauncher {
  /**
   * For a game tile's link to /playnow (playnowPath). A logged-in player's click on a popup
   * provider's game opens the game window within the click and stays on the page; every other
   * click follows the link (/playnow frames the game, and a guest meets the guard there).
   */
  onGameClick(event: MouseEvent<HTMLAnchorElement>, game: GameRef): void;
  /**
   * Opens a game in the game window: call it while handling a click. 'blocked' when the browser
   * refused the window. A failed launch closes the window; an unavailable game is the caller's to show.
   */
  launchInWindow(game: GameRef): Promise<LaunchOutcome | 'blocked'>;
}

/** Launching games in a window of their own, for tiles and for /playnow. */
export function useGameLauncher(): GameLauncher {
  const { t } = useT();
  const { locale } = useLocale();
  // One launch at a time: a double click must not open two game sessions.
  const launching = useRef(false);
  const openingText = t('play.opening');

  const runLaunch = useCallback(
    async (popup: Window, game: GameRef, report: boolean): Promise<LaunchOutcome> => {
      launching.current = true;
      try {
        const outcome = (await requestLaunch(game, { locale, device: deviceOfViewport(viewportNow()) })) ?? { kind: 'failed' };
        if (outcome.kind === 'ready') {
          showGameInWindow(popup, outcome.url);
          return outcome;
        }
        popup.close();
        // Session and other failures went to the global handler; a tile's unavailable game gets its error dialog too.
        if (outcome.kind === 'unavailable' && report) handleApiError({ statusCode: STATUS.failure, message: outcome.reason });
        return outcome;
      } finally {
        launching.current = false;
      }
    },
    [locale],
  );

  const launchInWindow = useCallback(
    async (game: GameRef): Promise<LaunchOutcome | 'blocked'> => {
      const popup = openBlankGameWindow(openingText);
      if (!popup) return 'blocked';
      return runLaunch(popup, game, false);
    },
    [openingText, runLaunch],
  );

  const onGameClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, game: GameRef) => {
      if (!opensInPopup(game.provider_code) || !getSession().isAuthenticated) return;
      // A click that asks for a new tab or window, or one a handler already took: the browser's own.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (launching.current) {
        event.preventDefault();
        return;
      }
      const popup = openBlankGameWindow(openingText);
      // Blocked: the link goes on to /playnow, which offers a button to open the window.
      if (!popup) return;
      event.preventDefault();
      void runLaunch(popup, game, true);
    },
    [openingText, runLaunch],
  );

  return { onGameClick, launchInWindow };
}
