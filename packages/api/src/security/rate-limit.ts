/**
 * Fixed-window rate limits (login, TAC, signup, forgot_password), per account and per client
 * address. In memory by default; through Redis when REDIS_URL is set, so processes share limits.
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
  loginAccount: { name: 'login:account', limit: 10, windowMs: 15 * 60 * 1000 },
  loginIp: { name: 'login:ip', limit: 50, windowMs: 15 * 60 * 1000 },
  tacRequestAccount: { name: 'tac-request:account', limit: 5, windowMs: 60 * 60 * 1000 },
  tacRequestIp: { name: 'tac-request:ip', limit: 30, windowMs: 60 * 60 * 1000 },
  tacVerifyAccount: { name: 'tac-verify:account', limit: 20, windowMs: 15 * 60 * 1000 },
  tacVerifyIp: { name: 'tac-verify:ip', limit: 60, windowMs: 15 * 60 * 1000 },
  signupIp: { name: 'signup:ip', limit: 20, windowMs: 60 * 60 * 1000 },
  forgotAccount: { name: 'forgot:account', limit: 5, windowMs: 60 * 60 * 1000 },
  forgotIp: { name: 'forgot:ip', limit: 20, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastSweep = now();
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
    for (const [id, window] of this.windows) if (window.resetAt <= now) this.windows.delete(id);
  }
}
