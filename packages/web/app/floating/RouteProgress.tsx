import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { TIMINGS } from '@wl/contracts';
import { useT } from '../i18n/use-t';

/**
 * A thin progress bar at the top of the window while a route change takes longer than the
 * route-change delay of docs/product.md §9 (100 ms): quick navigations never flash it.
 */
export function RouteProgress() {
  const { t } = useT();
  const navigation = useNavigation();
  const pendingKey = navigation.state === 'idle' ? null : (navigation.location?.key ?? navigation.state);
  // The navigation that outlasted the delay; the bar shows while that same navigation is pending.
  const [slowKey, setSlowKey] = useState<string | null>(null);

  useEffect(() => {
    if (pendingKey === null) return;
    const timer = window.setTimeout(() => setSlowKey(pendingKey), TIMINGS.routeChangeDelayMaxMs);
    return () => window.clearTimeout(timer);
  }, [pendingKey]);

  if (pendingKey === null || slowKey !== pendingKey) return null;
  return (
    <div className="route-progress" role="progressbar" aria-label={t('floating.pageLoading')} aria-busy="true">
      <span className="route-progress__bar" />
    </div>
  );
}
