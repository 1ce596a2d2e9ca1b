import { useEffect } from 'react';
import { markHydrated } from './layout-store';

/**
 * docs/product.md §4 page lifecycle: hydrating, then ready. Exposed on <html> as data-lifecycle="ready" once
 * hydration has completed (set from an effect, after React has taken the document over, so the
 * attribute never disturbs hydration); the server HTML may carry data-lifecycle="hydrating".
 */
export const LIFECYCLE_ATTRIBUTE = 'data-lifecycle';

/**
 * While the client bundle starts (this module is evaluated before React hydrates), a marker in
 * <head> tells the stylesheet that startup is under way: only then may the preloader overlay
 * appear. React skips unexpected elements in <head> when it hydrates, so the marker is safe there.
 */
export const STARTUP_MARKER_NAME = 'wl-startup';

if (typeof document !== 'undefined' && !document.querySelector(`meta[name="${STARTUP_MARKER_NAME}"]`)) {
  const marker = document.createElement('meta');
  marker.name = STARTUP_MARKER_NAME;
  marker.content = 'hydrating';
  document.head.append(marker);
}

/** Marks the page ready after the first commit (effects run only once hydration is done). */
export function usePageLifecycle(): void {
  useEffect(() => {
    markHydrated();
    document.documentElement.setAttribute(LIFECYCLE_ATTRIBUTE, 'ready');
    document.querySelector(`meta[name="${STARTUP_MARKER_NAME}"]`)?.remove();
  }, []);
}
