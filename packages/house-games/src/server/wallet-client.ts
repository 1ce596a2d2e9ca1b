import { createHmac } from 'node:crypto';
import {
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  walletErrorReply,
  walletOkReply,
  walletSigningString,
  type WalletErrorCode,
} from '@wl/contracts';
import { createHttpPost, type Post, type PostReply } from './http-post.js';

/*
 * The studio's side of the seamless wallet: the same signed HTTP requests an external provider
 * sends (ADR 0020), to POST <walletUrl>/api/providers/<code>/wallet/<action>. A reply is OK, a
 * refusal with the protocol's code, or "unknown": no answer in time, a 5xx, or a reply that is not
 * the protocol's. Unknown means the money may or may not have moved: the caller retries with the
 * same transaction id, or rolls back, and never guesses (recovery.ts).
 */

export type WalletAnswer =
  | { kind: 'ok'; balance: string; currency: string }
  | { kind: 'refused'; code: WalletErrorCode; balance: string | null }
  | { kind: 'unknown'; reason: string };

export interface WalletMove {
  token: string;
  transactionId: string;
  roundId: string;
  amount: string;
}

export interface WalletClient {
  balance(token: string): Promise<WalletAnswer>;
  debit(move: WalletMove): Promise<WalletAnswer>;
  credit(move: WalletMove): Promise<WalletAnswer>;
  rollback(move: Omit<WalletMove, 'amount'> & { reversesTransactionId: string; amount?: string }): Promise<WalletAnswer>;
}

export interface WalletClientOptions {
  /** The platform's address, e.g. http://127.0.0.1:3000; read at each call (the port may be chosen at listen). */
  walletUrl: () => string;
  providerCode: string;
  secret: string;
  /** How long a call may take before its answer counts as unknown. */
  timeoutMs?: number;
  /** Sends the requests (Node's HTTP client by default; the fault tests pass a fetch that cuts the line). */
  fetch?: Post;
}

export function createWalletClient(options: WalletClientOptions): WalletClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? createHttpPost();

  async function call(action: string, body: Record<string, unknown>): Promise<WalletAnswer> {
    const path = `/api/providers/${options.providerCode}/wallet/${action}`;
    const raw = JSON.stringify({ type: action, ...body });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', options.secret)
      .update(walletSigningString({ timestamp, method: 'POST', path, body: raw }), 'utf8')
      .digest('hex');
    let response: PostReply;
    try {
      response = await doFetch(`${options.walletUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PROVIDER_TIMESTAMP_HEADER]: timestamp, [PROVIDER_SIGNATURE_HEADER]: signature },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { kind: 'unknown', reason: error instanceof Error ? error.name : 'network' };
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return { kind: 'unknown', reason: `unreadable reply (${response.status})` };
    }
    const ok = walletOkReply.safeParse(json);
    if (ok.success && response.status === 200) return { kind: 'ok', balance: ok.data.balance, currency: ok.data.currency };
    const refused = walletErrorReply.safeParse(json);
    if (!refused.success) return { kind: 'unknown', reason: `not the protocol's reply (${response.status})` };
    // The platform failed or cannot reach its database: the money may or may not have moved.
    if (response.status >= 500) return { kind: 'unknown', reason: refused.data.code };
    return { kind: 'refused', code: refused.data.code, balance: refused.data.balance ?? null };
  }

  return {
    balance: (token) => call('balance', { token }),
    debit: (move) => call('debit', { token: move.token, transaction_id: move.transactionId, round_id: move.roundId, amount: move.amount }),
    credit: (move) => call('credit', { token: move.token, transaction_id: move.transactionId, round_id: move.roundId, amount: move.amount }),
    rollback: (move) =>
      call('rollback', {
        token: move.token,
        transaction_id: move.transactionId,
        round_id: move.roundId,
        reverses_transaction_id: move.reversesTransactionId,
        ...(move.amount !== undefined ? { amount: move.amount } : {}),
      }),
  };
}
