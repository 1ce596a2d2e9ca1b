import { useSyncExternalStore } from 'react';
import { templateBreakpoint, type TemplateName } from '@wl/contracts';
import { isMobileUserAgent, phoneMediaQuery, platformOf, type Platform } from './app-download';

export interface Device {
  /** Below the template's breakpoint (its phone layout), or a phone or tablet browser. */
  phone: boolean;
  platform: Platform;
}

const SERVER_DEVICE: Device = Object.freeze({ phone: false, platform: 'other' });
/** One object per answer, so that React sees stable snapshots. */
const devices = new Map<string, Device>();

/** The device as the floating elements see it; the server (and hydration) see a desktop. */
export function useDevice(template: TemplateName): Device {
  const query = phoneMediaQuery(templateBreakpoint(template));
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => {
      const agent = navigator.userAgent;
      const mobileHint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
      const phone = window.matchMedia(query).matches || mobileHint === true || isMobileUserAgent(agent);
      const key = `${phone}|${agent}`;
      let device = devices.get(key);
      if (!device) {
        device = { phone, platform: platformOf(agent) };
        devices.set(key, device);
      }
      return device;
    },
    () => SERVER_DEVICE,
  );
}
