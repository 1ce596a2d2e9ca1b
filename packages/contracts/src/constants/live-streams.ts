/*
 * The names of the push streams (ADR 0031, ADR 0036), apart from their schemas: a page that only
 * opens a stream imports these, and a module holding schemas would bring the schema library into
 * every page's first script.
 */

/**
 * The live balance stream (ADR 0031): Server-Sent Events of the logged-in player's balances. The
 * session token goes in `authorization: Bearer <token>` (a URL is logged, a header is not) and the
 * account id in the query, `?account_id=`; a browser reads it with fetch, not EventSource, which
 * cannot send the header.
 */
export const LIVE_BALANCE_PATH = '/api/live';

/** The events of the balance stream; comments (lines starting with ':') are heartbeats. */
export const LIVE_BALANCE_EVENTS = {
  /** The balances, as get_balance answers them: at connect, then after each change. */
  balance: 'balance',
  /** The session ended (logout, expiry, revocation): a failure reply; the stream closes after it. */
  end: 'end',
} as const;

/** The Web Lock whose holder tab reads the balance stream, and the BroadcastChannel it shares the events on. */
export const LIVE_BALANCE_LOCK = 'wl-live-balance';
export const LIVE_BALANCE_CHANNEL = 'wl-live-balance';

/**
 * The live sports board (issue 24 §3, ADR 0036): Server-Sent Events of the matches that changed
 * (a score, the clock, a suspension, a price, a result), pushed to every page showing prices,
 * guests included. A page merges each match into what match_list gave it and drops a finished one.
 * Read with EventSource (no credentials: the board is public).
 */
export const LIVE_SPORTS_PATH = '/api/live/sports';

export const LIVE_SPORTS_EVENTS = {
  /** Matches that changed, as match_list shows them (a finished one with no prices). */
  matches: 'matches',
} as const;
