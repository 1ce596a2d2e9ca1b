import { Suspense, lazy, useEffect, useRef } from 'react';
import { MINIGAME_ROUTE } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { useLayout } from './layout-store';
import { useDevice } from './device';
import { loadPartnersOnce, showAnnouncementOnce } from './site-content';
import { ACTION_PAGE_PATHS, markVisitStarted } from './announcement-gate';
import { Preloader } from './Preloader';
import { RouteProgress } from './RouteProgress';

/** The dock and its modals: shown only once the page is ready, so loaded after the page's first scripts. */
const FloatingDock = lazy(() => import('./FloatingDock'));

/** The preloader page is a loading screen: nothing floats over it and nothing is announced there. */
const PRELOADER_ROUTE = '/preloader';

/**
 * ADR 0057: pages whose main action sits low on a phone's screen (a form's submit button, the
 * betslip, a game): on phones nothing floats over them. Their live chat stays on /contact-us.
 */
export const DOCKLESS_PHONE_PATHS: readonly string[] = [...ACTION_PAGE_PATHS, '/sports'];

/**
 * Everything that floats over the site frame: the route progress bar, the startup preloader, the
 * dock of floating elements (partners panel on the left; rewards icon and live-chat button on the
 * right; the app-download bar under them on phones) and their modals. Rendered once by every
 * layout through the client shell. The dock sits `--floating-bottom-offset` (1rem by default)
 * above the bottom edge, so a template with a bottom tab bar can lift it above the bar. On phones
 * (ADR 0057) the dock is left out of form, betslip and game pages, and the partners leave it for
 * the page flow.
 */
export function FloatingLayer({ state }: { state: ReadySite }) {
  const ready = useLayout((layout) => layout.lifecycle === 'ready');
  const preloader = useLayout((layout) => layout.preloader);
  const { path, locale } = useLocale();
  const device = useDevice(state.template);
  const onPreloader = path === PRELOADER_ROUTE;
  const dock = !onPreloader && !(device.phone && DOCKLESS_PHONE_PATHS.includes(path));

  // The announcement is decided for the page the visit landed on (announcement-gate.ts), not for later paths.
  const landing = useRef(path);

  useEffect(() => {
    if (!ready) return;
    void loadPartnersOnce(state.site);
    void showAnnouncementOnce(state.site, locale, landing.current);
    markVisitStarted();
  }, [ready, state.site, locale]);

  return (
    <>
      <RouteProgress />
      {preloader ? <Preloader site={state.site} variant="overlay" /> : null}
      {ready ? (
        <Suspense fallback={null}>
          <FloatingDock state={state} dock={dock} rewards={path !== MINIGAME_ROUTE} />
        </Suspense>
      ) : null}
    </>
  );
}
