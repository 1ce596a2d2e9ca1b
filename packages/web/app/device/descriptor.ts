/**
 * The device descriptor of docs/product.md §3. Built from a few traits (what kind of device, which system,
 * which browser, a crawler or not) so that the server's parse of the user agent and the client's
 * corrections (touch points) produce the same flags. Parser-free: the browser bundle loads the
 * user-agent parser only when it has to (parse-user-agent.ts).
 */

export interface DeviceDescriptor {
  userAgent: string;
  /** A phone. */
  isMobile: boolean;
  isMobileOrTablet: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isIos: boolean;
  isAndroid: boolean;
  isWindows: boolean;
  isMacOS: boolean;
  /** iOS or macOS. */
  isApple: boolean;
  /** Anything but a phone. */
  isDesktopOrTablet: boolean;
  isSafari: boolean;
  isFirefox: boolean;
  isEdge: boolean;
  isChrome: boolean;
  /** Samsung Internet. */
  isSamsung: boolean;
  isCrawler: boolean;
}

export type DeviceKind = 'phone' | 'tablet' | 'desktop';
export type DeviceSystem = 'ios' | 'android' | 'windows' | 'macos' | 'other';
export type DeviceBrowser = 'safari' | 'firefox' | 'edge' | 'chrome' | 'samsung' | 'other';

export interface DeviceTraits {
  kind: DeviceKind;
  system: DeviceSystem;
  browser: DeviceBrowser;
  crawler: boolean;
}

export function descriptorFrom(userAgent: string, traits: DeviceTraits): DeviceDescriptor {
  const { kind, system, browser } = traits;
  return {
    userAgent,
    isMobile: kind === 'phone',
    isMobileOrTablet: kind !== 'desktop',
    isTablet: kind === 'tablet',
    isDesktop: kind === 'desktop',
    isIos: system === 'ios',
    isAndroid: system === 'android',
    isWindows: system === 'windows',
    isMacOS: system === 'macos',
    isApple: system === 'ios' || system === 'macos',
    isDesktopOrTablet: kind !== 'phone',
    isSafari: browser === 'safari',
    isFirefox: browser === 'firefox',
    isEdge: browser === 'edge',
    isChrome: browser === 'chrome',
    isSamsung: browser === 'samsung',
    isCrawler: traits.crawler,
  };
}

export function traitsOf(device: DeviceDescriptor): DeviceTraits {
  return {
    kind: deviceKind(device),
    system: device.isIos ? 'ios' : device.isAndroid ? 'android' : device.isWindows ? 'windows' : device.isMacOS ? 'macos' : 'other',
    browser: device.isSafari
      ? 'safari'
      : device.isFirefox
        ? 'firefox'
        : device.isEdge
          ? 'edge'
          : device.isSamsung
            ? 'samsung'
            : device.isChrome
              ? 'chrome'
              : 'other',
    crawler: device.isCrawler,
  };
}

export function deviceKind(device: DeviceDescriptor): DeviceKind {
  return device.isMobile ? 'phone' : device.isTablet ? 'tablet' : 'desktop';
}

/** What the server assumes when it knows nothing (no request, or the root loader failed). */
export const UNKNOWN_DEVICE: DeviceDescriptor = Object.freeze(
  descriptorFrom('', { kind: 'desktop', system: 'other', browser: 'other', crawler: false }),
);

/**
 * iPadOS in its default "desktop website" mode sends a Mac user agent; only the browser can tell
 * them apart: a Mac has no touch screen (0 touch points), an iPad reports 5.
 */
export function withTouchPoints(device: DeviceDescriptor, maxTouchPoints: number): DeviceDescriptor {
  if (!device.isMacOS || maxTouchPoints <= 1) return device;
  return descriptorFrom(device.userAgent, { ...traitsOf(device), kind: 'tablet', system: 'ios' });
}

export function sameDescriptor(a: DeviceDescriptor, b: DeviceDescriptor): boolean {
  return (Object.keys(a) as (keyof DeviceDescriptor)[]).every((key) => a[key] === b[key]);
}
