import type { LiveChat } from '@wl/contracts';
import { isImageAddress, liveChat as widget, liveChatEnabled } from './live-chat';
import { ChatIcon } from './icons';
import { useT } from '../i18n/use-t';

/**
 * docs/product.md §2, §4: the live-chat button, only when live chat is on and has a chat id. It opens
 * (maximises) LiveChat's widget, whose own launcher stays hidden; the widget's script is fetched
 * on the first click (live-chat.ts).
 */
export function LiveChatButton({ liveChat }: { liveChat: LiveChat }) {
  const { t } = useT();
  if (!liveChatEnabled(liveChat)) return null;
  return (
    <button
      type="button"
      className="floating-button floating-button--chat"
      aria-label={t('floating.liveChat')}
      onClick={() => void widget.open(liveChat.chat_id)}
    >
      {isImageAddress(liveChat.image_id) ? (
        <img className="floating-button__image" src={liveChat.image_id} alt="" width={32} height={32} />
      ) : (
        <ChatIcon />
      )}
    </button>
  );
}
