import type { AppLoadContext } from 'react-router';
import type { CALLS, CallName, PayloadOf, ReplyOf } from '@wl/contracts';
import { sitePayloadOf } from '../../lib/api-calls.server';
import { loadSiteState } from '../../lib/site.server';
import { loadedOf, type Loaded } from './loaded';

type Calls = typeof CALLS;

/** A public call's payload without the site part (domain_name and external_id), which the request gives. */
export type PublicPayloadOf<N extends CallName> = Omit<PayloadOf<Calls[N]>, 'domain_name' | 'external_id'>;

/**
 * A public call for a route's server loader (ADR 0058): the data is the same for every visitor, so
 * the server renders it into the page. A failure is the page's retry card (logged here; no dialog
 * can open on the server); a site that is not ready has nothing to show.
 */
export async function publicLoader<N extends CallName>(request: Request, context: AppLoadContext, name: N, payload: PublicPayloadOf<N>): Promise<Loaded<ReplyOf<Calls[N]>>> {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return { kind: 'unavailable' };
  try {
    const reply = await context.api.call(name, { ...payload, ...sitePayloadOf(request, state) } as PayloadOf<Calls[N]>);
    const loaded = loadedOf<ReplyOf<Calls[N]>>(reply);
    if (loaded.kind === 'failed') console.warn(`${name} call answered ${String(reply.statusCode)} ${reply.message}`);
    return loaded;
  } catch (error) {
    console.error(`${name} call failed`, error);
    return { kind: 'failed' };
  }
}
