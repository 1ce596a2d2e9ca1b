import { useCallback, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { FALLBACK_BREAKPOINT, templateBreakpoint, type BreakpointName, type TemplateName } from '@wl/contracts';
import { UNKNOWN_DEVICE, type DeviceDescriptor } from './descriptor';
import { breakpointBelow, maxWidthQuery, measuredBreakpoint } from './viewport';

/*
 * The device descriptor and the viewport breakpoint for components. The server renders with what
 * the root loader found (user agent, `viewport` cookie) and hydration starts from the same values,
 * so the first client render matches the server HTML; once hydrated, the device sync (sync.ts)
 * takes over with what the browser measures, and components re-render only if that differs.
 */

export interface DeviceState {
  device: DeviceDescriptor;
  viewport: BreakpointName;
}

const UNKNOWN_STATE: DeviceState = Object.freeze({ device: UNKNOWN_DEVICE, viewport: FALLBACK_BREAKPOINT });

/** What the browser measured; null until the device sync starts (server and hydration). */
let live: DeviceState | null = null;
const listeners = new Set<() => void>();

export function liveDeviceState(): DeviceState | null {
  return live;
}

export function setLiveDeviceState(next: DeviceState): void {
  if (live && live.device === next.device && live.viewport === next.viewport) return;
  live = next;
  for (const listener of listeners) listener();
}

/** Back to the server's values (tests). */
export function forgetLiveDeviceState(): void {
  live = null;
  for (const listener of listeners) listener();
}

export function subscribeDeviceState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's view, from the root loader; the unknown desktop when the root loader failed. */
export function useServerDeviceState(): DeviceState {
  // Typed by its shape, which root.tsx's loader declares it answers, not by the root module: that
  // imports this one (no import circles, ADR 0027).
  const root = useRouteLoaderData<DeviceState>('root');
  return root ? root : UNKNOWN_STATE;
}

export function useDeviceDescriptor(): DeviceDescriptor {
  const server = useServerDeviceState().device;
  return useSyncExternalStore(
    subscribeDeviceState,
    () => live?.device ?? server,
    () => server,
  );
}

/**
 * The breakpoint now, for code that needs it once (a click) rather than on every change: reading
 * it this way subscribes nothing, so a measure that differs from the server's guess does not
 * re-render every component that only acts on it later (a home page has a hundred game tiles).
 */
export function viewportNow(): BreakpointName {
  return live?.viewport ?? measuredBreakpoint();
}

/** The current breakpoint of docs/product.md §9. */
export function useViewport(): BreakpointName {
  const server = useServerDeviceState().viewport;
  return useSyncExternalStore(
    subscribeDeviceState,
    () => live?.viewport ?? server,
    () => server,
  );
}

/**
 * Whether the screen is below the template's breakpoint (docs/product.md §9), where it shows its phone
 * layout. The server judges from the breakpoint's name; the hydrated browser asks its media query.
 */
export function useBelowTemplateBreakpoint(template: TemplateName | 'template9Product'): boolean {
  const width = templateBreakpoint(template);
  const query = maxWidthQuery(width);
  const estimate = breakpointBelow(useServerDeviceState().viewport, width);
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribe = subscribeDeviceState(listener);
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => {
        unsubscribe();
        media.removeEventListener('change', listener);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (live ? window.matchMedia(query).matches : estimate),
    () => estimate,
  );
}
