import { isSuccessReply, type LocaleCode, type Site } from '@wl/contracts';
import { callApi, siteCallPayload } from '../client/api';
import { getModalState, openModal } from '../client/modals';
import { whenIdle } from '../client/idle';
import { dateFormat } from '../i18n/dates';
import { ANNOUNCEMENT_DATE } from './announcement-date';
import { getLayoutState, updateLayout } from './layout-store';
import { readVisitFlag, writeVisitFlag } from './visit-storage';
import { ANNOUNCEMENT_WINDOW_MS, announcementAllowedOn, firstPageOfVisit, playerInteracted } from './announcement-gate';

let partnersRequested = false;
let announcementRequested = false;

/**
 * The site's partners for the partners panel and modal, once per page load, after hydration.
 * A failure leaves the list empty (docs/product.md §8: lists fall back to empty), which hides the panel.
 */
export async function loadPartnersOnce(site: Pick<Site, 'external_id'>): Promise<void> {
  if (partnersRequested) return;
  partnersRequested = true;
  const reply = await callApi('partners', siteCallPayload(site));
  if (isSuccessReply(reply) && 'partners' in reply) updateLayout({ partners: reply.partners });
}

/** The next moment the browser has nothing else to do, a second at the latest. */
function idle(): Promise<void> {
  return new Promise((resolve) => void whenIdle(resolve, { timeoutMs: 1000, fallbackMs: 50 }));
}

/** Waits between tries of a call that got no answer: a phone's network drops for a moment. */
const ANNOUNCEMENT_RETRY_MS = [1_000, 3_000];

/**
 * The site's announcements, tried again after a network failure (no answer, a timeout, a body that
 * is not JSON) so a brief drop does not lose the visit's announcement; a business refusal is final.
 */
async function fetchAnnouncements(site: Pick<Site, 'external_id'>) {
  for (let attempt = 0; ; attempt += 1) {
    const reply = await callApi('fetchAnnouncement', siteCallPayload(site));
    if (isSuccessReply(reply) && 'value' in reply) return reply;
    const transient = reply.message === 'serviceUnavailable' || reply.message === 'internalServerError' || reply.message === 'disconnect';
    const wait = ANNOUNCEMENT_RETRY_MS[attempt];
    if (!transient || wait === undefined) return null;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * The announcement modal, at most once per visit (a session-storage marker), under the rule of
 * ADR 0057 (announcement-gate.ts): on the first page of the visit, not on a form, betslip or game
 * page, before the player has interacted, and within a short window after the page became ready.
 * The site's announcements are fetched, and the modal opens when there is at least one and the
 * announcement-modal flag is on.
 *
 * It opens when the page is idle, in two steps: a phone's first date format (the modal shows
 * dates) sets up its date library, some 100 ms, and opening a modal restyles the whole page behind
 * it (it becomes inert). Each in a task of its own, after the page's startup, keeps every task short.
 */
export async function showAnnouncementOnce(site: Pick<Site, 'external_id'>, locale: LocaleCode, path = '/'): Promise<void> {
  if (announcementRequested) return;
  announcementRequested = true;
  if (!firstPageOfVisit() || !announcementAllowedOn(path)) return;
  if (!getLayoutState().announcementModal || readVisitFlag('announcementShown')) return;
  const deadline = Date.now() + ANNOUNCEMENT_WINDOW_MS;
  // Too late, or the player is busy (or another modal is up): the page stays the player's.
  const missed = () => playerInteracted() || Date.now() > deadline || getModalState().current !== null;
  const reply = await fetchAnnouncements(site);
  if (!reply || !reply.value.length || !getLayoutState().announcementModal || missed()) return;
  await idle();
  dateFormat(locale, ANNOUNCEMENT_DATE).format(Date.now());
  await idle();
  if (missed()) return;
  writeVisitFlag('announcementShown', true);
  updateLayout({ announcements: reply.value });
  openModal('announcement');
}
