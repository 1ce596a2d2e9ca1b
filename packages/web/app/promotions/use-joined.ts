import { useCallback, useEffect, useState } from 'react';
import { STATUS } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { useSession } from '../client/session';

/**
 * guest: no session (every button shows, and asks to log in); loading: the API is being asked;
 * known: `joined` says which of the ids the player has joined or claimed.
 */
export type JoinedStatus = 'guest' | 'loading' | 'known';

export interface JoinedPromotions {
  status: JoinedStatus;
  /** When the player joined each promotion it has joined (ISO date; '' when only the fact is known). */
  joined: ReadonlyMap<number, string>;
  /** Records a join made on this page, so the button turns into its state at once. */
  markJoined: (id: number, at: string) => void;
}

const NONE: ReadonlyMap<number, string> = new Map();

/**
 * Which of these promotions the logged-in player has already joined or claimed (promotions/joined),
 * asked once the stored session is known (after hydration: the first HTML is the guest's page) and
 * again when the ids or the player change. What is known is kept per session token, so a logout
 * or another player's login never shows the previous player's state.
 */
export function useJoinedPromotions(ids: readonly number[]): JoinedPromotions {
  const session = useSession();
  const token = session.isAuthenticated ? session.token : null;
  const key = ids.join(',');
  const [known, setKnown] = useState<{ token: string; joined: Map<number, string>; askedFor: Set<string> } | null>(null);

  useEffect(() => {
    if (!token || !key) return;
    const controller = new AbortController();
    const promotionIds = key.split(',').map(Number);
    void callApi('promotionJoined', { ...sessionCallPayload(), promotion_ids: promotionIds }, { signal: controller.signal }).then((reply) => {
      if (controller.signal.aborted) return;
      const found = new Map<number, string>();
      if (reply.statusCode === STATUS.ok && 'value' in reply) {
        for (const row of reply.value) found.set(row.promotion_id, row.joined_at);
      } else {
        // A background check: an ended session runs the expiry flow; anything else is a toast, not a dialog.
        // The buttons stay, and a join answers alreadyClaimed kindly if the player had joined after all.
        handleApiError(reply, { toast: true });
      }
      setKnown((before) => {
        const base = before?.token === token ? before : { token, joined: new Map<number, string>(), askedFor: new Set<string>() };
        return { token, joined: new Map([...base.joined, ...found]), askedFor: new Set([...base.askedFor, key]) };
      });
    });
    return () => controller.abort();
  }, [token, key]);

  const markJoined = useCallback(
    (id: number, at: string) => {
      if (!token) return;
      setKnown((before) => {
        const base = before?.token === token ? before : { token, joined: new Map<number, string>(), askedFor: new Set<string>() };
        return { ...base, joined: new Map([...base.joined, [id, at]]) };
      });
    },
    [token],
  );

  const mine = known?.token === token ? known : null;
  if (!token) return { status: 'guest', joined: NONE, markJoined };
  const status: JoinedStatus = !key || mine?.askedFor.has(key) ? 'known' : 'loading';
  return { status, joined: mine?.joined ?? NONE, markJoined };
}
