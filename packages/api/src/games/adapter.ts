import type { LaunchMode, LocaleCode, WalletErrorCode } from '@wl/contracts';

/*
 * How the platform talks to a game provider. Two directions:
 *
 * - launch: the platform asks the provider's adapter where to open a game for a recorded game
 *   session (ProviderAdapter.launch). Adapters are configured per provider code (registry.ts).
 * - the seamless wallet: the provider holds no balance of its own; its server asks the platform
 *   to read, take and give money while the player plays (SeamlessWallet: balance, debit, credit,
 *   rollback, implemented by wallet-callbacks.ts). seamless.ts carries these over HTTP with an
 *   HMAC signature; another wire protocol would be another adapter over the same operations.
 */

/** What an adapter gets to open a game. */
export interface LaunchRequest {
  /**
   * The game session's token: random, 32 bytes, base64url. The provider sends it back with every
   * wallet callback of this session; the platform keeps only its SHA-256. A secret: never logged.
   */
  token: string;
  /** The provider's code of the game (games.game_code). */
  gameCode: string;
  /** The provider's code as the catalogue spells it (PG, EVOPLAY...). */
  providerCode: string;
  /** The player's account id (lower case): a display name for the provider, never a credential. */
  accountId: string;
  /** ISO 4217 code of the site's currency: the provider plays in it. */
  currency: string;
  /** The game's language: the page's locale code and its BCP 47 tag (EN/en, CN/zh-CN...). */
  language: { locale: LocaleCode; tag: string };
  /** The client the provider should open. */
  device: 'desktop' | 'mobile';
  /** Where the provider's exit or home button leads back: the game's lobby on the player's site. */
  returnUrl: string;
  /** The player's stable reference within the site (their id), the same in every game session. */
  playerRef: string;
  /** The site's stable reference (its external id). */
  siteRef: string;
}

export interface LaunchResult {
  /** An absolute http(s) address to open. */
  url: string;
  /** How it must open, when the provider decides (else the integration's setting, else iframe). */
  mode?: LaunchMode;
}

/**
 * A provider integration's launch side. launch() may call the provider (a real integration often
 * asks its API for a one-time URL); it rejects when the provider refuses or cannot be reached,
 * which the launch call answers as gameNotAvailable. Errors must not carry the token or secrets
 * in their messages: the launch call logs them.
 */
export interface ProviderAdapter {
  launch(request: LaunchRequest): Promise<LaunchResult>;
  /** Play money for a guest (no session, no wallet), for providers that offer it; absent otherwise. */
  demo?(request: DemoRequest): Promise<LaunchResult>;
}

/** What a demo (play money) launch needs: no token, no player. */
export interface DemoRequest {
  gameCode: string;
  currency: string;
  language: { locale: LocaleCode; tag: string };
  device: 'desktop' | 'mobile';
  /** Where the game's exit leads back: the game's lobby on the site. */
  returnUrl: string;
}

/*
 * The seamless wallet: what the platform offers a provider's server. Every operation names the
 * game session by its token; the session fixes the player, the site, the provider and the
 * currency. The provider of the request must be the session's provider (else INVALID_TOKEN).
 *
 * Idempotency: debit, credit and rollback are keyed by the provider's transaction id, unique per
 * provider and site (ADR 0020). A second request with an id already recorded is a replay: it
 * answers as the first time (OK with the balance now, or the same refusal) and moves nothing,
 * provided it is the same operation (kind, amount, round, player and, for a rollback, the reversed
 * id); otherwise TRANSACTION_CONFLICT. A refused debit (INSUFFICIENT_FUNDS, PLAYER_BLOCKED) is
 * recorded as refused, so its id cannot later name a credit; a rollback of it moves nothing and
 * answers OK; a credit of a named round whose stakes were all refused answers ROUND_STAKE_REFUSED.
 *
 * Atomicity: each operation is one database transaction that writes the provider transaction and
 * its ledger entry together (docs/product.md D6). Requests naming the same transaction id (replays,
 * a transaction and its rollback) run one at a time; the wallet row's lock orders the rest, so
 * concurrent callbacks never take a balance below zero and racing replays move money once.
 *
 * Rollbacks: reversing a debit credits the stake back; reversing a credit debits the win, and is
 * refused with INSUFFICIENT_FUNDS when the balance no longer holds it (a balance never goes
 * negative; the credit stands and the operator settles it). A rollback of an id not seen yet is
 * recorded: the late original then answers TRANSACTION_ROLLED_BACK. A second rollback of the same
 * transaction is recorded and moves nothing. A transaction that was rolled back answers
 * TRANSACTION_ROLLED_BACK to any later request with its id, replays included.
 */

export interface WalletSessionRequest {
  /** The provider code of the request (the URL's), matched case-insensitively to the session's. */
  providerCode: string;
  token: string;
}

export interface WalletMoveRequest extends WalletSessionRequest {
  transactionId: string;
  roundId: string;
  /** Non-negative exact decimal string of at most 4 decimals. */
  amount: string;
}

export interface WalletRollbackRequest extends WalletSessionRequest {
  transactionId: string;
  roundId: string;
  reversesTransactionId: string;
  /** When given and the reversed transaction is known, it must be that transaction's amount. */
  amount?: string | undefined;
}

export type WalletResult =
  | { ok: true; balance: string; currency: string; /** A replay of a transaction already recorded: nothing moved. */ replayed: boolean }
  | {
      ok: false;
      code: WalletErrorCode;
      /** Short English text for the provider's operators; never a secret. */
      message: string;
      /** The balance now, when the token named a session. */
      balance?: string;
      currency?: string;
    };

export interface SeamlessWallet {
  /** The player's balance. */
  balance(request: WalletSessionRequest): Promise<WalletResult>;
  /** A stake: takes `amount` from the balance (ledger type bet); refused beyond the balance. */
  debit(request: WalletMoveRequest): Promise<WalletResult>;
  /** A win: adds `amount` (ledger type win); a zero win records the round and moves nothing. */
  credit(request: WalletMoveRequest): Promise<WalletResult>;
  /** Reverses a debit or a credit (ledger type rollback). */
  rollback(request: WalletRollbackRequest): Promise<WalletResult>;
}
