/**
 * Rate limits of the sensitive calls (login, one-time codes, signup, forgot_password), per
 * account, per client address, per phone and per site (ADR 0021): the in-memory limiter of the
 * test server, and the Redis limiter against a real Redis (TEST_REDIS_URL), where two processes
 * share one limit. The client address is the peer's unless it is a trusted proxy (TRUST_PROXY).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../../src/db/client.js';
import { buildApp } from '../../src/http/app.js';
import { MemoryRateLimiter, RATE_LIMITS, type RateLimiter, type RateLimitRule } from '../../src/security/rate-limit.js';
import { accountAddressKey, accountKey } from '../../src/accounts/limits.js';
import { createRedisRateLimiter, RateLimiterUnavailableError, REDIS_KEY_PREFIX, RedisRateLimiter } from '../../src/security/redis-rate-limit.js';
import { backends, buildApiApp, createTestServer, postJson, type TestServer } from './helpers.js';
import { DEMO_PASSWORD, ageTacCodes, call, createPlayer, freshAccountId, freshIp, latestTac, siteIdOf, siteOf } from './auth-fixtures.js';

const CASINO1 = 'casino1.localhost';
/** The load balancer of the trusted-proxy tests (TRUST_PROXY=192.0.2.1). */
const PROXY = '192.0.2.1';

/** A phone number no other request of the run uses. */
function freshPhone(): string {
  return `0917${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0').slice(-7)}`;
}
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const NEEDS_REDIS = TEST_REDIS_URL ? '' : ' (skipped: set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379, to run it)';

describe.each(backends)('rate limits on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let casino1: number;
  // The test server's own limiter, so a test can stand for many failed tries without making them.
  const limiter = new MemoryRateLimiter();
  // The same database behind a load balancer at PROXY (TRUST_PROXY=192.0.2.1).
  let proxied: FastifyInstance;

  beforeAll(async () => {
    server = await createTestServer({ backend, services: { rateLimiter: limiter } });
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
    proxied = await buildApiApp(server.database, {}, [PROXY]);
  });
  afterAll(async () => {
    await proxied?.close();
    await server?.close();
  });

  const post = (path: string, payload: unknown, ip?: string) => call(server.app, path, payload, ip ? { ip } : {});
  /**
   * Counts `times` tries under a limit as the server would: stands for failed logins or signups,
   * each of which costs a password hash (scrypt at OWASP's cost, a good part of a second here).
   */
  const tried = async (rule: RateLimitRule, key: string, times: number) => {
    for (let i = 0; i < times; i++) await limiter.hit(rule, key);
  };

  describe('in memory (the default)', () => {
    it('login: 10 tries per account and address in 15 minutes, then tooManyRequests there even with the right password', async () => {
      const player = await createPlayer(db, 'casino1');
      const other = await createPlayer(db, 'casino1');
      const stranger = freshIp();
      const attempt = (accountId: string, password: string, ip = stranger) => post('/api/auth/login', { ...siteOf(CASINO1), account_id: accountId, password }, ip);
      await tried(RATE_LIMITS.loginAccountAddress, accountAddressKey(casino1, player.accountId, stranger), RATE_LIMITS.loginAccountAddress.limit - 1);
      expect((await attempt(player.accountId, 'wrongpass1')).body.message).toBe('invalidCredentials');
      const limited = await attempt(player.accountId, player.password);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ statusCode: 0, message: 'tooManyRequests' });
      // The same account id in upper case is the same account; another account is not affected.
      expect((await attempt(player.accountId.toUpperCase(), player.password)).body.message).toBe('tooManyRequests');
      expect((await attempt(other.accountId, other.password)).body.statusCode).toBe(1);
    });

    it("login: a stranger's failed passwords do not lock the owner out of their own address", async () => {
      const player = await createPlayer(db, 'casino1');
      const stranger = freshIp();
      const attempt = (password: string, ip: string) => post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password }, ip);
      for (let i = 0; i < RATE_LIMITS.loginAccountAddress.limit; i++) expect((await attempt('wrongpass1', stranger)).body.message).toBe('invalidCredentials');
      expect((await attempt(player.password, stranger)).body.message).toBe('tooManyRequests');
      expect((await attempt(player.password, freshIp())).body.statusCode).toBe(1);
    }, 120_000);

    it('login: past the account-wide ceiling, password logins wait from every address; a one-time code still logs the owner in', async () => {
      const player = await createPlayer(db, 'casino1');
      // Failed tries from as many addresses as the ceiling allows, all below their own lock.
      await tried(RATE_LIMITS.loginAccount, accountKey(casino1, player.accountId), RATE_LIMITS.loginAccount.limit);
      const owner = freshIp();
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: player.password }, owner)).body.message).toBe(
        'tooManyRequests',
      );
      expect((await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId }, owner)).body.statusCode).toBe(1);
      const tac = await latestTac(server.app, CASINO1, player.accountId);
      expect((await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac }, owner)).body.statusCode).toBe(1);
    });

    it('login: a successful login clears the counter of its account and address', async () => {
      const player = await createPlayer(db, 'casino1');
      const ip = freshIp();
      const attempt = (password: string) => post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password }, ip);
      const key = accountAddressKey(casino1, player.accountId, ip);
      await tried(RATE_LIMITS.loginAccountAddress, key, RATE_LIMITS.loginAccountAddress.limit - 1);
      expect((await attempt(player.password)).body.statusCode).toBe(1);
      // Counted from zero again: the last try of a fresh window is still allowed.
      await tried(RATE_LIMITS.loginAccountAddress, key, RATE_LIMITS.loginAccountAddress.limit - 1);
      expect((await attempt('wrongpass1')).body.message).toBe('invalidCredentials');
    });

    it('login: 50 tries per client address, whatever the accounts', async () => {
      const ip = freshIp();
      await tried(RATE_LIMITS.loginIp, ip, RATE_LIMITS.loginIp.limit - 1);
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: freshAccountId('ip'), password: 'wrongpass1' }, ip)).body.message).toBe(
        'invalidCredentials',
      );
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: DEMO_PASSWORD }, ip)).body.message).toBe('tooManyRequests');
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: DEMO_PASSWORD })).body.statusCode).toBe(1);
    });

    /** Asks for a login code of an unknown account (no code is sent), from `peer`, saying X-Forwarded-For: `forwardedFor`. */
    const codeRequest = async (app: FastifyInstance, peer: string, forwardedFor: string) =>
      (
        await postJson(app, '/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: freshAccountId('xf') }, {
          remoteAddress: peer,
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).body.message;

    it('an untrusted peer cannot reset its per-address limit by rotating X-Forwarded-For', async () => {
      const peer = freshIp();
      for (let i = 0; i < RATE_LIMITS.tacRequestIp.limit; i++) expect(await codeRequest(server.app, peer, freshIp())).toBe('accountNotFound');
      expect(await codeRequest(server.app, peer, freshIp())).toBe('tooManyRequests');
    });

    it('behind a trusted proxy (TRUST_PROXY) the client address comes from X-Forwarded-For', async () => {
      const client = freshIp();
      for (let i = 0; i < RATE_LIMITS.tacRequestIp.limit; i++) expect(await codeRequest(proxied, PROXY, client)).toBe('accountNotFound');
      expect(await codeRequest(proxied, PROXY, client)).toBe('tooManyRequests');
      // Another client behind the same proxy has its own limit.
      expect(await codeRequest(proxied, PROXY, freshIp())).toBe('accountNotFound');
      // A peer that is not the proxy is not believed: its requests count under its own address.
      expect(await codeRequest(proxied, freshIp(), client)).toBe('accountNotFound');
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

    it('SMS: 5 codes an hour to one phone, whatever the call, account, site or client address', async () => {
      const phone = freshPhone();
      const player = await createPlayer(db, 'casino1', { phone });
      const register = (domain: string) =>
        post('/api/auth/tac/request_new_register', { ...siteOf(domain), account_id: freshAccountId('sms'), contact_phone: phone });
      expect((await register(CASINO1)).body.statusCode).toBe(1);
      expect((await register(CASINO1)).body.statusCode).toBe(1);
      expect((await register('slot5.localhost')).body.statusCode).toBe(1);
      expect((await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId })).body.statusCode).toBe(1);
      await ageTacCodes(db, casino1, player.accountId, 61);
      expect((await post('/api/auth/forgot_password', { ...siteOf(CASINO1), account_id: player.accountId, contact_phone: phone })).body.statusCode).toBe(1);
      const refused = await register(CASINO1);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ statusCode: 0, message: 'tooManyRequests' });
      expect(refused.body.resend_in).toBeGreaterThan(60);
      // From yet another address and account still refused; another phone is not affected.
      expect((await register(CASINO1)).body.message).toBe('tooManyRequests');
      expect((await post('/api/auth/tac/request_new_register', { ...siteOf(CASINO1), account_id: freshAccountId('sms'), contact_phone: freshPhone() })).body.statusCode).toBe(1);
    });

    it('SMS: a site sends at most its hourly allowance of codes', async () => {
      const site = 'sportsbook2.localhost';
      const siteId = await siteIdOf(db, 'sportsbook2');
      for (let i = 0; i < RATE_LIMITS.smsSite.limit; i++) await limiter.hit(RATE_LIMITS.smsSite, String(siteId));
      const { body } = await post('/api/auth/tac/request_new_register', { ...siteOf(site), account_id: freshAccountId('site'), contact_phone: freshPhone() });
      expect(body.message).toBe('tooManyRequests');
      // Other sites are not affected.
      expect((await post('/api/auth/tac/request_new_register', { ...siteOf(CASINO1), account_id: freshAccountId('site'), contact_phone: freshPhone() })).body.statusCode).toBe(1);
    });

    it('signup: 10 new players per client address an hour', async () => {
      const ip = freshIp();
      const signUp = async () => {
        const accountId = freshAccountId('reg');
        const phone = freshPhone();
        const site = siteOf(CASINO1);
        expect((await post('/api/auth/tac/request_new_register', { ...site, account_id: accountId, contact_phone: phone }, ip)).body.statusCode).toBe(1);
        const tac = await latestTac(server.app, CASINO1, accountId);
        expect((await post('/api/auth/tac/verify', { ...site, account_id: accountId, tac }, ip)).body.statusCode).toBe(1);
        const payload = { ...site, account_id: accountId, password: 'newpass123', contact_phone: phone, contact_email: `${accountId}@example.com`, birth_date: '1990-01-01' };
        return (await post('/api/auth/signup', payload, ip)).body;
      };
      await tried(RATE_LIMITS.registerIp, ip, RATE_LIMITS.registerIp.limit - 2);
      expect((await signUp()).statusCode).toBe(1);
      expect((await signUp()).statusCode).toBe(1);
      expect(await signUp()).toEqual({ statusCode: 0, message: 'tooManyRequests' });
      // A sign-up without a verified code uses up nothing: it is refused for its code, not its address.
      const unverified = { ...siteOf(CASINO1), account_id: freshAccountId('reg'), password: 'newpass123', contact_phone: freshPhone(), contact_email: 'x@example.com', birth_date: '1990-01-01' };
      expect((await post('/api/auth/signup', unverified, ip)).body.message).toBe('invalidTac');
    }, 60_000);

    it('signup: 20 per client address an hour', async () => {
      const ip = freshIp();
      const payload = () => ({
        ...siteOf(CASINO1),
        account_id: freshAccountId('su'),
        password: 'newpass123',
        contact_phone: '09171234567',
        contact_email: 'su@example.com',
        birth_date: '1990-01-01',
      });
      await tried(RATE_LIMITS.signupIp, ip, RATE_LIMITS.signupIp.limit - 1);
      expect((await post('/api/auth/signup', payload(), ip)).body.message).toBe('invalidTac');
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
      const ip = freshIp();
      await tried(RATE_LIMITS.loginAccountAddress, accountAddressKey(casino1, accountId, ip), RATE_LIMITS.loginAccountAddress.limit);
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: accountId, password: 'wrongpass1' }, ip)).body.message).toBe('tooManyRequests');
      const home = await post('/api/auth/login', { ...siteOf('slot5.localhost'), account_id: accountId, password: slot.password }, ip);
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
        const ip = freshIp();
        const attempt = (app: FastifyInstance, password: string) =>
          call(app, '/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password }, { ip });
        for (let i = 0; i < RATE_LIMITS.loginAccountAddress.limit; i++) {
          expect((await attempt(i % 2 ? appA : appB, 'wrongpass1')).body.message).toBe('invalidCredentials');
        }
        expect((await attempt(appA, player.password)).body.message).toBe('tooManyRequests');
        expect((await attempt(appB, player.password)).body.message).toBe('tooManyRequests');
        await inspector.del(`${REDIS_KEY_PREFIX}${RATE_LIMITS.loginAccountAddress.name}:${casino1}:${player.accountId}:${ip}`);
        expect((await attempt(appB, player.password)).body.statusCode).toBe(1);
        // A dozen password checks at full scrypt cost (about 128 MiB each): a loaded machine needs time.
      }, 120_000);

      it('while Redis is away the limits count in the process: calls are answered, and a limit still refuses', async () => {
        const fellBack: Error[] = [];
        // A Redis that does not answer, with the server's options: every command fails at once.
        const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
        away.on('error', () => undefined);
        const gone = new RedisRateLimiter(away, { fallback: new MemoryRateLimiter(), onFallback: (error) => fellBack.push(error) });
        limiters.push(gone);
        const app = await buildApp({ database: server.database, web: null, services: { rateLimiter: gone } });
        apps.push(app);
        const { body, status } = await call(app, '/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: DEMO_PASSWORD });
        expect(status).toBe(200);
        expect(body.statusCode).toBe(1);
        const rule = ruleOf('away', 2);
        expect((await gone.hit(rule, 'k')).allowed).toBe(true);
        expect((await gone.hit(rule, 'k')).allowed).toBe(true);
        expect((await gone.hit(rule, 'k')).allowed).toBe(false);
        // Told once per outage, not once per call.
        expect(fellBack).toHaveLength(1);
        expect(fellBack[0]).toBeInstanceOf(RateLimiterUnavailableError);
      });

      it('without a fallback, the sensitive calls answer serviceUnavailable while Redis is away', async () => {
        const gone = await createRedisRateLimiter(url, { fallback: null });
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
