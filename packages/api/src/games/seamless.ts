import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  LAUNCH_SIGNATURE_PARAM,
  LAUNCH_SIGNED_PARAMS,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  PROVIDER_WALLET_ACTIONS,
  WALLET_ERROR_STATUS,
  WALLET_REQUESTS,
  WALLET_SIGNATURE_MAX_SKEW_SECONDS,
  launchSigningString,
  walletSigningString,
  type LaunchMode,
  type ProviderWalletAction,
  type WalletErrorCode,
  type WalletErrorReply,
  type WalletOkReply,
} from '@wl/contracts';
import type { Db } from '../db/client.js';
import { isConnectionError } from '../db/client.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import type { LaunchRequest, LaunchResult, ProviderAdapter, WalletResult } from './adapter.js';
import { createSeamlessWallet } from './wallet-callbacks.js';

/** What a seamless integration is configured with (registry.ts validates it). */
export interface SeamlessIntegrationConfig {
  adapter: 'seamless';
  /** The provider's game address; the launch parameters are added to its query. */
  launch_url: string;
  /** The shared secret of the launch signature and the callbacks' X-Signature. */
  secret: string;
  mode?: LaunchMode | undefined;
}

/** What a wallet callback's signature covers, as received (ADR 0020). */
export interface SignedCallback {
  method: string;
  /** The request's path, without its query string. */
  path: string;
  /** The raw body. */
  body: string;
  /** X-Timestamp: unix seconds. */
  timestamp: string | undefined;
  /** X-Signature: hex HMAC-SHA256 of walletSigningString. */
  signature: string | undefined;
}

/** ok; invalid: no signature, or not the provider's; expired: the provider's, but signed too long ago (or ahead). */
export type CallbackCheck = 'ok' | 'invalid' | 'expired';

/** Checks that a callback comes from the provider, for this action, now. */
export interface CallbackAuthenticator {
  verify(request: SignedCallback, nowMs?: number): CallbackCheck;
}

/**
 * The generic HMAC seamless-wallet integration. Launch: the configured launch_url plus the query
 * token, game, currency, lang, device, return_url, player and site, and `signature`, the hex
 * HMAC-SHA256 under the secret of those parameters' values joined by line feeds in that order
 * (`launchSigningString` of the contracts). Callbacks: registerProviderWalletRoutes below.
 */
export class SeamlessAdapter implements ProviderAdapter, CallbackAuthenticator {
  // Private fields stay out of JSON.stringify and of logged objects.
  readonly #secret: string;
  readonly #launchUrl: string;

  constructor(config: SeamlessIntegrationConfig) {
    this.#secret = config.secret;
    this.#launchUrl = config.launch_url;
  }

  async launch(request: LaunchRequest): Promise<LaunchResult> {
    const signed = {
      token: request.token,
      game: request.gameCode,
      currency: request.currency,
      lang: request.language.tag,
      device: request.device,
      return_url: request.returnUrl,
      player: request.playerRef,
      site: request.siteRef,
    };
    const url = new URL(this.#launchUrl);
    for (const name of LAUNCH_SIGNED_PARAMS) url.searchParams.set(name, signed[name]);
    url.searchParams.set(LAUNCH_SIGNATURE_PARAM, hmacHex(this.#secret, launchSigningString(signed)));
    return { url: url.toString() };
  }

  /**
   * The signature first (in constant time), then the time: only the provider learns that its
   * clock is off. Within the window a captured request can only be replayed as itself, and the
   * transaction id makes that a no-op (wallet-callbacks.ts).
   */
  verify(request: SignedCallback, nowMs = Date.now()): CallbackCheck {
    const { signature, timestamp } = request;
    if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature) || !timestamp || !/^\d{1,12}$/.test(timestamp)) return 'invalid';
    const signed = walletSigningString({ timestamp, method: request.method, path: request.path, body: request.body });
    const expected = createHmac('sha256', this.#secret).update(signed, 'utf8').digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return Math.abs(nowMs / 1000 - Number(timestamp)) > WALLET_SIGNATURE_MAX_SKEW_SECONDS ? 'expired' : 'ok';
  }
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

const SIGNATURE_HEADER = PROVIDER_SIGNATURE_HEADER.toLowerCase();
const TIMESTAMP_HEADER = PROVIDER_TIMESTAMP_HEADER.toLowerCase();

function headerOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * What the wallet routes need of the configured integrations: each one's signature check. The
 * registry (registry.ts) is one; declared here so this module does not import the registry,
 * which imports it (ADR 0027: no import circles).
 */
export interface CallbackAuthenticators {
  get(code: string): { code: string; callbacks: CallbackAuthenticator | null } | undefined;
}

/**
 * POST /api/providers/:code/wallet/{balance,debit,credit,rollback}: a provider's wallet callbacks.
 * The body is read raw (the signature covers its exact bytes, whatever its content type, with the
 * method, the path and X-Timestamp: ADR 0020), the signature checked in constant time before
 * anything else is read, then the JSON validated with the contracts' schemas (whose `type` must be
 * the path's action). Replies are the protocol's {status: 'OK'|'ERROR'} with the HTTP status
 * of the code (WALLET_ERROR_STATUS); nothing here answers the sites' envelope or a bare 5xx.
 * Bodies and tokens are never logged.
 */
export async function registerProviderWalletRoutes(app: FastifyInstance, db: Db, registry: CallbackAuthenticators): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    // Oversized or unreadable bodies: the protocol's VALIDATION, not the sites' envelope.
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendError(reply, 'VALIDATION', error.statusCode === 413 ? 'The body is too large.' : 'The body could not be read.');
      }
      request.log.error({ err: error }, 'provider wallet callback failed');
      return sendError(reply, 'INTERNAL_ERROR', 'The platform failed; retry with the same transaction id.');
    });

    for (const action of PROVIDER_WALLET_ACTIONS) {
      scope.post<{ Params: { code: string } }>(`/api/providers/:code/wallet/${action}`, async (request, reply) => {
        const integration = registry.get(request.params.code);
        if (!integration?.callbacks) return sendError(reply, 'UNKNOWN_PROVIDER', 'No integration of this provider is configured.');
        const raw = typeof request.body === 'string' ? request.body : '';
        const check = integration.callbacks.verify({
          method: request.method,
          path: request.url.split('?', 1)[0]!,
          body: raw,
          timestamp: headerOf(request.headers[TIMESTAMP_HEADER]),
          signature: headerOf(request.headers[SIGNATURE_HEADER]),
        });
        if (check === 'invalid') {
          return sendError(
            reply,
            'INVALID_SIGNATURE',
            `${PROVIDER_SIGNATURE_HEADER} is not the HMAC-SHA256 under the provider's secret of "<${PROVIDER_TIMESTAMP_HEADER}>.POST <path>.<body>".`,
          );
        }
        if (check === 'expired') {
          return sendError(reply, 'REQUEST_EXPIRED', `${PROVIDER_TIMESTAMP_HEADER} is more than ${WALLET_SIGNATURE_MAX_SKEW_SECONDS} seconds from the platform's clock: sign again.`);
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return sendError(reply, 'VALIDATION', 'The body is not JSON.', { body: ['invalidJson'] });
        }
        const parsed = WALLET_REQUESTS[action].safeParse(json, { reportInput: true });
        if (!parsed.success) return sendError(reply, 'VALIDATION', 'The body breaks the protocol.', fieldErrorsOf(parsed.error));

        try {
          const result = await runAction(createSeamlessWallet(db, request.log), action, integration.code, parsed.data);
          return sendResult(reply, result);
        } catch (error) {
          request.log.error({ err: error, providerCode: integration.code, action }, 'provider wallet callback failed');
          return isConnectionError(error)
            ? sendError(reply, 'SERVICE_UNAVAILABLE', 'The platform cannot reach its database; retry with the same transaction id.')
            : sendError(reply, 'INTERNAL_ERROR', 'The platform failed; retry with the same transaction id.');
        }
      });
    }
  });
}

type ParsedRequest = { [A in ProviderWalletAction]: z.output<(typeof WALLET_REQUESTS)[A]> };

function runAction(
  wallet: ReturnType<typeof createSeamlessWallet>,
  action: ProviderWalletAction,
  providerCode: string,
  body: ParsedRequest[ProviderWalletAction],
): Promise<WalletResult> {
  switch (action) {
    case 'balance':
      return wallet.balance({ providerCode, token: body.token });
    case 'debit':
    case 'credit': {
      const move = body as ParsedRequest['debit'];
      return wallet[action]({ providerCode, token: move.token, transactionId: move.transaction_id, roundId: move.round_id, amount: move.amount });
    }
    case 'rollback': {
      const rollback = body as ParsedRequest['rollback'];
      return wallet.rollback({
        providerCode,
        token: rollback.token,
        transactionId: rollback.transaction_id,
        roundId: rollback.round_id,
        reversesTransactionId: rollback.reverses_transaction_id,
        amount: rollback.amount,
      });
    }
  }
}

function sendResult(reply: FastifyReply, result: WalletResult): FastifyReply {
  if (result.ok) {
    const body: WalletOkReply = { status: 'OK', balance: result.balance, currency: result.currency };
    return reply.code(200).send(body);
  }
  const { code, message, balance, currency } = result;
  return sendError(reply, code, message, undefined, balance !== undefined && currency !== undefined ? { balance, currency } : undefined);
}

function sendError(
  reply: FastifyReply,
  code: WalletErrorCode,
  message: string,
  errors?: Record<string, string[]>,
  now?: { balance: string; currency: string },
): FastifyReply {
  const body: WalletErrorReply = { status: 'ERROR', code, message, ...(errors ? { errors } : {}), ...(now ?? {}) };
  return reply.code(WALLET_ERROR_STATUS[code]).send(body);
}
