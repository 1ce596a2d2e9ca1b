import { isSuccessReply, type Site } from '@wl/contracts';
import { callApi, siteCallPayload } from '../client/api';
import { openModal } from '../client/modals';
import { getLayoutState, updateLayout } from './layout-store';
import { readVisitFlag, writeVisitFlag } from './visit-storage';

let partnersRequested = false;
let announcementRequested = false;

/**
 * The site's partners for the partners panel and modal, once per page load, after hydration.
 * A failure leaves the list empty (spec §8: lists fall back to empty), which hides the panel.
 */
export async function loadPartnersOnce(site: Pick<Site, 'external_id'>): Promise<void> {
  if (partnersRequested) return;
  partnersRequested = true;
  const reply = await callApi('partners', siteCallPayload(site));
  if (isSuccessReply(reply) && 'partners' in reply) updateLayout({ partners: reply.partners });
}

/**
 * The announcement modal, once per visit (a session-storage marker): the site's announcements are
 * fetched on the first page, and the modal opens when there is at least one and the
 * announcement-modal flag is on. A failed call sets no marker, so a later page load tries again.
 */
export async function showAnnouncementOnce(site: Pick<Site, 'external_id'>): Promise<void> {
  if (announcementRequested) return;
  announcementRequested = true;
  if (!getLayoutState().announcementModal || readVisitFlag('announcementShown')) return;
  const reply = await callApi('fetchAnnouncement', siteCallPayload(site));
  if (!isSuccessReply(reply) || !('value' in reply)) return;
  writeVisitFlag('announcementShown', true);
  if (!reply.value.length || !getLayoutState().announcementModal) return;
  updateLayout({ announcements: reply.value });
  openModal('announcement');
}
