import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { RateLimiter } from '../security/rate-limit.js';
import type { TacSender } from '../accounts/tac-sender.js';
import type { GameProviderRegistry } from '../games/registry.js';
import type { PlayerCache } from '../accounts/player-cache.js';
import type { SiteLookup } from '../sites/sites.repo.js';
import type { TotpSealer } from '../backoffice/totp-sealing.js';

/*
 * What a call handler is given (ADR 0027: dependencies are passed, not found). A handler reaches
 * the process's shared parts (limits, caches, integrations) through its context, never through a
 * module-level registry keyed by the database handle: two apps on one database each have their own.
 */

/** Shared services of the call handlers, chosen when the app is built (http/app.ts). */
export interface Services {
  rateLimiter: RateLimiter;
  tacSender: TacSender;
  /** Development switch: GET /api/dev/tac answers the latest code sent to an account. */
  exposeTacCodes: boolean;
  /** The configured game provider integrations (games/registry.ts). */
  gameProviders: GameProviderRegistry;
  /**
   * The sites by domain and their category/provider rows: the app's site cache (sites/site-cache.ts)
   * or, when it cannot listen for changes, reads of the database.
   */
  siteLookup: SiteLookup;
  /** Sessions and balances in memory (accounts/player-cache.ts); null: read from the database. */
  playerCache: PlayerCache | null;
  /** How long a bet on a match under way waits before it is accepted (SPORTS_IN_PLAY_DELAY_MS). */
  sportsInPlayDelayMs: number;
  /** Seals and opens operators' TOTP secrets (ADR 0056); by default over a key made for this app alone. */
  totpSealer: TotpSealer;
}

/** What a call handler gets besides its payload. */
export interface CallContext {
  db: Db;
  log: FastifyBaseLogger;
  clientIp: string;
  userAgent: string;
  /** The request's scheme://host[:port] (X-Forwarded-Proto and -Host honoured from a TRUST_PROXY proxy only, ADR 0021). */
  origin: string;
  services: Services;
}
