import { useMemo } from 'react';
import type { TemplateName } from '@wl/contracts';
import { useBelowTemplateBreakpoint, useDeviceDescriptor } from '../device/store';
import { platformOf, type Platform } from './app-download';

export interface Device {
  /** Below the template's breakpoint (its phone layout), or a phone or tablet browser. */
  phone: boolean;
  platform: Platform;
}

/**
 * The device as the floating elements see it, from the device state (app/device): the server's
 * knowledge (user agent, viewport cookie) until hydration, then what the browser measures.
 */
export function useDevice(template: TemplateName): Device {
  const descriptor = useDeviceDescriptor();
  const phoneLayout = useBelowTemplateBreakpoint(template);
  const phone = phoneLayout || descriptor.isMobileOrTablet;
  const platform = platformOf(descriptor);
  return useMemo(() => ({ phone, platform }), [phone, platform]);
}
