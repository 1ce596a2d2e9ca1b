import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAKPOINTS, FALLBACK_BREAKPOINT, TIMINGS, VIEWPORT_COOKIE, type BreakpointName } from '@wl/contracts';
import { describeUserAgent } from '../../app/device/parse-user-agent';
import { UNKNOWN_DEVICE } from '../../app/device/descriptor';
import {
  BREAKPOINT_NAMES,
  breakpointBelow,
  inferredBreakpoint,
  initialBreakpoint,
  matchingBreakpoint,
  maxWidthQuery,
  minWidthQuery,
  viewportCookie,
  viewportFromCookies,
} from '../../app/device/viewport';
import { deviceOfRequest } from '../../app/device/device.server';
import { forgetLiveDeviceState, liveDeviceState, subscribeDeviceState } from '../../app/device/store';
import { startDeviceSync } from '../../app/device/sync';
import { cookieValue } from '../../app/lib/cookies';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const GOOGLEBOT_SMARTPHONE =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A window whose width the test sets: media queries of min-width and max-width in px. */
function widthMatches(width: number, query: string): boolean {
  const min = /^\(min-width: ([\d.]+)px\)$/.exec(query);
  if (min) return width >= Number(min[1]);
  const max = /^\(max-width: ([\d.]+)px\)$/.exec(query);
  if (max) return width <= Number(max[1]);
  throw new Error(`unexpected media query ${query}`);
}

describe('breakpoints of docs/product.md §9', () => {
  it('lists them from the narrowest up', () => {
    expect(BREAKPOINT_NAMES).toEqual(['mobile', 'mobileMedium', 'mobileWide', 'tablet', 'desktop', 'desktopMedium', 'desktopWide']);
  });

  it.each([
    [300, 'mobile'],
    [320, 'mobile'],
    [375, 'mobileMedium'],
    [424, 'mobileMedium'],
    [425, 'mobileWide'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1280, 'desktopMedium'],
    [1600, 'desktopWide'],
    [2560, 'desktopWide'],
  ] as const)('a %i px window is %s', (width, name) => {
    expect(matchingBreakpoint((query) => widthMatches(width, query))).toBe(name);
  });

  it('writes min-width queries at the breakpoint and max-width queries just below a width', () => {
    expect(minWidthQuery(BREAKPOINTS.tablet)).toBe('(min-width: 768px)');
    expect(maxWidthQuery(999)).toBe('(max-width: 998.98px)');
    expect(maxWidthQuery(1024)).toBe('(max-width: 1023.98px)');
  });

  it("judges a template's breakpoint from the breakpoint's smallest width", () => {
    expect(breakpointBelow('mobileMedium', 768)).toBe(true);
    expect(breakpointBelow('tablet', 768)).toBe(false);
    expect(breakpointBelow('tablet', 769)).toBe(true);
    expect(breakpointBelow('desktopMedium', 1200)).toBe(false);
  });
});

describe('the viewport cookie and the first render', () => {
  it('reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; viewport=tablet; b=2', 'viewport')).toBe('tablet');
    expect(cookieValue('myviewport=tablet', 'viewport')).toBeNull();
    expect(cookieValue('', 'viewport')).toBeNull();
    expect(cookieValue(null, 'viewport')).toBeNull();
    expect(cookieValue('x=%E2%9C%93', 'x')).toBe('✓');
  });

  it('accepts only breakpoint names from the cookie', () => {
    expect(viewportFromCookies('viewport=mobileWide')).toBe('mobileWide');
    expect(viewportFromCookies('viewport=huge')).toBeNull();
    expect(viewportFromCookies('viewport=toString')).toBeNull();
  });

  it('infers a first visit from the device: phone mobile, tablet tablet, else the fallback', () => {
    expect(inferredBreakpoint(describeUserAgent(IPHONE))).toBe('mobile');
    expect(inferredBreakpoint(describeUserAgent(GOOGLEBOT_SMARTPHONE))).toBe('mobile');
    expect(inferredBreakpoint(describeUserAgent(IPAD))).toBe('tablet');
    expect(inferredBreakpoint(describeUserAgent(MAC))).toBe(FALLBACK_BREAKPOINT);
    expect(FALLBACK_BREAKPOINT).toBe('desktop');
  });

  it('prefers the saved breakpoint to the guess', () => {
    expect(initialBreakpoint('viewport=desktopWide', describeUserAgent(IPHONE))).toBe('desktopWide');
    expect(initialBreakpoint('viewport=nonsense', describeUserAgent(IPHONE))).toBe('mobile');
    expect(initialBreakpoint(null, UNKNOWN_DEVICE)).toBe('desktop');
  });

  it('reads the device and the breakpoint of a request', () => {
    const phone = deviceOfRequest(new Request('http://casino2.localhost/', { headers: { 'user-agent': ANDROID } }));
    expect(phone.viewport).toBe('mobile');
    expect(phone.device.isAndroid && phone.device.isMobile).toBe(true);
    const saved = deviceOfRequest(new Request('http://casino2.localhost/', { headers: { 'user-agent': ANDROID, cookie: 'viewport=mobileMedium' } }));
    expect(saved.viewport).toBe('mobileMedium');
    expect(deviceOfRequest(new Request('http://casino2.localhost/'))).toEqual({ device: UNKNOWN_DEVICE, viewport: 'desktop' });
  });

  it('saves it for 365 days on every path, SameSite Strict and Secure', () => {
    expect(viewportCookie('tablet')).toBe('viewport=tablet; Max-Age=31536000; Path=/; Secure; SameSite=Strict');
    expect(VIEWPORT_COOKIE.maxAgeSeconds).toBe(365 * 24 * 60 * 60);
  });
});

/** A browser for the device sync: window width, touch points, user agent and a cookie jar. */
class FakeBrowser {
  width: number;
  userAgent: string;
  maxTouchPoints = 0;
  readonly cookieWrites: string[] = [];
  private readonly jar = new Map<string, string>();
  private readonly mediaLists: { query: string; matches: boolean; listeners: Set<() => void> }[] = [];
  private readonly resizeListeners = new Set<() => void>();

  constructor(width: number, userAgent: string) {
    this.width = width;
    this.userAgent = userAgent;
  }

  install(): void {
    vi.stubGlobal('window', {
      matchMedia: (query: string) => {
        const entry = { query, matches: widthMatches(this.width, query), listeners: new Set<() => void>() };
        this.mediaLists.push(entry);
        return {
          get matches() {
            return entry.matches;
          },
          addEventListener: (_type: 'change', listener: () => void) => entry.listeners.add(listener),
          removeEventListener: (_type: 'change', listener: () => void) => entry.listeners.delete(listener),
        };
      },
      addEventListener: (_type: 'resize', listener: () => void) => this.resizeListeners.add(listener),
      removeEventListener: (_type: 'resize', listener: () => void) => this.resizeListeners.delete(listener),
    });
    vi.stubGlobal(
      'navigator',
      Object.defineProperties({}, { userAgent: { get: () => this.userAgent }, maxTouchPoints: { get: () => this.maxTouchPoints } }),
    );
    vi.stubGlobal(
      'document',
      Object.defineProperty({}, 'cookie', {
        get: () => [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '),
        set: (assignment: string) => {
          this.cookieWrites.push(assignment);
          const [pair = ''] = assignment.split(';');
          const [name = '', value = ''] = pair.split('=');
          this.jar.set(name.trim(), value.trim());
        },
      }),
    );
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  /** Resizes the window: media query listeners fire at once, resize listeners too. */
  resize(width: number): void {
    this.width = width;
    for (const entry of this.mediaLists) {
      const matches = widthMatches(width, entry.query);
      if (matches === entry.matches) continue;
      entry.matches = matches;
      for (const listener of entry.listeners) listener();
    }
    for (const listener of this.resizeListeners) listener();
  }

  get listenerCount(): number {
    return this.resizeListeners.size + this.mediaLists.reduce((sum, entry) => sum + entry.listeners.size, 0);
  }
}

describe('the device sync in the browser', () => {
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    forgetLiveDeviceState();
  });

  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function viewportOf(name: BreakpointName): string {
    return viewportCookie(name);
  }

  it('saves the breakpoint once after hydration when the cookie is absent', () => {
    const browser = new FakeBrowser(375, IPHONE);
    browser.install();
    stop = startDeviceSync(describeUserAgent(IPHONE));
    expect(liveDeviceState()?.viewport).toBe('mobileMedium');
    expect(browser.cookieWrites).toEqual([viewportOf('mobileMedium')]);
  });

  it('writes nothing when the cookie already holds the breakpoint, and rewrites a different one', () => {
    const same = new FakeBrowser(1280, MAC);
    same.setCookie('viewport', 'desktopMedium');
    same.install();
    stop = startDeviceSync(describeUserAgent(MAC));
    expect(same.cookieWrites).toEqual([]);
    stop();
    vi.unstubAllGlobals();

    const different = new FakeBrowser(1280, MAC);
    different.setCookie('viewport', 'mobile');
    different.install();
    stop = startDeviceSync(describeUserAgent(MAC));
    expect(different.cookieWrites).toEqual([viewportOf('desktopMedium')]);
  });

  it('follows breakpoint changes at once and saves each new one', () => {
    const browser = new FakeBrowser(375, IPHONE);
    browser.install();
    stop = startDeviceSync(describeUserAgent(IPHONE));
    const seen: (string | undefined)[] = [];
    const unsubscribe = subscribeDeviceState(() => seen.push(liveDeviceState()?.viewport));
    browser.resize(400);
    expect(seen, 'no change within a breakpoint').toEqual([]);
    browser.resize(1280);
    expect(liveDeviceState()?.viewport).toBe('desktopMedium');
    browser.resize(800);
    expect(liveDeviceState()?.viewport).toBe('tablet');
    expect(browser.cookieWrites).toEqual([viewportOf('mobileMedium'), viewportOf('desktopMedium'), viewportOf('tablet')]);
    unsubscribe();
  });

  it('refreshes the descriptor 50 ms after resizing stops: an iPad in desktop mode shows its touch points', async () => {
    expect(TIMINGS.deviceRefreshDebounceMs).toBe(50);
    const browser = new FakeBrowser(1280, MAC);
    browser.install();
    const mac = describeUserAgent(MAC);
    stop = startDeviceSync(mac);
    expect(liveDeviceState()?.device).toEqual(mac);

    browser.maxTouchPoints = 5;
    browser.resize(1024);
    await vi.advanceTimersByTimeAsync(30);
    browser.resize(1030);
    await vi.advanceTimersByTimeAsync(30);
    expect(liveDeviceState()?.device.isTablet, 'not before 50 ms of calm').toBe(false);
    await vi.advanceTimersByTimeAsync(25);
    const device = liveDeviceState()?.device;
    expect(device?.isTablet && device.isIos && !device.isMacOS).toBe(true);
  });

  it('applies the touch points at once after hydration', () => {
    const browser = new FakeBrowser(820, MAC);
    browser.maxTouchPoints = 5;
    browser.install();
    stop = startDeviceSync(describeUserAgent(MAC));
    expect(liveDeviceState()?.device.isTablet).toBe(true);
    expect(liveDeviceState()?.viewport).toBe('tablet');
  });

  it('parses a user agent that changed (device emulation) on the next resize', async () => {
    const browser = new FakeBrowser(1280, MAC);
    browser.install();
    stop = startDeviceSync(describeUserAgent(MAC));
    browser.userAgent = ANDROID;
    browser.resize(412);
    await vi.advanceTimersByTimeAsync(TIMINGS.deviceRefreshDebounceMs);
    await vi.waitFor(() => expect(liveDeviceState()?.device.userAgent).toBe(ANDROID));
    expect(liveDeviceState()?.device.isAndroid && liveDeviceState()?.device.isMobile).toBe(true);
    expect(liveDeviceState()?.viewport).toBe('mobileMedium');
  });

  it('keeps the same descriptor object when nothing changed, and stops listening when stopped', async () => {
    const browser = new FakeBrowser(1280, MAC);
    browser.install();
    stop = startDeviceSync(describeUserAgent(MAC));
    const before = liveDeviceState()?.device;
    let notified = 0;
    const unsubscribe = subscribeDeviceState(() => notified++);
    browser.resize(1300);
    await vi.advanceTimersByTimeAsync(TIMINGS.deviceRefreshDebounceMs);
    expect(liveDeviceState()?.device).toBe(before);
    expect(notified).toBe(0);
    unsubscribe();
    expect(browser.listenerCount).toBeGreaterThan(0);
    stop();
    stop = undefined;
    expect(browser.listenerCount).toBe(0);
  });
});
