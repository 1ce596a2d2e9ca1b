import { z } from 'zod';
import { getBalanceReply } from './calls/auth.js';
import { sessionPayload } from './envelope.js';

/**
 * The live balance stream (ADR 0031): Server-Sent Events of the logged-in player's balances. The
 * session token goes in `authorization: Bearer <token>` (a URL is logged, a header is not) and the
 * account id in the query, `?account_id=`; a browser reads it with fetch, not EventSource, which
 * cannot send the header.
 */
export const LIVE_BALANCE_PATH = '/api/live';

/** The query of the stream; the token, `sessionPayload.auth`, is the bearer token of its Authorization header. */
export const liveBalanceQuery = z.strictObject({ account_id: sessionPayload.account_id });

/** The events of the stream; comments (lines starting with ':') are heartbeats. */
export const LIVE_BALANCE_EVENTS = {
  /** The balances, as get_balance answers them: at connect, then after each change. */
  balance: 'balance',
  /** The session ended (logout, expiry, revocation): a failure reply; the stream closes after it. */
  end: 'end',
} as const;

/** A `balance` event's data: the get_balance reply itself. */
export const liveBalanceEvent = getBalanceReply;

/** The Web Lock whose holder tab reads the stream, and the BroadcastChannel it shares the events on. */
export const LIVE_BALANCE_LOCK = 'wl-live-balance';
export const LIVE_BALANCE_CHANNEL = 'wl-live-balance';
