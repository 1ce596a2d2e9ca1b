import { APPSFLYER_STORAGE_KEY } from '@wl/contracts';

/**
 * The tracking fields of spec §7 that a signup carries when the browser has them: the _fbp
 * cookie and the kept appsflyer_id. Empty fields are left out.
 */
export function trackingPayload(): { fbp?: string; appsflyer_id?: string } {
  if (typeof document === 'undefined') return {};
  const fbp = /(?:^|;\s*)_fbp=([^;]*)/.exec(document.cookie)?.[1];
  let appsflyer: string | null = null;
  try {
    appsflyer = localStorage.getItem(APPSFLYER_STORAGE_KEY);
  } catch {
    // Storage switched off: nothing kept.
  }
  return {
    ...(fbp ? { fbp: decodeURIComponent(fbp).slice(0, 256) } : {}),
    ...(appsflyer ? { appsflyer_id: appsflyer.slice(0, 256) } : {}),
  };
}
