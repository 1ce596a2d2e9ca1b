import { useCallback, useEffect, useState } from 'react';
import { STATUS, type CALLS, type CallName, type PayloadOf, type ReplyOf } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { useHydrated } from '../client/hydration';
import { useSession } from '../client/session';

type Calls = typeof CALLS;

/** What a screen's request has answered so far. `unavailable`: the site has no banking (notFound). */
export type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'unavailable' } | { kind: 'ready'; value: T };

export type SessionPayloadOf<N extends CallName> = Omit<PayloadOf<Calls[N]>, 'account_id' | 'auth'>;

/**
 * A session call of the banking screens, made once the page runs in the browser with a player
 * (the session lives in browser storage) and again whenever the payload changes or `reload` is called.
 * Failures go to the global handler (an ended session logs out there); a site without banking
 * answers notFound, which is `unavailable`, not an error dialog. `set` replaces the value after a
 * change whose reply carries the new state (an account added, a request cancelled).
 */
export function useSessionCall<N extends CallName>(
  name: N,
  payload: SessionPayloadOf<N>,
): { load: Load<ReplyOf<Calls[N]>>; reload: () => void; set: (value: ReplyOf<Calls[N]>) => void } {
  const hydrated = useHydrated();
  const session = useSession();
  const player = hydrated && session.isAuthenticated ? session.user?.account_id : undefined;
  const [load, setLoad] = useState<Load<ReplyOf<Calls[N]>>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Compared by value: a payload built afresh on each render is the same request.
  const payloadText = JSON.stringify(payload);

  useEffect(() => {
    if (!player) return;
    const controller = new AbortController();
    const body = { ...(JSON.parse(payloadText) as SessionPayloadOf<N>), ...sessionCallPayload() } as PayloadOf<Calls[N]>;
    void callApi(name, body, { signal: controller.signal }).then((reply) => {
      if (controller.signal.aborted) return;
      if (reply.statusCode === STATUS.ok) return setLoad({ kind: 'ready', value: reply as ReplyOf<Calls[N]> });
      if (reply.message === 'notFound') return setLoad({ kind: 'unavailable' });
      handleApiError(reply);
      setLoad({ kind: 'failed' });
    });
    return () => controller.abort();
  }, [name, player, payloadText, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const set = useCallback((value: ReplyOf<Calls[N]>) => setLoad({ kind: 'ready', value }), []);
  return { load, reload, set };
}
