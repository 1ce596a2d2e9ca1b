/** The in-memory fixed-window limiter (the default when no REDIS_URL is set), on a fake clock. */
import { describe, expect, it } from 'vitest';
import { MEMORY_LIMITER_MAX_KEYS, MemoryRateLimiter, RATE_LIMITS, type RateLimitRule } from '../../src/security/rate-limit.js';

const rule: RateLimitRule = { name: 'test', limit: 3, windowMs: 1_000 };

// Starts at the real time: the limiter's first sweep is timed from Date.now(), not from the injected clock.
function limiterAt(start = Date.now()) {
  const clock = { now: start };
  return { clock, limiter: new MemoryRateLimiter(() => clock.now) };
}

describe('MemoryRateLimiter', () => {
  it('allows `limit` hits in a window, then refuses with the time left', async () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 3; i++) expect(await limiter.hit(rule, 'k')).toEqual({ allowed: true, retryAfterMs: 0 });
    clock.now += 400;
    expect(await limiter.hit(rule, 'k')).toEqual({ allowed: false, retryAfterMs: 600 });
    // Refused hits do not stretch the window.
    clock.now += 599;
    expect(await limiter.hit(rule, 'k')).toEqual({ allowed: false, retryAfterMs: 1 });
    clock.now += 1;
    expect(await limiter.hit(rule, 'k')).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it('counts keys and rules apart', async () => {
    const { limiter } = limiterAt();
    const other: RateLimitRule = { ...rule, name: 'other' };
    for (let i = 0; i < 3; i++) await limiter.hit(rule, 'a');
    expect((await limiter.hit(rule, 'a')).allowed).toBe(false);
    expect((await limiter.hit(rule, 'b')).allowed).toBe(true);
    expect((await limiter.hit(other, 'a')).allowed).toBe(true);
  });

  it('forgets a key on reset, and everything on close', async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 4; i++) await limiter.hit(rule, 'a');
    await limiter.reset(rule, 'a');
    expect((await limiter.hit(rule, 'a')).allowed).toBe(true);
    for (let i = 0; i < 4; i++) await limiter.hit(rule, 'b');
    await limiter.close();
    expect((await limiter.hit(rule, 'b')).allowed).toBe(true);
  });

  it('drops ended windows now and then, so memory stays bounded', async () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 100; i++) await limiter.hit(rule, `key-${i}`);
    expect(limiter.size).toBe(100);
    clock.now += 61_000;
    await limiter.hit(rule, 'fresh');
    expect(limiter.size).toBe(1);
  });

  it('keeps at most a fixed number of windows however many keys arrive in one window (LRU)', async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < MEMORY_LIMITER_MAX_KEYS + 5_000; i++) await limiter.hit(rule, `flood-${i}`);
    expect(limiter.size).toBe(MEMORY_LIMITER_MAX_KEYS);
  });

  it('forgets the least recently hit windows first, and still counts the busy ones', async () => {
    const clock = { now: Date.now() };
    const limiter = new MemoryRateLimiter(() => clock.now, 100);
    for (let i = 0; i < 3; i++) await limiter.hit(rule, 'busy');
    for (let i = 0; i < 500; i++) {
      await limiter.hit(rule, `flood-${i}`);
      // The busy key is hit again now and then (each refused hit keeps it recent).
      if (i % 50 === 0) expect((await limiter.hit(rule, 'busy')).allowed).toBe(false);
    }
    expect(limiter.size).toBe(100);
    expect((await limiter.hit(rule, 'busy')).allowed).toBe(false);
  });

  it('has a limit per account and per address for every sensitive call', () => {
    for (const [name, limit] of Object.entries(RATE_LIMITS)) {
      expect(limit.limit, name).toBeGreaterThan(0);
      expect(limit.windowMs, name).toBeGreaterThanOrEqual(60_000);
    }
    expect(RATE_LIMITS.loginIp.limit).toBeGreaterThan(RATE_LIMITS.loginAccountAddress.limit);
    // The account-wide ceiling is far above one address's lock (ADR 0021).
    expect(RATE_LIMITS.loginAccount.limit).toBeGreaterThanOrEqual(10 * RATE_LIMITS.loginAccountAddress.limit);
  });
});
