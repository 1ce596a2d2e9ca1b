import { Redis } from 'ioredis';
import { MemoryRateLimiter, type RateLimiter, type RateLimitResult, type RateLimitRule } from './rate-limit.js';

/** Every key of the limiter starts with this, so the limits share a Redis with other data safely. */
export const REDIS_KEY_PREFIX = 'wl:rl:';

export interface RedisRateLimiterOptions {
  /** Key prefix (default 'wl:rl:'); the tests use their own. */
  keyPrefix?: string;
  /** Called with Redis connection errors after start-up (the client reconnects by itself). */
  onError?: (error: Error) => void;
  /**
   * Called when a count could not reach Redis and was made in this process instead, at most once
   * per outage (until Redis answers again).
   */
  onFallback?: (error: Error) => void;
}

/**
 * The limiter could not ask Redis and has no fallback. Its code marks it as a connection failure,
 * so the call answers serviceUnavailable rather than run unlimited.
 */
export class RateLimiterUnavailableError extends Error {
  readonly code = 'ECONNREFUSED';
  constructor(cause: unknown) {
    super('Redis rate limiter unavailable', { cause });
    this.name = 'RateLimiterUnavailableError';
  }
}

/**
 * Fixed-window limits shared by every process through Redis (REDIS_URL): one counter per rule
 * and key, counted with INCR and given its window with PEXPIRE NX (Redis 7 or later) in one
 * MULTI, so the first hit of a window starts it and later hits never stretch it.
 *
 * While Redis cannot be reached, a `fallback` limiter counts in this process (ADR 0021, update of
 * issue 28): the limits still hold, each process counting its own share (so up to the number of
 * processes times looser), and no call fails because a counter store is away. Without a fallback
 * the limited calls answer serviceUnavailable.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;
  private readonly fallback: RateLimiter | null;
  private readonly onFallback: ((error: Error) => void) | undefined;
  /** Redis failed and the fallback counts, until Redis answers again. */
  private fallingBack = false;

  constructor(
    private readonly client: Redis,
    options: { keyPrefix?: string; fallback?: RateLimiter | null; onFallback?: (error: Error) => void } = {},
  ) {
    this.prefix = options.keyPrefix ?? REDIS_KEY_PREFIX;
    this.fallback = options.fallback ?? null;
    this.onFallback = options.onFallback;
  }

  /** Redis failed: the fallback's answer, or the error when there is none. */
  private unavailable(error: unknown): RateLimiter {
    const failure = new RateLimiterUnavailableError(error);
    if (!this.fallback) throw failure;
    if (!this.fallingBack) {
      this.fallingBack = true;
      this.onFallback?.(failure);
    }
    return this.fallback;
  }

  keyOf(rule: RateLimitRule, key: string): string {
    return `${this.prefix}${rule.name}:${key}`;
  }

  async hit(rule: RateLimitRule, key: string): Promise<RateLimitResult> {
    const id = this.keyOf(rule, key);
    let results: [error: Error | null, result: unknown][] | null;
    try {
      results = await this.client.multi().incr(id).pexpire(id, rule.windowMs, 'NX').pttl(id).exec();
    } catch (error) {
      return this.unavailable(error).hit(rule, key);
    }
    if (!results) return this.unavailable(new Error('MULTI was discarded')).hit(rule, key);
    const failed = results.find(([error]) => error);
    if (failed) return this.unavailable(failed[0]).hit(rule, key);
    this.fallingBack = false;
    const count = Number(results[0]![1]);
    const ttl = Number(results[2]![1]);
    if (count <= rule.limit) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: ttl > 0 ? ttl : rule.windowMs };
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    // What the fallback counted during an outage goes too.
    await this.fallback?.reset(rule, key);
    try {
      await this.client.del(this.keyOf(rule, key));
    } catch (error) {
      await this.unavailable(error).reset(rule, key);
    }
  }

  async close(): Promise<void> {
    await this.fallback?.close();
    if (this.client.status === 'end') return;
    try {
      await this.client.quit();
    } catch {
      // Already disconnected: nothing left to close.
      this.client.disconnect();
    }
  }
}

/**
 * Connects to Redis and answers the shared limiter, counting in this process while Redis is away
 * (`fallback: null` answers serviceUnavailable instead); fails at once (and does not keep retrying)
 * when Redis cannot be reached at start-up, so a wrong REDIS_URL is seen when the server starts.
 */
export async function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions & { fallback?: RateLimiter | null } = {}): Promise<RateLimiter> {
  const client = new Redis(url, {
    lazyConnect: true,
    // A request waits for Redis at most this long; without a connection it fails at once.
    commandTimeout: 2_000,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // Without a listener ioredis prints every connection error; the caller decides what to log.
  client.on('error', (error: Error) => options.onError?.(error));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot connect to Redis for rate limits (REDIS_URL): ${(error as Error).message}`, { cause: error });
  }
  return new RedisRateLimiter(client, {
    ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
    fallback: options.fallback === undefined ? new MemoryRateLimiter() : options.fallback,
    ...(options.onFallback ? { onFallback: options.onFallback } : {}),
  });
}
