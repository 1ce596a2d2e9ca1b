import type { AnyReplyOf, CALLS, CallName, ParsedPayloadOf } from '@wl/contracts';
import { checkSession, type SessionCheck, type SessionContext } from '../accounts/sessions.js';
import { resolvePublicSite } from '../sites/site-scope.js';
import type { SiteRow } from '../sites/sites.repo.js';
import { failure, type CallContext, type CallHandler, type PreSerialized } from './calls.js';

type Calls = typeof CALLS;

/**
 * The context with one more field. Each call gets a context of its own, so the field is added in
 * place: a spread would copy the context on every call and read its lazy request fields
 * (calls.ts, HttpCallContext) that most handlers never use.
 */
function withField<C extends CallContext, K extends string, V>(ctx: C, key: K, value: V): C & Record<K, V> {
  return Object.assign(ctx, { [key]: value } as Record<K, V>);
}

/**
 * A public call: resolves the site from domain_name and external_id first, so the handler can
 * only ever see that site's data.
 */
export function publicCall<N extends CallName>(
  handler: (
    payload: ParsedPayloadOf<Calls[N]>,
    ctx: CallContext & { site: SiteRow },
  ) => Promise<AnyReplyOf<Calls[N]> | PreSerialized<AnyReplyOf<Calls[N]>>>,
): CallHandler<N> {
  return async (payload, ctx) => {
    const { domain_name, external_id } = payload as { domain_name: string; external_id: string };
    const check = await resolvePublicSite(ctx.db, domain_name, external_id);
    if (!check.ok) return failure(check.message);
    return handler(payload, withField(ctx, 'site', check.site));
  };
}

/**
 * A session call: account_id and auth must name a live session of that account (spec §6,
 * decisions.md §5); the handler gets the player and the player's site.
 */
export function sessionCall<N extends CallName>(
  handler: (payload: ParsedPayloadOf<Calls[N]>, ctx: CallContext & { session: SessionContext }) => Promise<AnyReplyOf<Calls[N]>>,
): CallHandler<N> {
  return (payload, ctx) => {
    const { account_id, auth } = payload as { account_id: string; auth: string };
    const check = checkSession(ctx.db, account_id, auth);
    // A session known in memory is checked at once: no promise to wait for on the hot calls.
    if (check instanceof Promise) return check.then((known) => runSessionCall(handler, payload, ctx, known));
    return runSessionCall(handler, payload, ctx, check);
  };
}

function runSessionCall<N extends CallName>(
  handler: (payload: ParsedPayloadOf<Calls[N]>, ctx: CallContext & { session: SessionContext }) => Promise<AnyReplyOf<Calls[N]>>,
  payload: ParsedPayloadOf<Calls[N]>,
  ctx: CallContext,
  check: SessionCheck,
): Promise<AnyReplyOf<Calls[N]>> {
  if (!check.ok) return Promise.resolve(failure(check.message));
  return handler(payload, withField(ctx, 'session', check.context));
}
