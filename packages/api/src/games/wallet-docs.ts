import {
  LAUNCH_SIGNATURE_PARAM,
  LAUNCH_SIGNED_PARAMS,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  PROVIDER_WALLET_ACTIONS,
  WALLET_ERROR_STATUS,
  WALLET_REQUESTS,
  WALLET_SIGNATURE_MAX_SKEW_SECONDS,
  walletErrorReply,
  walletOkReply,
  type ProviderWalletAction,
  type WalletErrorCode,
} from '@wl/contracts';
import { jsonSchemaOf, type JsonSchema } from '../docs/json-schema.js';
import type { OpenApiOperation } from '../docs/openapi-types.js';

/*
 * The seamless-wallet callbacks in the OpenAPI document (docs/openapi.ts adds them beside the
 * calls of the contracts): four POST paths under /api/providers/{code}/wallet/, with their own
 * replies ({status: 'OK' | 'ERROR'}), not the sites' envelope.
 */

const TOKEN_EXAMPLE = 'kq1D3mX0b9Vw7s2HfR8tYc4NzL6pQeJu5aGiWoBnUxE';

/**
 * A worked example of the callback signature that a provider can check its code against (the
 * README quotes it too; a unit test recomputes it, so neither can drift). Also checkable with
 *   printf '%s' '<signing string>' | openssl dgst -sha256 -hmac '<secret>'
 */
export const WALLET_SIGNATURE_EXAMPLE = {
  secret: 'example-provider-secret-2026',
  timestamp: '1767225600',
  method: 'POST',
  path: '/api/providers/PG/wallet/debit',
  body: `{"type":"debit","token":"${TOKEN_EXAMPLE}","transaction_id":"PG-TX-100001","round_id":"PG-R-5001","amount":"10.00"}`,
  signature: '29609fb3c0fbc452e474e63e1a6e830a74c9c9221ddd39a956d193589e691f03',
} as const;

const SIGNATURE_SCHEME =
  `Each request carries ${PROVIDER_TIMESTAMP_HEADER} (the unix time in seconds when it was signed) and ${PROVIDER_SIGNATURE_HEADER}: ` +
  `the hex HMAC-SHA256 under the provider's secret of \`<${PROVIDER_TIMESTAMP_HEADER}>.<METHOD> <path>.<raw body>\` ` +
  '(the path as sent, without a query string; the body byte for byte), so the bytes of one action are worth nothing on another path or later. ' +
  `A wrong or missing signature answers INVALID_SIGNATURE; a right one whose timestamp is more than ${WALLET_SIGNATURE_MAX_SKEW_SECONDS / 60} minutes ` +
  'before or after the platform\'s clock answers REQUEST_EXPIRED (sign again with the time now). Every body also names its action in `type`, which must be the path\'s. ' +
  `Worked example: secret \`${WALLET_SIGNATURE_EXAMPLE.secret}\`, ${PROVIDER_TIMESTAMP_HEADER} \`${WALLET_SIGNATURE_EXAMPLE.timestamp}\`, ` +
  `POST \`${WALLET_SIGNATURE_EXAMPLE.path}\` with the body \`${WALLET_SIGNATURE_EXAMPLE.body}\` sign ` +
  `\`${WALLET_SIGNATURE_EXAMPLE.timestamp}.${WALLET_SIGNATURE_EXAMPLE.method} ${WALLET_SIGNATURE_EXAMPLE.path}.${WALLET_SIGNATURE_EXAMPLE.body}\` ` +
  `to ${PROVIDER_SIGNATURE_HEADER} \`${WALLET_SIGNATURE_EXAMPLE.signature}\`.`;

export const PROVIDER_WALLET_TAG = {
  name: 'Provider wallet',
  description:
    "Seamless-wallet callbacks of game providers' servers (not called by the sites). " +
    `${SIGNATURE_SCHEME} ` +
    `The launch address the provider opens carries ${LAUNCH_SIGNED_PARAMS.join(', ')} and ${LAUNCH_SIGNATURE_PARAM}, ` +
    'the hex HMAC-SHA256 of those values joined by line feeds in that order. Replies are {status: "OK", balance, currency} or ' +
    '{status: "ERROR", code, message} with the HTTP status of the code. debit, credit and rollback are idempotent by transaction_id ' +
    '(unique per provider and site): the same request again answers as the first time (OK with the balance now, or the same refusal) and moves nothing; ' +
    'the same id with another type, amount, round or player answers TRANSACTION_CONFLICT. The provider retries with the same id after a 5xx or no answer.',
};

const EXAMPLES: Record<ProviderWalletAction, unknown> = {
  balance: { type: 'balance', token: TOKEN_EXAMPLE },
  debit: JSON.parse(WALLET_SIGNATURE_EXAMPLE.body) as unknown,
  credit: { type: 'credit', token: TOKEN_EXAMPLE, transaction_id: 'PG-TX-100002', round_id: 'PG-R-5001', amount: '25.50' },
  rollback: { type: 'rollback', token: TOKEN_EXAMPLE, transaction_id: 'PG-TX-100003', round_id: 'PG-R-5001', reverses_transaction_id: 'PG-TX-100001' },
};

const SUMMARIES: Record<ProviderWalletAction, string> = {
  balance: "The player's balance in the game session's currency.",
  debit:
    'Takes a stake from the balance (ledger type bet; counts toward VIP turnover). A stake beyond the balance answers INSUFFICIENT_FUNDS, ' +
    'a blocked or closed player PLAYER_BLOCKED: the refusal is recorded, so the same id answers the same refusal again (a new attempt needs a new id). ' +
    'An id a rollback already reversed answers TRANSACTION_ROLLED_BACK.',
  credit:
    'Adds a win to the balance (ledger type win); a zero win records the round and moves nothing. Blocked players are still paid. ' +
    'A win of a round (a non-empty round_id) whose stakes were all refused answers ROUND_STAKE_REFUSED and is recorded as refused; a win with no stake at all (free spins, jackpots) is paid. ' +
    'An id a rollback already reversed answers TRANSACTION_ROLLED_BACK.',
  rollback:
    'Reverses a debit (the stake comes back) or a credit (the win is taken again; INSUFFICIENT_FUNDS when the balance no longer holds it, and the credit stands; this refusal is not recorded, so the rollback may be retried). ' +
    'A rollback of a refused debit or credit moves nothing and answers OK. ' +
    'A rollback of an id not seen yet is recorded and answers OK: the late original then answers TRANSACTION_ROLLED_BACK. A second rollback of one transaction answers OK and moves nothing.',
};

/** The error codes each action may answer. */
const CODES: Record<ProviderWalletAction, WalletErrorCode[]> = {
  balance: ['VALIDATION', 'INVALID_SIGNATURE', 'REQUEST_EXPIRED', 'INVALID_TOKEN', 'UNKNOWN_PROVIDER'],
  debit: [
    'VALIDATION',
    'INVALID_SIGNATURE',
    'REQUEST_EXPIRED',
    'INVALID_TOKEN',
    'PLAYER_BLOCKED',
    'UNKNOWN_PROVIDER',
    'INSUFFICIENT_FUNDS',
    'TRANSACTION_ROLLED_BACK',
    'TRANSACTION_CONFLICT',
  ],
  credit: ['VALIDATION', 'INVALID_SIGNATURE', 'REQUEST_EXPIRED', 'INVALID_TOKEN', 'UNKNOWN_PROVIDER', 'TRANSACTION_ROLLED_BACK', 'TRANSACTION_CONFLICT', 'ROUND_STAKE_REFUSED'],
  rollback: ['VALIDATION', 'INVALID_SIGNATURE', 'REQUEST_EXPIRED', 'INVALID_TOKEN', 'UNKNOWN_PROVIDER', 'INSUFFICIENT_FUNDS', 'TRANSACTION_CONFLICT'],
};

const ERROR_REF = { $ref: '#/components/responses/ProviderWalletError' };

function operationOf(action: ProviderWalletAction): OpenApiOperation {
  const codes = [...CODES[action], 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'] as WalletErrorCode[];
  const statuses = [...new Set(codes.map((code) => WALLET_ERROR_STATUS[code]))].sort((a, b) => a - b);
  const summary = SUMMARIES[action];
  return {
    operationId: `providerWallet${action[0]!.toUpperCase()}${action.slice(1)}`,
    summary: summary.slice(0, summary.indexOf('.') + 1),
    description: [
      summary,
      '',
      `**Access.** A game provider's server: \`${PROVIDER_SIGNATURE_HEADER}\` must be the hex HMAC-SHA256 under the secret of the provider ` +
        `\`{code}\` of \`<${PROVIDER_TIMESTAMP_HEADER}>.POST /api/providers/{code}/wallet/${action}.<raw body>\` (else INVALID_SIGNATURE, 401), ` +
        `\`${PROVIDER_TIMESTAMP_HEADER}\` within ${WALLET_SIGNATURE_MAX_SKEW_SECONDS / 60} minutes of the platform's clock (else REQUEST_EXPIRED, 401), \`type\` "${action}", ` +
        'and `token` the game session token of its launch address, of a session of that provider (else INVALID_TOKEN, 401). The tag "Provider wallet" has a worked example of the signature.',
      '',
      `**Error codes.** ${codes.map((code) => `${code} (${WALLET_ERROR_STATUS[code]})`).join(', ')}.`,
    ].join('\n'),
    tags: [PROVIDER_WALLET_TAG.name],
    'x-access': 'provider',
    parameters: [
      {
        name: 'code',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
        description: 'The provider code (any case) of a configured integration (GAME_PROVIDERS); else UNKNOWN_PROVIDER (404).',
      },
      {
        name: PROVIDER_SIGNATURE_HEADER,
        in: 'header',
        required: true,
        schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
        description: `Hex HMAC-SHA256 under the provider's secret of \`<${PROVIDER_TIMESTAMP_HEADER}>.<METHOD> <path>.<raw body>\`.`,
      },
      {
        name: PROVIDER_TIMESTAMP_HEADER,
        in: 'header',
        required: true,
        schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
        description: `When the request was signed, in unix seconds; refused (REQUEST_EXPIRED) beyond ${WALLET_SIGNATURE_MAX_SKEW_SECONDS} seconds either side of the platform's clock.`,
      },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(WALLET_REQUESTS[action], 'input'), example: EXAMPLES[action] } } },
    responses: {
      '200': {
        description: 'Done (or a replay of a transaction already done): the balance now.',
        content: { 'application/json': { schema: jsonSchemaOf(walletOkReply, 'output') } },
      },
      ...Object.fromEntries(statuses.map((status) => [String(status), ERROR_REF])),
    },
  };
}

/** The paths, tag and components the callbacks add to the OpenAPI document. */
export function providerWalletDocs(): {
  tag: { name: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  schemas: Record<string, JsonSchema>;
  responses: Record<string, unknown>;
} {
  return {
    tag: PROVIDER_WALLET_TAG,
    paths: Object.fromEntries(PROVIDER_WALLET_ACTIONS.map((action) => [`/api/providers/{code}/wallet/${action}`, { post: operationOf(action) }])),
    schemas: { ProviderWalletError: jsonSchemaOf(walletErrorReply, 'output') },
    responses: {
      ProviderWalletError: {
        description: 'An error reply of the provider wallet: status "ERROR", a code, and the balance when the token named a session.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ProviderWalletError' } } },
      },
    },
  };
}
