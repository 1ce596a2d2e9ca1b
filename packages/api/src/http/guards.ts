import type { AnyReplyOf, CALLS, CallName, ParsedPayloadOf } from '@wl/contracts';
import { checkSession, type SessionCheck, type SessionContext } from '../accounts/sessions.js';
import { checkSiteOpen, resolvePublicSite } from '../sites/site-scope.js';
import { isUnderMaintenance, type SiteRow } from '../sites/sites.repo.js';
import { failure, type CallHandler, type PreSerialized } from './calls.js';
import type { CallContext } from './context.js';

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
    const check = await resolvePublicSite(ctx.services.siteLookup, domain_name, external_id);
    if (!check.ok) return failure(check.message);
    return handler(payload, withField(ctx, 'site', check.site));
  };
}

/** What a session call may do while its site's maintenance window is open. */
export interface SessionCallRules {
  /** Moves money or launches a game: refused with underMaintenance during the window (ADR 0019). */
  refusedUnderMaintenance?: boolean;
}

/**
 * The rules of the calls that move money (deposit and withdrawal requests, claims, spins,
 * promotion joins) or launch a game. Reads (balance, history, lists) keep working under
 * maintenance, so a player can still see what the site holds for them.
 */
export const MOVES_MONEY: SessionCallRules = { refusedUnderMaintenance: true };

/**
 * A session call: account_id and auth must name a live session of that account (ADR 0006), on a
 * site that is switched on and not past its expiry date; the handler gets
 * the player and the player's site. Calls marked MOVES_MONEY are also refused while the site is
 * under maintenance.
 */
export function sessionCall<N extends CallName>(
  handler: (payload: ParsedPayloadOf<Calls[N]>, ctx: CallContext & { session: SessionContext }) => Promise<AnyReplyOf<Calls[N]>>,
  rules: SessionCallRules = {},
): CallHandler<N> {
  return (payload, ctx) => {
    const { account_id, auth } = payload as { account_id: string; auth: string };
    const check = checkSession(ctx.db, ctx.services.playerCache, account_id, auth);
    // A session known in memory is checked at once: no promise to wait for on the hot calls.
    if (check instanceof Promise) return check.then((known) => runSessionCall(handler, payload, ctx, known, rules));
    return runSessionCall(handler, payload, ctx, check, rules);
  };
}

function runSessionCall<N extends CallName>(
  handler: (payload: ParsedPayloadOf<Calls[N]>, ctx: CallContext & { session: SessionContext }) => Promise<AnyReplyOf<Calls[N]>>,
  payload: ParsedPayloadOf<Calls[N]>,
  ctx: CallContext,
  check: SessionCheck,
  rules: SessionCallRules,
): Promise<AnyReplyOf<Calls[N]>> {
  if (!check.ok) return Promise.resolve(failure(check.message));
  // The site's state is read from the session's (cached, NOTIFY-invalidated) site row on every call.
  const now = new Date();
  const site = checkSiteOpen(check.context.site, now);
  if (!site.ok) return Promise.resolve(failure(site.message));
  if (rules.refusedUnderMaintenance && isUnderMaintenance(check.context.site, now)) return Promise.resolve(failure('underMaintenance'));
  return handler(payload, withField(ctx, 'session', check.context));
}
