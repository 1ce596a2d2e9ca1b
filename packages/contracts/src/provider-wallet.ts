import { z } from 'zod';

/*
 * The seamless-wallet protocol between the platform and a game provider (packages/api/src/games/
 * seamless.ts): the provider's server calls
 *   POST /api/providers/<PROVIDER_CODE>/wallet/<action>
 * with one of the JSON bodies below (its `type` is the action), the header `X-Timestamp: <unix
 * seconds>` and the header `X-Signature: <hex HMAC-SHA256(secret, walletSigningString(...))>`: the
 * signature covers the time, the method, the path and the raw body together (ADR 0020).
 * These are not calls of the sites (not in CALLS): their replies are the protocol's own
 * {status: 'OK' | 'ERROR'}, not the sites' statusCode envelope.
 */

/** The wallet operations a provider may call, in the URL's last segment. */
export const PROVIDER_WALLET_ACTIONS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type ProviderWalletAction = (typeof PROVIDER_WALLET_ACTIONS)[number];

/** The header carrying the hex HMAC-SHA256 of `walletSigningString` under the provider's secret. */
export const PROVIDER_SIGNATURE_HEADER = 'X-Signature';

/** The header carrying the time the provider signed the request: unix seconds, decimal digits. */
export const PROVIDER_TIMESTAMP_HEADER = 'X-Timestamp';

/** A signed callback is refused (REQUEST_EXPIRED) when its timestamp is further than this from the platform's clock. */
export const WALLET_SIGNATURE_MAX_SKEW_SECONDS = 300;

/**
 * The string a wallet callback's signature covers (ADR 0020):
 *   `<timestamp>.<METHOD> <path>.<raw body>`
 * e.g. `1767225600.POST /api/providers/PG/wallet/debit.{"type":"debit",...}`. The path is the
 * request's path as sent, without a query string; the body its exact bytes. Binding the action
 * and the time means the bytes of one signed request are worth nothing on another path or later.
 */
export function walletSigningString(request: { timestamp: string; method: string; path: string; body: string }): string {
  return `${request.timestamp}.${request.method.toUpperCase()} ${request.path}.${request.body}`;
}

/**
 * The launch address's query parameters that the platform signs, in signing order: the provider
 * rebuilds `launchSigningString` from their values and compares its HMAC-SHA256 with `signature`.
 * `player` is the player's stable reference on their site (never a credential) and `site` the
 * site's id: with them a provider keeps a player's history across game sessions (ADR 0029).
 */
export const LAUNCH_SIGNED_PARAMS = ['token', 'game', 'currency', 'lang', 'device', 'return_url', 'player', 'site'] as const;
export type LaunchSignedParam = (typeof LAUNCH_SIGNED_PARAMS)[number];
/** The query parameter holding the hex HMAC-SHA256 of the signing string. */
export const LAUNCH_SIGNATURE_PARAM = 'signature';

/**
 * The string the launch signature covers: the parameters' decoded values in their fixed order,
 * joined by a line feed. Decoded values, so the provider's URL library need not encode as ours does.
 */
export function launchSigningString(params: Record<LaunchSignedParam, string>): string {
  return LAUNCH_SIGNED_PARAMS.map((name) => params[name]).join('\n');
}

/** An amount: a non-negative exact decimal of at most 16 integer digits and 4 decimals (never a JSON number). */
export const walletAmount = z
  .string('invalidType')
  .regex(/^\d{1,16}(\.\d{1,4})?$/, 'invalidFormat')
  .describe('A non-negative decimal string in the game session\'s currency, at most 4 decimals ("12.5", "0").');

/** The game session token the launch address carried. */
export const walletToken = z.string('invalidType').min(1, 'required').max(256, 'tooLong').describe('The `token` of the launch address.');

/** A provider's transaction id: unique per provider and site, the key of idempotency. */
export const walletTransactionId = z
  .string('invalidType')
  .regex(/^[\x21-\x7e]{1,128}$/, 'invalidFormat')
  .describe("The provider's own id of this transaction, unique per provider and site: 1–128 printable ASCII characters, no spaces.");

export const walletRoundId = z
  .string('invalidType')
  .regex(/^[\x21-\x7e]{0,128}$/, 'invalidFormat')
  .default('')
  .describe('The game round grouping a stake with its win (optional).');

/** The action a body is for: it must name the path's action, so a body of one action is invalid for another. */
function walletType<A extends ProviderWalletAction>(action: A) {
  return z.literal(action, 'invalidValue').describe(`Always "${action}": the action of the path.`);
}

export const walletBalanceRequest = z.strictObject({ type: walletType('balance'), token: walletToken });

export const walletDebitRequest = z.strictObject({
  type: walletType('debit'),
  token: walletToken,
  transaction_id: walletTransactionId,
  round_id: walletRoundId,
  amount: walletAmount.describe('The stake to take from the balance (0 for a free round).'),
});

export const walletCreditRequest = z.strictObject({
  type: walletType('credit'),
  token: walletToken,
  transaction_id: walletTransactionId,
  round_id: walletRoundId,
  amount: walletAmount.describe('The win to add to the balance (0 for a losing round: recorded, nothing moves).'),
});

export const walletRollbackRequest = z.strictObject({
  type: walletType('rollback'),
  token: walletToken,
  transaction_id: walletTransactionId.describe("The rollback's own id, unique per provider and site like any transaction's."),
  round_id: walletRoundId,
  reverses_transaction_id: walletTransactionId.describe('The debit or credit to reverse.'),
  amount: walletAmount
    .optional()
    .describe("Optional: when sent and the reversed transaction is known, it must equal that transaction's amount."),
});

export const WALLET_REQUESTS = {
  balance: walletBalanceRequest,
  debit: walletDebitRequest,
  credit: walletCreditRequest,
  rollback: walletRollbackRequest,
} as const satisfies Record<ProviderWalletAction, z.ZodType>;

export type WalletBalanceRequest = z.infer<typeof walletBalanceRequest>;
export type WalletDebitRequest = z.infer<typeof walletDebitRequest>;
export type WalletCreditRequest = z.infer<typeof walletCreditRequest>;
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequest>;

/** A decimal string with 4 decimals as the ledger keeps it ("120.5000"). */
const walletBalance = z.string().regex(/^\d+\.\d{4}$/).describe("The player's balance after the operation (for a replay: now).");
const walletCurrency = z.string().regex(/^[A-Z]{3}$/).describe("The game session's currency (the site's currency at launch).");

export const walletOkReply = z.object({
  status: z.literal('OK'),
  balance: walletBalance,
  currency: walletCurrency,
});
export type WalletOkReply = z.infer<typeof walletOkReply>;

/**
 * The error codes of the protocol, with their HTTP statuses. A provider retries a debit, credit
 * or rollback with the same transaction_id until it gets an answer that is not a 5xx: replays never
 * move money twice.
 */
export const WALLET_ERROR_STATUS = {
  /** The body, its JSON or a field is wrong; `errors` says which field. */
  VALIDATION: 400,
  /** X-Signature or X-Timestamp is missing, or the signature is not the HMAC of walletSigningString under the provider's secret. */
  INVALID_SIGNATURE: 401,
  /** The signature is right but X-Timestamp is more than 5 minutes from the platform's clock (either way): sign again. */
  REQUEST_EXPIRED: 401,
  /** The token names no game session of this provider. */
  INVALID_TOKEN: 401,
  /** The player is blocked or closed: no new stake is taken (wins and rollbacks still settle). */
  PLAYER_BLOCKED: 403,
  /** The player took a time-out or excluded themselves (on this site or another of its operator): no stake is taken until it ends. */
  PLAYER_EXCLUDED: 403,
  /** The stake is above what the player's loss or wager limit leaves in its period. */
  LIMIT_EXCEEDED: 403,
  /** No integration of this provider code is configured. */
  UNKNOWN_PROVIDER: 404,
  /** The stake is more than the balance, or reversing a win would take the balance below zero. */
  INSUFFICIENT_FUNDS: 402,
  /** A rollback reversed this transaction id (before or after it arrived): it is refused for good. */
  TRANSACTION_ROLLED_BACK: 409,
  /** The transaction id is taken by a different operation (another kind, amount, round, player or reversal). */
  TRANSACTION_CONFLICT: 409,
  /** A credit of a round whose stakes were all refused: nothing was staked, so nothing is won. */
  ROUND_STAKE_REFUSED: 409,
  /** The platform failed; the provider retries with the same transaction id. */
  INTERNAL_ERROR: 500,
  /** The database cannot be reached right now; the provider retries. */
  SERVICE_UNAVAILABLE: 503,
} as const;
export type WalletErrorCode = keyof typeof WALLET_ERROR_STATUS;
export const WALLET_ERROR_CODES = Object.keys(WALLET_ERROR_STATUS) as [WalletErrorCode, ...WalletErrorCode[]];

export const walletErrorReply = z.object({
  status: z.literal('ERROR'),
  code: z.enum(WALLET_ERROR_CODES),
  message: z.string().describe('A short English explanation for the provider\'s operators.'),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('VALIDATION: the message keys of each wrong field.'),
  balance: walletBalance.optional().describe('The balance now, when the token named a game session.'),
  currency: walletCurrency.optional(),
});
export type WalletErrorReply = z.infer<typeof walletErrorReply>;

export type WalletReply = WalletOkReply | WalletErrorReply;
