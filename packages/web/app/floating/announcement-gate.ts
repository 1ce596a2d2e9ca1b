import { readVisitFlag, writeVisitFlag } from './visit-storage';

/**
 * ADR 0057: when the announcement may open. Only on the first page of a visit, only on a page the
 * player reads rather than uses (never a form, the betslip or a game), only before the player has
 * done anything on it, and only within a short time of the page becoming ready: an announcement
 * that comes later would land under the player's finger.
 */

/** How long after the page is ready the announcement may still open; after that it waits for the next visit. */
export const ANNOUNCEMENT_WINDOW_MS = 4_000;

/**
 * Pages the player uses rather than reads (path without the locale prefix): a form whose submit
 * button sits low on a phone, or a game. Nothing is announced over them, and on phones nothing
 * floats over them (FloatingLayer).
 */
export const ACTION_PAGE_PATHS: readonly string[] = [
  '/login',
  '/register',
  '/forgot-password',
  '/deposit',
  '/withdrawal',
  '/add-bank',
  '/bank-details',
  '/change-password',
  '/edit-profile',
  '/verification',
  '/playnow',
];

/** Pages whose main action the announcement would interrupt: those, the lucky spin's game and the loading screen. */
export const NO_ANNOUNCEMENT_PATHS: readonly string[] = [...ACTION_PAGE_PATHS, '/minigame', '/preloader'];

/** Whether the announcement may open on this page at all. */
export function announcementAllowedOn(path: string): boolean {
  return !NO_ANNOUNCEMENT_PATHS.includes(path);
}

/** What the player did on the page that rules the announcement out. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

let interacted = false;
let firstPage = false;

if (typeof window !== 'undefined') {
  // Read once per page load, as the client bundle starts; the page marks the visit started once it is ready (markVisitStarted).
  firstPage = !readVisitFlag('visitStarted');
  if (typeof window.addEventListener === 'function') {
    const note = () => {
      interacted = true;
      for (const type of INTERACTIONS) window.removeEventListener(type, note, true);
      window.removeEventListener('scroll', note);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, note, { capture: true, passive: true });
    // The page's own scroll only (not a carousel's): scroll events of elements do not bubble to the window.
    window.addEventListener('scroll', note, { passive: true });
  }
}

/** The page is ready: a reload or any later page of this tab session is no longer the visit's first. */
export function markVisitStarted(): void {
  writeVisitFlag('visitStarted', true);
}

/** Whether the player has done something on this page (a scroll before the scripts ran counts too). */
export function playerInteracted(): boolean {
  return interacted || (typeof window !== 'undefined' && (window.scrollY ?? 0) > 0);
}

/** Whether this page load is the first of the visit (the tab's session). */
export function firstPageOfVisit(): boolean {
  return firstPage;
}
