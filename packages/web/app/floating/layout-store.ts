import { useSyncExternalStore } from 'react';
import type { Announcement, Partner } from '@wl/contracts';
import { readVisitChoice, readVisitFlag, writeVisitChoice, writeVisitFlag } from './visit-storage';

/** The layout-state flags of docs/product.md §3 that the floating elements use, with their defaults there. */
export interface LayoutState {
  /** docs/product.md §4 page lifecycle: hydrating (server HTML and client startup), then ready. */
  lifecycle: 'hydrating' | 'ready';
  /** docs/product.md §3 preloader flag: true during client startup, until hydration completes. */
  preloader: boolean;
  /** docs/product.md §3 announcement-modal flag (default true): the announcement may open on this visit. */
  announcementModal: boolean;
  /** The announcements the modal shows (loaded once per visit). */
  announcements: Announcement[];
  /** docs/product.md §3 app-download flags (default true): the app is offered for each platform. */
  appDownload: { android: boolean; ios: boolean };
  /** docs/product.md §3 download bar (default false): the app-download bar is showing. */
  downloadBar: boolean;
  /** docs/product.md §3 partners: the site's partners, loaded after hydration (none until then). */
  partners: Partner[];
  /** docs/product.md §3 showPartner (default true): the partners panel shows when partners exist. */
  showPartner: boolean;
  /** docs/product.md §3 show_referral (default 0): 1 once the site's referral programme is known to exist. */
  showReferral: 0 | 1;
  /** The player collapsed (true) or expanded (false) the partners panel on this visit; null: no choice yet. */
  partnersCollapsed: boolean | null;
  /** The player closed the rewards icon (remembered for the visit). */
  rewardsClosed: boolean;
}

export const INITIAL_LAYOUT_STATE: LayoutState = Object.freeze({
  lifecycle: 'hydrating',
  preloader: true,
  announcementModal: true,
  announcements: [],
  appDownload: Object.freeze({ android: true, ios: true }),
  downloadBar: false,
  partners: [],
  showPartner: true,
  showReferral: 0,
  partnersCollapsed: null,
  rewardsClosed: false,
});

let state: LayoutState = INITIAL_LAYOUT_STATE;
const listeners = new Set<() => void>();

export function getLayoutState(): LayoutState {
  return state;
}

export function updateLayout(patch: Partial<LayoutState>): void {
  const next = { ...state, ...patch };
  if ((Object.keys(patch) as (keyof LayoutState)[]).every((key) => Object.is(next[key], state[key]))) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeLayout(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the defaults (tests). */
export function resetLayout(): void {
  state = INITIAL_LAYOUT_STATE;
  for (const listener of listeners) listener();
}

/**
 * One part of the layout state. The server and the hydrating client both see the defaults, so
 * the server HTML and the first client render agree; choices kept for the visit arrive after.
 * The selector must return a part of the state (not a new object) to keep renders stable.
 */
export function useLayout<T>(select: (layout: LayoutState) => T): T {
  return useSyncExternalStore(
    subscribeLayout,
    () => select(state),
    () => select(INITIAL_LAYOUT_STATE),
  );
}

/** Hydration is complete: the page is ready and the visit's choices apply. */
export function markHydrated(): void {
  if (state.lifecycle === 'ready') return;
  const appBarClosed = readVisitFlag('appBarClosed');
  updateLayout({
    lifecycle: 'ready',
    preloader: false,
    rewardsClosed: readVisitFlag('rewardsClosed'),
    partnersCollapsed: readVisitChoice('partnersCollapsed'),
    appDownload: appBarClosed ? { android: false, ios: false } : state.appDownload,
  });
}

export function closeRewards(): void {
  writeVisitFlag('rewardsClosed', true);
  updateLayout({ rewardsClosed: true });
}

export function setPartnersCollapsed(collapsed: boolean): void {
  writeVisitChoice('partnersCollapsed', collapsed);
  updateLayout({ partnersCollapsed: collapsed });
}

/** The player closed the app-download bar: the app is no longer offered on this visit. */
export function closeAppDownload(): void {
  writeVisitFlag('appBarClosed', true);
  updateLayout({ appDownload: { android: false, ios: false }, downloadBar: false });
}
