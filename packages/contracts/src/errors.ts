/**
 * Error keys of docs/product.md D4: a business failure answers statusCode 0 with one of these in
 * `message`. Keys are letters only so the client can translate them (docs/product.md §8).
 */
export const ERROR_KEYS = [
  // accounts and sessions
  'invalidCredentials',
  'accountExists',
  'accountNotFound',
  'phoneMismatch',
  'invalidTac',
  'tacExpired',
  'tooManyRequests',
  'sessionExpired',
  'BLOCK',
  'CLOSE',
  'permissionDenied',
  'invalidPassword',
  // payloads
  'validationError',
  // money and rewards
  'insufficientBalance',
  'insufficientTokens',
  'alreadyClaimed',
  'notClaimable',
  // banking (ADR 0015)
  'amountTooSmall',
  'amountTooLarge',
  'tooManyBankAccounts',
  'bankAccountExists',
  'accountNameMismatch',
  'fullNameRequired',
  'notPending',
  'invalidImage',
  'receiptInUse',
  'invalidApiKey',
  /** An idempotency key sent again with a different amount or target (issue 21 §8). */
  'idempotencyConflict',
  // sportsbook (ADR 0035)
  /** A price moved beyond what the player accepts: the reply carries the prices now. */
  'oddsChanged',
  /** The match takes no bets for a moment (a goal being checked, an operator's suspension). */
  'marketSuspended',
  /** The selection takes no bets any more: its line was withdrawn or its match is over. */
  'marketClosed',
  /** Two selections of one match in an accumulator. */
  'sameMatchSelections',
  /** The potential return is above the site's maximum payout. */
  'payoutTooLarge',
  /** The cash-out offer fell below what the player accepted: the reply carries the offer now. */
  'cashOutChanged',
  /** No cash-out now: the bet is settled, or a leg's match is suspended or its line withdrawn. */
  'cashOutUnavailable',
  /** A result correction of a match that has no result yet (ADR 0037). */
  'notResulted',
  // responsible gaming (ADR 0039)
  /** A self-exclusion of this person runs on a site of the operator: the reply carries its end (`until`, null: permanent). */
  'selfExcluded',
  /** A time-out of this person runs on a site of the operator: the reply carries its end. */
  'timedOut',
  /** A deposit or a stake above what a player limit leaves: the reply names the limit and the amount left. */
  'limitExceeded',
  /** A limit change confirmed before its 24 hours passed, or with no change waiting. */
  'limitNotReady',
  /** The session limit (ADR 0041): a session past it ends; a login answers when time is left again (`until`). */
  'sessionLimitReached',
  // age, identity and anti-money-laundering (ADR 0040)
  /** Signup with a date of birth younger than the site's minimum age. */
  'underAge',
  /** A withdrawal the site's rules hold until the player is verified: the reply carries the level and the documents missing. */
  'kycRequired',
  /** An operator's approval of a withdrawal while an anti-money-laundering flag on the player waits for review. */
  'amlReview',
  /** The player cancelling a pending withdrawal on a site that does not allow it. */
  'withdrawalNotCancellable',
  // sites and content
  'siteNotFound',
  'siteInactive',
  'siteExpired',
  'underMaintenance',
  'notFound',
  'gameNotFound',
  'gameNotAvailable',
  /** A guest asked for play money of a game whose provider offers none (issue 23 §2). */
  'demoNotAvailable',
  // transport
  'internalServerError',
  'serviceUnavailable',
  'payloadTooLarge',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

/** Keys that end the player's session on the client (docs/product.md §8). 'Session Expired' is a legacy spelling. */
export const SESSION_END_MESSAGES = ['sessionExpired', 'Session Expired', 'BLOCK', 'CLOSE', 'permissionDenied', 'sessionLimitReached'] as const;

export function isSessionEndMessage(message: string | undefined | null): boolean {
  return !!message && (SESSION_END_MESSAGES as readonly string[]).includes(message);
}

/** Status codes of docs/product.md §8. */
export const STATUS = {
  ok: 1,
  failure: 0,
  /** Network failure of login, signup and similar. */
  networkError: -500,
  /** Network failure of balance, favourites and other calls. */
  unavailable: -503,
} as const;

/** docs/product.md §8: success is statusCode 1, or status message OK, or an empty status. */
export function isSuccessReply(reply: { statusCode?: unknown; message?: unknown } | null | undefined): boolean {
  if (!reply) return false;
  if (reply.statusCode === STATUS.ok) return true;
  if (reply.message === 'OK') return true;
  return reply.statusCode === undefined && (reply.message === undefined || reply.message === '');
}
