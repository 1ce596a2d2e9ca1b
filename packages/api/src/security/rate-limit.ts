import { LRUCache } from 'lru-cache';
import { entryLimit } from '../shared/entry-limit.js';

/**
 * Fixed-window rate limits (login, TAC, signup, forgot_password, every SMS), per account, per
 * client address, per phone and per site. In memory by default; through Redis when REDIS_URL is
 * set, so processes share limits. The client address is the peer's unless TRUST_PROXY names it a
 * proxy (ADR 0021).
 */
export interface RateLimitRule {
  /** What is limited, e.g. 'login:account'. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Milliseconds until the window resets (0 when allowed). */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one attempt of `key` under `rule`. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitResult>;
  /** Forgets the attempts of `key` (e.g. after a successful login). */
  reset(rule: RateLimitRule, key: string): Promise<void>;
  close(): Promise<void>;
}

/** The limits of the platform's sensitive calls. */
export const RATE_LIMITS = {
  /**
   * Failed passwords lock an account from one address only (key site:account:address), so a
   * stranger's guesses never lock the owner out of their own address (ADR 0021).
   */
  loginAccountAddress: { name: 'login:account-address', limit: 10, windowMs: 15 * 60 * 1000 },
  /**
   * The ceiling of password tries on one account from every address together: bounds a guesser
   * with many addresses; the owner still logs in with a one-time code (login_tac) meanwhile.
   */
  loginAccount: { name: 'login:account', limit: 100, windowMs: 60 * 60 * 1000 },
  loginIp: { name: 'login:ip', limit: 50, windowMs: 15 * 60 * 1000 },
  tacRequestAccount: { name: 'tac-request:account', limit: 5, windowMs: 60 * 60 * 1000 },
  tacRequestIp: { name: 'tac-request:ip', limit: 30, windowMs: 60 * 60 * 1000 },
  tacVerifyAccount: { name: 'tac-verify:account', limit: 20, windowMs: 15 * 60 * 1000 },
  tacVerifyIp: { name: 'tac-verify:ip', limit: 60, windowMs: 15 * 60 * 1000 },
  signupIp: { name: 'signup:ip', limit: 20, windowMs: 60 * 60 * 1000 },
  forgotAccount: { name: 'forgot:account', limit: 5, windowMs: 60 * 60 * 1000 },
  forgotIp: { name: 'forgot:ip', limit: 20, windowMs: 60 * 60 * 1000 },
  /** New players per client address (counted once the player holds a verified register code). */
  registerIp: { name: 'register:ip', limit: 10, windowMs: 60 * 60 * 1000 },
  /** Every SMS (register, login and reset codes) to one phone number, whatever the account or site. */
  smsPhone: { name: 'sms:phone', limit: 5, windowMs: 60 * 60 * 1000 },
  /** Every SMS of one site: bounds the cost a flood can run up on a site's gateway. */
  smsSite: { name: 'sms:site', limit: 1000, windowMs: 60 * 60 * 1000 },
  /**
   * Failed operator authentications per client address: each is audited (ADR 0023), and the
   * append-only audit log must not be a sink anyone can fill; beyond it tooManyRequests, unaudited.
   */
  opsAuthFailureIp: { name: 'ops-auth-failure:ip', limit: 30, windowMs: 15 * 60 * 1000 },
  /** Back-office password tries per username and address, and per address (ADR 0044). */
  opsLoginAccountAddress: { name: 'ops-login:account-address', limit: 10, windowMs: 15 * 60 * 1000 },
  opsLoginIp: { name: 'ops-login:ip', limit: 30, windowMs: 15 * 60 * 1000 },
  /** Second-factor codes per back-office account: six digits are guessable without a bound. */
  opsTotpAccount: { name: 'ops-totp:account', limit: 10, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

/** Windows the in-memory limiter keeps at most; beyond it the least recently hit are forgotten. */
export const MEMORY_LIMITER_MAX_KEYS = 100_000;

export class MemoryRateLimiter implements RateLimiter {
  /**
   * Bounded, so a flood of distinct keys (addresses, phones, account ids) cannot grow memory
   * without end: the least recently hit windows go first, and those are the ones least likely
   * to be over their limit.
   */
  private readonly windows: LRUCache<string, { count: number; resetAt: number }>;
  private lastSweep: number;

  constructor(
    private readonly now: () => number = Date.now,
    maxKeys: number = MEMORY_LIMITER_MAX_KEYS,
  ) {
    this.lastSweep = now();
    this.windows = new LRUCache(entryLimit(maxKeys));
  }

  /** How many windows are kept (tests). */
  get size(): number {
    return this.windows.size;
  }

  async hit(rule: RateLimitRule, key: string): Promise<RateLimitResult> {
    const now = this.now();
    this.sweep(now);
    const id = `${rule.name}:${key}`;
    let window = this.windows.get(id);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(id, window);
    }
    window.count += 1;
    return window.count <= rule.limit ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: window.resetAt - now };
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    this.windows.delete(`${rule.name}:${key}`);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Drops ended windows now and then, so memory stays bounded. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    const ended = [...this.windows.entries()].filter(([, window]) => window.resetAt <= now).map(([id]) => id);
    for (const id of ended) this.windows.delete(id);
  }
}
