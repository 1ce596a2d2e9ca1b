import type { ReadySite } from '../lib/site-state';
import { RewardsButton } from './RewardsButton';
import { LiveChatButton } from './LiveChatButton';
import { PartnersDialog, PartnersPanel, PartnersStrip } from './Partners';
import { useDevice } from './device';
import { AnnouncementDialog } from './Announcement';
import { AppDownloadBar } from './AppDownloadBar';

/**
 * The floating elements that appear once the page is ready: the dock (partners panel on the left;
 * rewards icon and live-chat button on the right; the app-download bar under them on phones) and
 * the partners and announcement modals. None of it is in the server's HTML, so the floating layer
 * loads this module after the page's first scripts (FloatingLayer.tsx). On phones (ADR 0057) the
 * partners do not float: they are a strip in the page flow, after the footer.
 */
export default function FloatingDock({ state, dock, rewards }: { state: ReadySite; dock: boolean; rewards: boolean }) {
  const { phone } = useDevice(state.template);
  return (
    <>
      {phone ? <PartnersStrip /> : null}
      {dock ? (
        <div className="floating-dock" data-phone={phone ? '' : undefined}>
          <div className="floating-dock__row">
            {phone ? null : <PartnersPanel />}
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
