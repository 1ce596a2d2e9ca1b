/** Constants of the browser client: storage keys and timings not covered by TIMINGS (docs/product.md §9). */

/** localStorage key of the player's session (docs/product.md §3: the session is persisted in browser storage). */
export const SESSION_STORAGE_KEY = 'wl.session';

/**
 * localStorage key written on logout (docs/product.md §4): other tabs of the site see it change through the
 * `storage` event, reset their session and reload.
 */
export const FORCE_LOGOUT_STORAGE_KEY = 'wl.forceLogout';

/** How long an informational toast stays when the caller gives no duration. */
export const DEFAULT_TOAST_MS = 5_000;

/** A call that has not answered after this long counts as no answer (docs/product.md §8 network failure). */
export const API_TIMEOUT_MS = 20_000;

/** The session check on focus runs at most this often. */
export const SESSION_CHECK_MIN_INTERVAL_MS = 15_000;

/** localStorage key where the appsflyer_id query parameter is kept (docs/product.md §7: sent once). */
export const APPSFLYER_STORAGE_KEY = 'appsflyer_id';
