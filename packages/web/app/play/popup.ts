/**
 * The game window of popup providers (docs/product.md §9 'popup': EVOPLAY). One named window: a second
 * launch reuses it rather than piling up windows. Browsers let a page open a window only while it
 * handles the player's click, so the window is opened first, blank, and pointed at the game once
 * the launch answers.
 */
export const GAME_WINDOW_NAME = 'wl-game';

/** A sized window where the browser allows one (phones open a tab). */
const GAME_WINDOW_FEATURES = 'popup=yes,width=1280,height=800';

/**
 * Opens the blank game window with a short "opening" note; null when the browser blocked it. The
 * window forgets its opener: the provider's page must not be able to navigate the site's tab.
 */
export function openBlankGameWindow(openingText: string): Window | null {
  const popup = window.open('', GAME_WINDOW_NAME, GAME_WINDOW_FEATURES);
  if (!popup) return null;
  try {
    popup.opener = null;
    // about:blank is this site's origin until it leaves: the note shows while the launch runs.
    popup.document.title = openingText;
    if (popup.document.body) popup.document.body.textContent = openingText;
  } catch {
    // A window left on the provider's page from an earlier game is another origin: it is reused as it is.
  }
  return popup;
}

/** Sends the game window to the game. */
export function showGameInWindow(popup: Window, url: string): void {
  popup.location.href = url;
  popup.focus();
}

/** Opens the game in its window at once (within a click); false when the browser blocked the window. */
export function openGameWindow(url: string, openingText: string): boolean {
  const popup = openBlankGameWindow(openingText);
  if (!popup) return false;
  showGameInWindow(popup, url);
  return true;
}
