import type { Site } from '@wl/contracts';
import type { DeviceDescriptor } from '../device/descriptor';

export type Platform = 'android' | 'ios' | 'other';

/** The app-store platform of a device (an iPad in desktop mode counts as iOS: see withTouchPoints). */
export function platformOf(device: Pick<DeviceDescriptor, 'isAndroid' | 'isIos'>): Platform {
  if (device.isAndroid) return 'android';
  if (device.isIos) return 'ios';
  return 'other';
}

export function isWebAddress(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value.trim());
}

export interface AppOffer {
  /** The store page of the player's platform, or the site's /download page. */
  href: string;
  /** A store page (another site: opens in a new tab). */
  external: boolean;
}

/**
 * What the app-download bar offers, or null when it has nothing to offer: the app exists on a
 * platform (android_sub, ios_sub) and the app-download flag of that platform is still on. Android
 * and iOS browsers get their own store page; other browsers the /download page, which lists both.
 */
export function appDownloadOffer(input: {
  site: Pick<Site, 'android_sub' | 'ios_sub'>;
  flags: { android: boolean; ios: boolean };
  platform: Platform;
  downloadPath: string;
}): AppOffer | null {
  const android = input.flags.android && input.site.android_sub.trim() !== '';
  const ios = input.flags.ios && input.site.ios_sub.trim() !== '';
  if (input.platform === 'android') {
    if (!android) return null;
    return isWebAddress(input.site.android_sub) ? { href: input.site.android_sub.trim(), external: true } : { href: input.downloadPath, external: false };
  }
  if (input.platform === 'ios') {
    if (!ios) return null;
    return isWebAddress(input.site.ios_sub) ? { href: input.site.ios_sub.trim(), external: true } : { href: input.downloadPath, external: false };
  }
  return android || ios ? { href: input.downloadPath, external: false } : null;
}
