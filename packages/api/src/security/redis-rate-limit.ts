import { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult, RateLimitRule } from './rate-limit.js';

/** Every key of the limiter starts with this, so the limits share a Redis with other data safely. */
export const REDIS_KEY_PREFIX = 'wl:rl:';

export interface RedisRateLimiterOptions {
  /** Key prefix (default 'wl:rl:'); the tests use their own. */
  keyPrefix?: string;
  /** Called with Redis connection errors after start-up (the client reconnects by itself). */
  onError?: (error: Error) => void;
}

/**
 * The limiter could not ask Redis. Its code marks it as a connection failure, so the call answers
 * serviceUnavailable: the limits fail closed, and no sensitive call runs unlimited.
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
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;

  constructor(
    private readonly client: Redis,
    options: { keyPrefix?: string } = {},
  ) {
    this.prefix = options.keyPrefix ?? REDIS_KEY_PREFIX;
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
      throw new RateLimiterUnavailableError(error);
    }
    if (!results) throw new RateLimiterUnavailableError(new Error('MULTI was discarded'));
    const failed = results.find(([error]) => error);
    if (failed) throw new RateLimiterUnavailableError(failed[0]);
    const count = Number(results[0]![1]);
    const ttl = Number(results[2]![1]);
    if (count <= rule.limit) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: ttl > 0 ? ttl : rule.windowMs };
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.client.del(this.keyOf(rule, key));
    } catch (error) {
      throw new RateLimiterUnavailableError(error);
    }
  }

  async close(): Promise<void> {
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
 * Connects to Redis and answers the shared limiter; fails at once (and does not keep retrying)
 * when Redis cannot be reached at start-up, so a wrong REDIS_URL is seen when the server starts.
 */
export async function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions = {}): Promise<RateLimiter> {
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
  return new RedisRateLimiter(client, options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix });
}
