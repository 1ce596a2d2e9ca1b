import { CHUNK_RELOAD_SKIPPED, CHUNK_RELOADS_STORAGE_KEY, decideChunkReload, isChunkLoadError, parseChunkReloads } from './chunk-reload';

/**
 * Browser side of the stale-chunk guard (docs/product.md §8): code of the build a page was loaded with may be
 * gone once a new build is deployed. A failed chunk reloads the page once per path within 10 s;
 * a second failure is logged instead, so a chunk that stays broken never loops.
 *
 * Three sources report a failed chunk:
 * - Vite's preload helper (dynamic imports in the app, e.g. locale messages): `vite:preloadError`;
 * - any other dynamic import nobody handles: an unhandled rejection with a chunk-load message;
 * - React Router itself, for a route module needed by a navigation: it catches the failed import,
 *   calls `location.reload()` and leaves the navigation pending for ever (7.18, loadRouteModule).
 *   Its reload goes through the guard with the Navigation API: it becomes a load of the page the
 *   player was going to, or is cancelled and logged. Without the Navigation API React Router's
 *   reload happens as it is; it needs a player's navigation each time, so it cannot loop either.
 */

let pendingNavigation: string | null = null;
let documentLoadStarted = false;
const reported = new WeakSet<object>();
/** Failures whose importer has a fallback of its own (the locale messages): no reload for them. */
const handled = new WeakSet<object>();

/**
 * Called by an importer that recovers from its failed chunk (a locale's messages fall back to
 * English): Vite reports the failure before the importer's catch runs, so the report waits a task.
 */
export function markChunkErrorHandled(error: unknown): void {
  if (typeof error === 'object' && error !== null) handled.add(error);
}

/** Where the client-side navigation under way goes (set from the router by useDeployments); null when none. */
export function setPendingNavigation(target: string | null): void {
  pendingNavigation = target;
}

function currentHref(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

function isCurrentPage(href: string): boolean {
  const target = new URL(href, window.location.href);
  return target.pathname === window.location.pathname && target.search === window.location.search;
}

/** A full page load of `href` (a reload when it is the current page). The new-build reload uses it too. */
export function loadDocument(href: string): void {
  documentLoadStarted = true;
  if (isCurrentPage(href)) window.location.reload();
  else window.location.assign(href);
}

/** The guard: whether a chunk failure on the way to `href` may reload, remembered in sessionStorage. */
function mayReload(href: string): boolean {
  const path = new URL(href, window.location.href).pathname;
  try {
    const storage = window.sessionStorage;
    const decision = decideChunkReload(parseChunkReloads(storage.getItem(CHUNK_RELOADS_STORAGE_KEY)), path, Date.now());
    storage.setItem(CHUNK_RELOADS_STORAGE_KEY, JSON.stringify(decision.reloads));
    return decision.reload;
  } catch {
    // Without storage the guard could not see its own reloads: no automatic reload at all.
    return false;
  }
}

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

function onChunkError(reason: unknown): void {
  // Vite's event and the rejection it then causes carry the same error: one failure, one decision.
  if (typeof reason === 'object' && reason !== null) {
    if (reported.has(reason)) return;
    reported.add(reason);
  }
  if (documentLoadStarted) return;
  const target = pendingNavigation ?? currentHref();
  if (mayReload(target)) loadDocument(target);
  else console.warn(CHUNK_RELOAD_SKIPPED, target, describe(reason));
}

/** React Router's reload after a failed route module, recognised as a reload while one of its navigations is pending. */
function onNavigate(event: NavigateEvent): void {
  if (event.navigationType !== 'reload' || event.userInitiated || !event.cancelable) return;
  const target = pendingNavigation;
  if (documentLoadStarted || target === null) return;
  if (!mayReload(target)) {
    event.preventDefault();
    console.warn(CHUNK_RELOAD_SKIPPED, target, 'route module');
    return;
  }
  documentLoadStarted = true;
  // A back or forward navigation is already at its target: React Router's reload loads it.
  if (isCurrentPage(target)) return;
  event.preventDefault();
  // Started after this event, not from inside it.
  window.setTimeout(() => loadDocument(target), 0);
}

/** Installed once in entry.client, before anything loads lazily (the locale messages do, before hydration). */
export function installStaleChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const reason: unknown = event.payload;
    // After the importer's own catch (microtasks), which may have handled it.
    window.setTimeout(() => {
      if (typeof reason === 'object' && reason !== null && handled.has(reason)) return;
      onChunkError(reason);
    }, 0);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && !(typeof event.reason === 'object' && event.reason !== null && handled.has(event.reason))) {
      onChunkError(event.reason);
    }
  });
  if ('navigation' in window) window.navigation.addEventListener('navigate', onNavigate);
  // Back to this page from the back-forward cache: the load it had started did not replace it.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) documentLoadStarted = false;
  });
}
