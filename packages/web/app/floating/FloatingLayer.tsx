import type { ReadySite } from '../lib/site-state';

/** Floating elements of the site frame (being built: issue 4). */
export function FloatingLayer(_props: { state: ReadySite }) {
  return null;
}
