import type { ReadySite } from '../lib/site-state';
import { FloatingLayer } from '../floating/FloatingLayer';

/** Overlays of the site frame: modals, toasts, guards, floating elements (being built: issue 4). */
export function ClientShell({ state }: { state: ReadySite }) {
  return <FloatingLayer state={state} />;
}
