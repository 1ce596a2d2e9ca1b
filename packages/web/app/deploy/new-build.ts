import { TIMINGS } from '@wl/contracts';
import { LATEST_BUILD_PATH, parseBuildInfo } from './build-info';

/** The id of the build the server names now, or null when it cannot be read (offline, a server error). */
export async function fetchLatestBuildId(): Promise<string | null> {
  try {
    // Revalidated every time (a 304 while nothing changed).
    const response = await fetch(LATEST_BUILD_PATH, { cache: 'no-cache', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    return parseBuildInfo(await response.json())?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Watches for a new deployment: asks /builds/latest.json every hour (docs/product.md §9) while the tab is
 * visible, and whenever the tab is shown or focused again. Calls onNewBuild once, with the id the
 * server names, when it differs from the running one, then stops. Returns the function that stops it.
 */
export function watchForNewBuild(runningId: string, onNewBuild: (id: string) => void): () => void {
  let stopped = false;
  let checking = false;

  const check = async (): Promise<void> => {
    if (stopped || checking) return;
    checking = true;
    const latest = await fetchLatestBuildId();
    checking = false;
    if (stopped || latest === null || latest === runningId) return;
    stop();
    onNewBuild(latest);
  };
  const checkIfVisible = (): void => {
    if (document.visibilityState === 'visible') void check();
  };
  const checkOnFocus = (): void => void check();

  const timer = window.setInterval(checkIfVisible, TIMINGS.manifestRecheckMs);
  document.addEventListener('visibilitychange', checkIfVisible);
  window.addEventListener('focus', checkOnFocus);

  function stop(): void {
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', checkIfVisible);
    window.removeEventListener('focus', checkOnFocus);
  }
  return stop;
}
