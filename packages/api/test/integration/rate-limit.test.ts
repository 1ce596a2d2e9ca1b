/**
 * Rate limits of the sensitive calls (login, one-time codes, signup, forgot_password), per
 * account and per client address: the in-memory limiter of the test server, and the Redis
 * limiter against a real Redis (TEST_REDIS_URL), where two processes share one limit.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../../src/db/client.js';
import { buildApp } from '../../src/http/app.js';
import { RATE_LIMITS, type RateLimiter, type RateLimitRule } from '../../src/security/rate-limit.js';
import { createRedisRateLimiter, REDIS_KEY_PREFIX } from '../../src/security/redis-rate-limit.js';
import { backends, createTestServer, postJson, type TestServer } from './helpers.js';
import { DEMO_PASSWORD, ageTacCodes, call, createPlayer, freshAccountId, freshIp, siteIdOf, siteOf } from './auth-fixtures.js';

const CASINO1 = 'casino1.localhost';
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const NEEDS_REDIS = TEST_REDIS_URL ? '' : ' (skipped: set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379, to run it)';

describe.each(backends)('rate limits on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let casino1: number;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown, ip?: string) => call(server.app, path, payload, ip ? { ip } : {});

  describe('in memory (the default)', () => {
    it('login: 10 tries per account in 15 minutes, then tooManyRequests even with the right password', async () => {
      const player = await createPlayer(db, 'casino1');
      const other = await createPlayer(db, 'casino1');
      const attempt = (accountId: string, password: string) => post('/api/auth/login', { ...siteOf(CASINO1), account_id: accountId, password });
      for (let i = 0; i < RATE_LIMITS.loginAccount.limit; i++) expect((await attempt(player.accountId, 'wrongpass1')).body.message).toBe('invalidCredentials');
      const limited = await attempt(player.accountId, player.password);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ statusCode: 0, message: 'tooManyRequests' });
      // The same account id in upper case is the same account; another account is not affected.
      expect((await attempt(player.accountId.toUpperCase(), player.password)).body.message).toBe('tooManyRequests');
      expect((await attempt(other.accountId, other.password)).body.statusCode).toBe(1);
    });

    it('login: a successful login clears the account counter', async () => {
      const player = await createPlayer(db, 'casino1');
      const attempt = (password: string) => post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password });
      for (let i = 0; i < RATE_LIMITS.loginAccount.limit - 1; i++) await attempt('wrongpass1');
      expect((await attempt(player.password)).body.statusCode).toBe(1);
      for (let i = 0; i < RATE_LIMITS.loginAccount.limit - 1; i++) expect((await attempt('wrongpass1')).body.message).toBe('invalidCredentials');
      expect((await attempt(player.password)).body.statusCode).toBe(1);
    });

    it('login: 50 tries per client address, whatever the accounts', async () => {
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.loginIp.limit; i++) {
        const { body } = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: freshAccountId('ip'), password: 'wrongpass1' }, ip);
        expect(body.message).toBe('invalidCredentials');
      }
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: DEMO_PASSWORD }, ip)).body.message).toBe('tooManyRequests');
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: DEMO_PASSWORD })).body.statusCode).toBe(1);
    });

    it('login: the client address comes from X-Forwarded-For behind a proxy', async () => {
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.loginIp.limit; i++) {
        await postJson(server.app, '/api/auth/login', { ...siteOf(CASINO1), account_id: freshAccountId('xf'), password: 'wrongpass1' }, {
          headers: { 'x-forwarded-for': ip },
        });
      }
      const { body } = await postJson(server.app, '/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: DEMO_PASSWORD }, {
        headers: { 'x-forwarded-for': ip },
      });
      expect(body.message).toBe('tooManyRequests');
    });

    it('tac/request_login: 5 codes per account an hour (beyond the 60-second interval)', async () => {
      const player = await createPlayer(db, 'casino1');
      for (let i = 0; i < RATE_LIMITS.tacRequestAccount.limit; i++) {
        const { body } = await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId });
        expect(body.statusCode, `request ${i + 1}`).toBe(1);
        await ageTacCodes(db, casino1, player.accountId, 61);
      }
      const { body, status } = await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId });
      expect(status).toBe(429);
      expect(body).toEqual({ statusCode: 0, message: 'tooManyRequests' });
    });

    it('tac/verify and login_tac: 20 checks per account in 15 minutes', async () => {
      const player = await createPlayer(db, 'casino1');
      await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId });
      const payload = { ...siteOf(CASINO1), account_id: player.accountId, tac: '000000' };
      for (let i = 0; i < RATE_LIMITS.tacVerifyAccount.limit; i++) {
        const path = i % 2 ? '/api/auth/tac/verify' : '/api/auth/login_tac';
        expect(['invalidTac', 'tacExpired', 'OK']).toContain((await post(path, payload)).body.message);
      }
      expect((await post('/api/auth/tac/verify', payload)).body.message).toBe('tooManyRequests');
      expect((await post('/api/auth/login_tac', payload)).body.message).toBe('tooManyRequests');
    });

    it('signup: 20 per client address an hour', async () => {
      const ip = freshIp();
      const payload = () => ({
        ...siteOf(CASINO1),
        account_id: freshAccountId('su'),
        password: 'newpass123',
        contact_phone: '09171234567',
        contact_email: 'su@example.com',
      });
      for (let i = 0; i < RATE_LIMITS.signupIp.limit; i++) expect((await post('/api/auth/signup', payload(), ip)).body.message).toBe('invalidTac');
      expect((await post('/api/auth/signup', payload(), ip)).body.message).toBe('tooManyRequests');
    });

    it('forgot_password: 5 per account an hour, 20 per client address', async () => {
      const player = await createPlayer(db, 'casino1');
      const attempt = (ip?: string, accountId = player.accountId) =>
        post('/api/auth/forgot_password', { ...siteOf(CASINO1), account_id: accountId, contact_phone: '09000000000' }, ip);
      for (let i = 0; i < RATE_LIMITS.forgotAccount.limit; i++) expect((await attempt()).body.message).toBe('phoneMismatch');
      expect((await attempt()).body.message).toBe('tooManyRequests');

      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.forgotIp.limit; i++) expect((await attempt(ip, freshAccountId('fg'))).body.message).toBe('accountNotFound');
      expect((await attempt(ip, freshAccountId('fg'))).body.message).toBe('tooManyRequests');
    });

    it('counts per site: the limit of an account id on one site leaves the same id on another alone', async () => {
      const accountId = freshAccountId('site');
      await createPlayer(db, 'casino1', { accountId });
      const slot = await createPlayer(db, 'slot5', { accountId });
      for (let i = 0; i <= RATE_LIMITS.loginAccount.limit; i++) await post('/api/auth/login', { ...siteOf(CASINO1), account_id: accountId, password: 'wrongpass1' });
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: accountId, password: 'wrongpass1' })).body.message).toBe('tooManyRequests');
      const home = await post('/api/auth/login', { ...siteOf('slot5.localhost'), account_id: accountId, password: slot.password });
      expect(home.body.statusCode).toBe(1);
    });
  });

  describe('through Redis', () => {
    it('refuses to start when Redis cannot be reached', async () => {
      await expect(createRedisRateLimiter('redis://127.0.0.1:1')).rejects.toThrow(/Cannot connect to Redis/);
    });

    describe.skipIf(!TEST_REDIS_URL)(`against TEST_REDIS_URL${NEEDS_REDIS}`, () => {
      const url = TEST_REDIS_URL!;
      let inspector: Redis;
      const limiters: RateLimiter[] = [];
      const apps: FastifyInstance[] = [];
      const run = randomBytes(4).toString('hex');
      const ruleOf = (name: string, limit: number, windowMs = 60_000): RateLimitRule => ({ name: `test-${run}-${name}`, limit, windowMs });

      const limiter = async () => {
        const created = await createRedisRateLimiter(url);
        limiters.push(created);
        return created;
      };

      beforeAll(async () => {
        inspector = new Redis(url);
      });
      afterAll(async () => {
        for (const app of apps) await app.close();
        for (const created of limiters) await created.close();
        const keys = await inspector.keys(`${REDIS_KEY_PREFIX}test-${run}-*`);
        if (keys.length) await inspector.del(...keys);
        await inspector.quit();
      });

      it("counts in a key under 'wl:rl:' that expires with its window, and forgets it on reset", async () => {
        const rule = ruleOf('basic', 3);
        const shared = await limiter();
        for (let i = 0; i < 3; i++) expect(await shared.hit(rule, 'k')).toEqual({ allowed: true, retryAfterMs: 0 });
        const refused = await shared.hit(rule, 'k');
        expect(refused.allowed).toBe(false);
        expect(refused.retryAfterMs).toBeGreaterThan(50_000);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
        const key = `${REDIS_KEY_PREFIX}${rule.name}:k`;
        expect(await inspector.get(key)).toBe('4');
        const ttl = await inspector.pttl(key);
        expect(ttl).toBeGreaterThan(50_000);
        // Later hits never stretch the window.
        expect(ttl).toBeLessThanOrEqual(60_000);
        expect((await shared.hit(rule, 'other')).allowed).toBe(true);
        await shared.reset(rule, 'k');
        expect(await inspector.exists(key)).toBe(0);
        expect((await shared.hit(rule, 'k')).allowed).toBe(true);
      });

      it('opens a new window when the old one ends', async () => {
        const rule = ruleOf('window', 1, 300);
        const shared = await limiter();
        expect((await shared.hit(rule, 'k')).allowed).toBe(true);
        expect((await shared.hit(rule, 'k')).allowed).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect((await shared.hit(rule, 'k')).allowed).toBe(true);
      });

      it('two limiter instances on the same Redis share one limit', async () => {
        const rule = ruleOf('shared', 4);
        const [first, second] = [await limiter(), await limiter()];
        const results = await Promise.all([first, second, first, second, first, second].map((instance) => instance.hit(rule, 'k')));
        expect(results.filter((result) => result.allowed)).toHaveLength(4);
        expect((await second.hit(rule, 'k')).allowed).toBe(false);
        await first.reset(rule, 'k');
        expect((await second.hit(rule, 'k')).allowed).toBe(true);
      });

      it('two app processes with Redis limiters enforce one login limit', async () => {
        const appA = await buildApp({ database: server.database, web: null, services: { rateLimiter: await limiter() } });
        const appB = await buildApp({ database: server.database, web: null, services: { rateLimiter: await limiter() } });
        apps.push(appA, appB);
        const player = await createPlayer(db, 'casino1', { accountId: freshAccountId(`r${run}`) });
        const attempt = (app: FastifyInstance, password: string) =>
          call(app, '/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password });
        for (let i = 0; i < RATE_LIMITS.loginAccount.limit; i++) {
          expect((await attempt(i % 2 ? appA : appB, 'wrongpass1')).body.message).toBe('invalidCredentials');
        }
        expect((await attempt(appA, player.password)).body.message).toBe('tooManyRequests');
        expect((await attempt(appB, player.password)).body.message).toBe('tooManyRequests');
        await inspector.del(`${REDIS_KEY_PREFIX}${RATE_LIMITS.loginAccount.name}:${casino1}:${player.accountId}`);
        expect((await attempt(appB, player.password)).body.statusCode).toBe(1);
      });

      it('fails closed: without Redis the sensitive calls answer serviceUnavailable', async () => {
        const gone = await createRedisRateLimiter(url);
        const app = await buildApp({ database: server.database, web: null, services: { rateLimiter: gone } });
        apps.push(app);
        await gone.close();
        const { body, status } = await call(app, '/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: DEMO_PASSWORD });
        expect(status).toBe(503);
        expect(body).toEqual({ statusCode: 0, message: 'serviceUnavailable' });
      });
    });
  });
});
