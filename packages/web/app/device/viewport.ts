import { BREAKPOINTS, FALLBACK_BREAKPOINT, VIEWPORT_COOKIE, type BreakpointName } from '@wl/contracts';
import { deviceKind, type DeviceDescriptor } from './descriptor';
import { cookieText, cookieValue } from '../lib/cookies';

/*
 * Viewport breakpoints of docs/product.md §9 and the `viewport` cookie that carries the current one from the
 * browser to the server, so that the next visit's HTML is rendered for the same screen.
 */

/** The breakpoints from the narrowest up. */
export const BREAKPOINT_NAMES = (Object.keys(BREAKPOINTS) as BreakpointName[]).sort((a, b) => BREAKPOINTS[a] - BREAKPOINTS[b]);

export function isBreakpointName(value: string | null | undefined): value is BreakpointName {
  return value != null && Object.hasOwn(BREAKPOINTS, value);
}

export function minWidthQuery(px: number): string {
  return `(min-width: ${px}px)`;
}

/** Below a width: the 0.02 px gap keeps fractional widths (zoom) on one side only. */
export function maxWidthQuery(px: number): string {
  return `(max-width: ${px - 0.02}px)`;
}

/** The widest breakpoint whose min-width query matches ('mobile' below 320 px too). */
export function matchingBreakpoint(matches: (query: string) => boolean): BreakpointName {
  let current: BreakpointName = 'mobile';
  for (const name of BREAKPOINT_NAMES) {
    if (matches(minWidthQuery(BREAKPOINTS[name]))) current = name;
  }
  return current;
}

/** The breakpoint the browser's window is at now (in the browser only). */
export function measuredBreakpoint(): BreakpointName {
  return matchingBreakpoint((query) => window.matchMedia(query).matches);
}

/** A first visit (no cookie yet): a phone is 'mobile', a tablet 'tablet', anything else the fallback. */
export function inferredBreakpoint(device: DeviceDescriptor): BreakpointName {
  const kind = deviceKind(device);
  return kind === 'phone' ? 'mobile' : kind === 'tablet' ? 'tablet' : FALLBACK_BREAKPOINT;
}

export function viewportFromCookies(cookies: string | null | undefined): BreakpointName | null {
  const value = cookieValue(cookies, VIEWPORT_COOKIE.name);
  return isBreakpointName(value) ? value : null;
}

/** The breakpoint the server renders for: the cookie's, else inferred from the device. */
export function initialBreakpoint(cookies: string | null | undefined, device: DeviceDescriptor): BreakpointName {
  return viewportFromCookies(cookies) ?? inferredBreakpoint(device);
}

/** The document.cookie assignment that saves a breakpoint (docs/product.md §9: 365 days, path /, SameSite Strict, Secure). */
export function viewportCookie(breakpoint: BreakpointName): string {
  return cookieText(VIEWPORT_COOKIE.name, breakpoint, VIEWPORT_COOKIE);
}

/**
 * Whether a screen at this breakpoint is below a width, judged from the breakpoint's smallest
 * width: the server knows only the breakpoint's name, the browser then measures exactly.
 */
export function breakpointBelow(breakpoint: BreakpointName, px: number): boolean {
  return BREAKPOINTS[breakpoint] < px;
}
