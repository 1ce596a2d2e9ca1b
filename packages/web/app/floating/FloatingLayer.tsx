import { Suspense, lazy, useEffect } from 'react';
import { MINIGAME_ROUTE } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { useLayout } from './layout-store';
import { loadPartnersOnce, showAnnouncementOnce } from './site-content';
import { Preloader } from './Preloader';
import { RouteProgress } from './RouteProgress';

/** The dock and its modals: shown only once the page is ready, so loaded after the page's first scripts. */
const FloatingDock = lazy(() => import('./FloatingDock'));

/** The preloader page is a loading screen: nothing floats over it and nothing is announced there. */
const PRELOADER_ROUTE = '/preloader';

/**
 * Everything that floats over the site frame: the route progress bar, the startup preloader, the
 * dock of floating elements (partners panel on the left; rewards icon and live-chat button on the
 * right; the app-download bar under them on phones) and their modals. Rendered once by every
 * layout through the client shell. The dock sits `--floating-bottom-offset` (1rem by default)
 * above the bottom edge, so a template with a bottom tab bar can lift it above the bar.
 */
export function FloatingLayer({ state }: { state: ReadySite }) {
  const ready = useLayout((layout) => layout.lifecycle === 'ready');
  const preloader = useLayout((layout) => layout.preloader);
  const { path, locale } = useLocale();
  const onPreloader = path === PRELOADER_ROUTE;

  useEffect(() => {
    if (!ready) return;
    void loadPartnersOnce(state.site);
    if (!onPreloader) void showAnnouncementOnce(state.site, locale);
  }, [ready, onPreloader, state.site, locale]);

  return (
    <>
      <RouteProgress />
      {preloader ? <Preloader site={state.site} variant="overlay" /> : null}
      {ready ? (
        <Suspense fallback={null}>
          <FloatingDock state={state} dock={!onPreloader} rewards={path !== MINIGAME_ROUTE} />
        </Suspense>
      ) : null}
    </>
  );
}
