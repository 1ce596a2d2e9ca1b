import type { CALLS, CallName, PayloadOf, ReplyOf } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../../client/api';
import { handleApiError } from '../../client/errors';
import { getSession } from '../../client/session';
import { loadedOf, type Loaded } from './loaded';

type Calls = typeof CALLS;

/** A session call's payload without the parts the session adds (account_id and auth). */
export type SessionPayloadOf<N extends CallName> = Omit<PayloadOf<Calls[N]>, 'account_id' | 'auth'>;

/**
 * A session call for a route's clientLoader (ADR 0058): the session lives in browser storage, so
 * the player's data is loaded in the browser, with the stored session read outside React. Without
 * a player it asks nothing (`guest`: the route guard redirects as for any guest). Failures but
 * notFound go to the global handler as every call's do (an ended session logs out there), in its
 * toast mode for a part of a page that is not its main content.
 */
export async function sessionLoader<N extends CallName>(
  name: N,
  payload: SessionPayloadOf<N>,
  options: { signal?: AbortSignal; toast?: boolean } = {},
): Promise<Loaded<ReplyOf<Calls[N]>>> {
  if (!getSession().isAuthenticated) return { kind: 'guest' };
  const body = { ...payload, ...sessionCallPayload() } as PayloadOf<Calls[N]>;
  const reply = await callApi(name, body, options.signal ? { signal: options.signal } : {});
  const loaded = loadedOf<ReplyOf<Calls[N]>>(reply);
  if (loaded.kind === 'failed' && !options.signal?.aborted) handleApiError(reply, options.toast ? { toast: true } : {});
  return loaded;
}
