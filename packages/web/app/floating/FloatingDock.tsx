import type { ReadySite } from '../lib/site-state';
import { RewardsButton } from './RewardsButton';
import { LiveChatButton } from './LiveChatButton';
import { PartnersDialog, PartnersPanel } from './Partners';
import { AnnouncementDialog } from './Announcement';
import { AppDownloadBar } from './AppDownloadBar';

/**
 * The floating elements that appear once the page is ready: the dock (partners panel on the left;
 * rewards icon and live-chat button on the right; the app-download bar under them on phones) and
 * the partners and announcement modals. None of it is in the server's HTML, so the floating layer
 * loads this module after the page's first scripts (FloatingLayer.tsx).
 */
export default function FloatingDock({ state, dock, rewards }: { state: ReadySite; dock: boolean; rewards: boolean }) {
  return (
    <>
      {dock ? (
        <div className="floating-dock">
          <div className="floating-dock__row">
            <PartnersPanel />
            <div className="floating-dock__actions">
              {rewards ? <RewardsButton state={state} /> : null}
              <LiveChatButton liveChat={state.liveChat} />
            </div>
          </div>
          <AppDownloadBar state={state} />
        </div>
      ) : null}
      <PartnersDialog />
      <AnnouncementDialog />
    </>
  );
}
