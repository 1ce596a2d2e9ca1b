import { useContext, useEffect } from 'react';
import { createPath, UNSAFE_DataRouterContext, type Navigation } from 'react-router';
import { CURRENT_BUILD } from './current-build';
import { watchForNewBuild } from './new-build';
import { loadDocument, setPendingNavigation } from './stale-chunks';

/** The page a client-side navigation is loading; null when idle or when it submits a form (a page load would not send it again). */
function pendingTarget(navigation: Navigation): string | null {
  if (navigation.state === 'idle' || !navigation.location) return null;
  if (navigation.formMethod !== undefined && navigation.formMethod !== 'GET') return null;
  return createPath(navigation.location);
}

/**
 * Deployments (issue 6): watches /builds/latest.json; once it names another build, the next
 * client-side navigation ends in a full page load of the page it arrived at, so the player moves to
 * the new build between pages and never under their hands. Also tells the stale-chunk guard where
 * a pending navigation goes.
 *
 * The router's own subscription (synchronous, unlike a render) is needed: React Router may reload
 * for a failed route module before React renders the pending navigation, and the reload of a page
 * that has just arrived starts before React renders it in the old build. Called once, in App.
 */
export function useDeployments(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;

  useEffect(() => {
    if (!router) return;
    let newBuildSeen = false;
    let shownKey = router.state.location.key;
    const stopWatching = watchForNewBuild(CURRENT_BUILD.id, () => {
      newBuildSeen = true;
    });
    const unsubscribe = router.subscribe((state) => {
      setPendingNavigation(pendingTarget(state.navigation));
      if (state.location.key === shownKey) return;
      shownKey = state.location.key;
      if (newBuildSeen) loadDocument(createPath(state.location));
    });
    return () => {
      unsubscribe();
      stopWatching();
      setPendingNavigation(null);
    };
  }, [router]);
}
