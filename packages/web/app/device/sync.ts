import { useEffect, useRef } from 'react';
import { BREAKPOINTS, TIMINGS, type BreakpointName } from '@wl/contracts';
import { sameDescriptor, withTouchPoints, type DeviceDescriptor } from './descriptor';
import { liveDeviceState, setLiveDeviceState, useServerDeviceState } from './store';
import { BREAKPOINT_NAMES, measuredBreakpoint, minWidthQuery, viewportCookie, viewportFromCookies } from './viewport';

/**
 * Keeps the device state true to the browser once the page is hydrated (docs/product.md §4, §9): the
 * breakpoint follows media queries on the breakpoint widths and is saved in the `viewport` cookie
 * whenever it differs from the saved one; the descriptor is refreshed after resizing stops
 * (debounced), with the touch points that tell an iPad in desktop mode from a Mac.
 * Returns the function that stops it.
 */
export function startDeviceSync(serverDevice: DeviceDescriptor): () => void {
  let stopped = false;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshRun = 0;
  // The descriptor of the user agent alone; touch points are applied on top at every refresh.
  let parsed = serverDevice;

  const measuredDevice = (): DeviceDescriptor => {
    const next = withTouchPoints(parsed, navigator.maxTouchPoints || 0);
    const current = liveDeviceState()?.device;
    return current && sameDescriptor(current, next) ? current : next;
  };
  const saveViewport = (viewport: BreakpointName) => {
    if (viewportFromCookies(document.cookie) !== viewport) document.cookie = viewportCookie(viewport);
  };

  const onBreakpointChange = () => {
    const viewport = measuredBreakpoint();
    setLiveDeviceState({ device: liveDeviceState()?.device ?? measuredDevice(), viewport });
    saveViewport(viewport);
  };

  const refreshDevice = async () => {
    const run = ++refreshRun;
    const userAgent = navigator.userAgent;
    if (userAgent !== parsed.userAgent) {
      // Another user agent than the server saw (device emulation): parse it, loading the parser now.
      try {
        const { describeUserAgent } = await import('./load-parser');
        if (stopped || run !== refreshRun) return;
        parsed = describeUserAgent(userAgent);
      } catch {
        // The parser could not load (offline, new build): the descriptor stays as it was.
        return;
      }
    }
    setLiveDeviceState({ device: measuredDevice(), viewport: liveDeviceState()?.viewport ?? measuredBreakpoint() });
  };

  const onResize = () => {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void refreshDevice(), TIMINGS.deviceRefreshDebounceMs);
  };

  const lists = BREAKPOINT_NAMES.map((name) => window.matchMedia(minWidthQuery(BREAKPOINTS[name])));
  for (const list of lists) list.addEventListener('change', onBreakpointChange);
  window.addEventListener('resize', onResize);

  const viewport = measuredBreakpoint();
  setLiveDeviceState({ device: measuredDevice(), viewport });
  saveViewport(viewport);
  if (navigator.userAgent !== parsed.userAgent) void refreshDevice();

  return () => {
    stopped = true;
    clearTimeout(refreshTimer);
    for (const list of lists) list.removeEventListener('change', onBreakpointChange);
    window.removeEventListener('resize', onResize);
  };
}

/** Starts the device sync once the page is hydrated (effects run after hydration). Used once, by the root. */
export function useDeviceSync(): void {
  const server = useServerDeviceState();
  // The device the page was rendered for; later revalidations of the root do not restart the sync.
  const rendered = useRef(server.device);
  useEffect(() => startDeviceSync(rendered.current), []);
}
