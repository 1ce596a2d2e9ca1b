/**
 * The auth calls (docs/product.md §7, D5): login, one-time codes (request_login,
 * request_new_register, verify, login_tac), signup, forgot_password and update_password, on
 * the seeded demo sites. Every call: success, validation, session or credential failures and
 * tenant isolation (a player, code or token of one site is nothing on another).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { loginReply, tacRequestReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { players, playerVip, sessions, tacCodes, tacOutbox, wallets } from '../../src/db/schema.js';
import { createSession } from '../../src/accounts/sessions.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import {
  DEMO_PASSWORD,
  ageTacCodes,
  call,
  createPlayer,
  freshAccountId,
  freshIp,
  latestTac,
  loginToken,
  otherCode,
  playerRow,
  siteIdOf,
  siteOf,
} from './auth-fixtures.js';

const CASINO1 = 'casino1.localhost';
const SLOT5 = 'slot5.localhost';

describe.each(backends)('auth calls on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let casino1: number;
  let slot5: number;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
    slot5 = await siteIdOf(db, 'slot5');
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown, options?: { ip?: string; userAgent?: string }) => call(server.app, path, payload, options);

  /** Asks for a login code and answers it. */
  async function requestLoginCode(domain: string, accountId: string): Promise<string> {
    const { body } = await post('/api/auth/tac/request_login', { ...siteOf(domain), account_id: accountId });
    expect(body, JSON.stringify(body)).toMatchObject({ statusCode: 1, expires_in: 300, resend_in: 60 });
    return latestTac(server.app, domain, accountId);
  }

  /** Asks for a register code, verifies it and answers it. */
  async function verifiedRegisterCode(domain: string, accountId: string, phone?: string): Promise<string> {
    const request = await post('/api/auth/tac/request_new_register', { ...siteOf(domain), account_id: accountId, ...(phone ? { contact_phone: phone } : {}) });
    expect(request.body, JSON.stringify(request.body)).toMatchObject({ statusCode: 1 });
    const tac = await latestTac(server.app, domain, accountId);
    const verify = await post('/api/auth/tac/verify', { ...siteOf(domain), account_id: accountId, tac });
    expect(verify.body).toEqual({ statusCode: 1, message: 'OK', verified: true });
    return tac;
  }

  function signupPayload(domain: string, accountId: string, extra: Record<string, unknown> = {}) {
    return {
      ...siteOf(domain),
      account_id: accountId,
      password: 'newpass123',
      contact_phone: '09171234567',
      contact_email: `${accountId}@example.com`,
      birth_date: '1990-01-01',
      ...extra,
    };
  }

  // -------------------------------------------------------------------------------------------
  describe('login', () => {
    it('logs the demo player in, case-insensitively, with the login reply of the contract', async () => {
      const userAgent = 'vitest-agent/1.0';
      const ip = freshIp();
      const { status, body } = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'DeMo', password: DEMO_PASSWORD }, { ip, userAgent });
      expect(status).toBe(200);
      const reply = loginReply.parse(body);
      expect(reply.user).toEqual({ account_id: 'demo', session_token: reply.token, full_name: 'Demo Player', contact_email: 'demo@example.com' });
      expect(reply.fullname).toBe('Demo Player');
      expect(reply.email).toBe('demo@example.com');
      // Only the token's hash is stored, with the client's address and agent.
      const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(reply.token)));
      expect(session).toMatchObject({ siteId: casino1, ip, userAgent });
      expect(JSON.stringify(session)).not.toContain(reply.token);
      const balance = await post('/api/auth/get_balance', { account_id: 'demo', auth: reply.token });
      expect(balance.body.statusCode).toBe(1);
    });

    it('answers invalidCredentials alike for a wrong password and an unknown account', async () => {
      const player = await createPlayer(db, 'casino1');
      const wrong = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: 'wrongpass1' });
      const unknown = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: freshAccountId('nobody'), password: 'wrongpass1' });
      expect(wrong.body).toEqual({ statusCode: 0, message: 'invalidCredentials' });
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.status).toBe(401);
    });

    it('answers BLOCK for the blocked demo player with the right password only', async () => {
      const right = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'blocked', password: DEMO_PASSWORD });
      expect(right.body).toEqual({ statusCode: 0, message: 'BLOCK' });
      // A wrong password does not reveal the status.
      const wrong = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'blocked', password: 'notthepass1' });
      expect(wrong.body.message).toBe('invalidCredentials');
    });

    it('answers CLOSE for a closed account', async () => {
      const player = await createPlayer(db, 'casino1', { status: 'closed' });
      const { body } = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: player.password });
      expect(body).toEqual({ statusCode: 0, message: 'CLOSE' });
    });

    it("stores passwords at OWASP's scrypt cost, and upgrades an older, cheaper hash at the next good login (ADR 0023)", async () => {
      const player = await createPlayer(db, 'casino1', { password: 'oldcost123' });
      const current = (await playerRow(db, casino1, player.accountId))!.passwordHash;
      expect(current).toMatch(/^scrypt\$131072\$8\$1\$/);
      // A hash of the earlier cost (N=2^14), as players stored before this change have.
      const salt = randomBytes(16);
      const key = scryptSync('oldcost123', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
      const oldHash = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
      await db.update(players).set({ passwordHash: oldHash }).where(eq(players.id, player.id));

      // A wrong password upgrades nothing.
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: 'wrongpass1' })).body.message).toBe('invalidCredentials');
      expect((await playerRow(db, casino1, player.accountId))!.passwordHash).toBe(oldHash);

      await loginToken(server.app, CASINO1, player.accountId, 'oldcost123');
      const upgraded = (await playerRow(db, casino1, player.accountId))!.passwordHash;
      expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(upgraded).not.toBe(oldHash);
      // The new hash opens the account, and is left as it is at the next login.
      await loginToken(server.app, CASINO1, player.accountId, 'oldcost123');
      expect((await playerRow(db, casino1, player.accountId))!.passwordHash).toBe(upgraded);
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: 'oldcost124' })).body.message).toBe('invalidCredentials');
    });

    it('refuses invalid payloads with per-field errors', async () => {
      const missing = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ statusCode: 0, message: 'validationError', errors: { password: ['required'] } });
      const badId = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'de mo!', password: 'x' });
      expect((badId.body.errors as Record<string, string[]>).account_id).toContain('accountIdChars');
      const extra = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: 'demo', password: 'x', admin: true });
      expect(extra.body.errors).toEqual({ admin: ['unknownField'] });
    });

    it('keeps sites apart: a slot5 account cannot log in on casino1, nor with a mismatched site', async () => {
      const player = await createPlayer(db, 'slot5');
      const elsewhere = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: player.password });
      expect(elsewhere.body.message).toBe('invalidCredentials');
      const mixed = await post('/api/auth/login', { domain_name: CASINO1, external_id: 'slot5', account_id: player.accountId, password: player.password });
      expect(mixed.body.message).toBe('siteNotFound');
      const home = await post('/api/auth/login', { ...siteOf(SLOT5), account_id: player.accountId, password: player.password });
      expect(home.body.statusCode).toBe(1);
      // Same account id on two sites: each password opens its own site only.
      const twin = await createPlayer(db, 'casino1', { accountId: player.accountId, password: 'other4567' });
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: twin.accountId, password: player.password })).body.message).toBe(
        'invalidCredentials',
      );
      const token = await loginToken(server.app, CASINO1, twin.accountId, 'other4567');
      const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      expect(session?.siteId).toBe(casino1);
      expect(session?.playerId).toBe(twin.id);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('tac/request_login and login_tac', () => {
    it('sends a code to the outbox, stores only its hash, and logs in with it once', async () => {
      const player = await createPlayer(db, 'casino1');
      const { body } = await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId.toUpperCase() });
      expect(tacRequestReply.parse(body)).toEqual({ statusCode: 1, message: 'OK', expires_in: 300, resend_in: 60 });
      const tac = await latestTac(server.app, CASINO1, player.accountId);

      const [outbox] = await db.select().from(tacOutbox).where(and(eq(tacOutbox.siteId, casino1), eq(tacOutbox.accountId, player.accountId)));
      expect(outbox).toMatchObject({ phone: player.phone, purpose: 'login' });
      const [code] = await db.select().from(tacCodes).where(and(eq(tacCodes.siteId, casino1), eq(tacCodes.accountId, player.accountId)));
      expect(code).toMatchObject({ purpose: 'login', attempts: 0, consumedAt: null, phone: player.phone });
      expect(code!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(code!.codeHash).not.toContain(tac);
      const lifetime = code!.expiresAt.getTime() - code!.createdAt.getTime();
      expect(lifetime).toBe(300_000);

      const login = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      const reply = loginReply.parse(login.body);
      expect(reply.user.account_id).toBe(player.accountId);
      expect((await post('/api/settings/check_status', { account_id: player.accountId, auth: reply.token })).body.statusCode).toBe(1);
      // Used up.
      const again = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      expect(again.body).toEqual({ statusCode: 0, message: 'invalidTac' });
    });

    it('allows a new code only after 60 seconds, and the new code replaces the old one', async () => {
      const player = await createPlayer(db, 'casino1');
      const first = await requestLoginCode(CASINO1, player.accountId);
      const early = await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId });
      expect(early.status).toBe(429);
      expect(early.body.message).toBe('tooManyRequests');
      expect(early.body.resend_in).toBeGreaterThan(55);
      expect(early.body.resend_in).toBeLessThanOrEqual(60);

      await ageTacCodes(db, casino1, player.accountId, 45);
      const stillEarly = await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId });
      expect(stillEarly.body.resend_in).toBeGreaterThan(10);
      expect(stillEarly.body.resend_in).toBeLessThanOrEqual(15);

      await ageTacCodes(db, casino1, player.accountId, 16);
      const second = await requestLoginCode(CASINO1, player.accountId);
      const rows = await db.select().from(tacCodes).where(and(eq(tacCodes.siteId, casino1), eq(tacCodes.accountId, player.accountId)));
      expect(rows).toHaveLength(2);
      expect(rows.filter((row) => row.consumedAt === null)).toHaveLength(1);
      if (first !== second) {
        const old = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac: first });
        expect(old.body.message).toBe('invalidTac');
      }
      const login = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac: second });
      expect(login.body.statusCode).toBe(1);
    });

    it('uses a code once, and sends one code, however concurrent the requests', async () => {
      const player = await createPlayer(db, 'casino1');
      const requests = await Promise.all(
        Array.from({ length: 6 }, () => post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: player.accountId })),
      );
      expect(requests.filter((reply) => reply.body.statusCode === 1)).toHaveLength(1);
      expect(await db.select().from(tacOutbox).where(and(eq(tacOutbox.siteId, casino1), eq(tacOutbox.accountId, player.accountId)))).toHaveLength(1);
      const tac = await latestTac(server.app, CASINO1, player.accountId);
      const logins = await Promise.all(
        Array.from({ length: 6 }, () => post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac })),
      );
      expect(logins.filter((reply) => reply.body.statusCode === 1)).toHaveLength(1);
      expect(logins.filter((reply) => reply.body.message === 'invalidTac')).toHaveLength(5);
    });

    it('kills a code after 5 wrong tries (tacExpired, even for the right code)', async () => {
      const player = await createPlayer(db, 'casino1');
      const tac = await requestLoginCode(CASINO1, player.accountId);
      for (let i = 0; i < 5; i++) {
        const wrong = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac: otherCode(tac) });
        expect(wrong.body.message, `try ${i + 1}`).toBe('invalidTac');
      }
      const [code] = await db.select().from(tacCodes).where(and(eq(tacCodes.siteId, casino1), eq(tacCodes.accountId, player.accountId)));
      expect(code!.attempts).toBe(5);
      const right = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      expect(right.body).toEqual({ statusCode: 0, message: 'tacExpired' });
      const verify = await post('/api/auth/tac/verify', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      expect(verify.body.message).toBe('tacExpired');
    });

    it('answers tacExpired for a code past its 5 minutes', async () => {
      const player = await createPlayer(db, 'casino1');
      const tac = await requestLoginCode(CASINO1, player.accountId);
      await db
        .update(tacCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(tacCodes.siteId, casino1), eq(tacCodes.accountId, player.accountId)));
      const { body } = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      expect(body).toEqual({ statusCode: 0, message: 'tacExpired' });
    });

    it('refuses unknown, blocked and closed accounts and accounts without a phone', async () => {
      const site = siteOf(CASINO1);
      expect((await post('/api/auth/tac/request_login', { ...site, account_id: freshAccountId('nobody') })).body.message).toBe('accountNotFound');
      expect((await post('/api/auth/tac/request_login', { ...site, account_id: 'blocked' })).body.message).toBe('BLOCK');
      const closed = await createPlayer(db, 'casino1', { status: 'closed' });
      expect((await post('/api/auth/tac/request_login', { ...site, account_id: closed.accountId })).body.message).toBe('CLOSE');
      const phoneless = await createPlayer(db, 'casino1', { phone: '' });
      expect((await post('/api/auth/tac/request_login', { ...site, account_id: phoneless.accountId })).body.message).toBe('accountNotFound');
      expect(await db.select().from(tacOutbox).where(eq(tacOutbox.accountId, phoneless.accountId))).toHaveLength(0);
    });

    it('answers BLOCK at login_tac when the account was blocked after the code was sent', async () => {
      const player = await createPlayer(db, 'casino1');
      const tac = await requestLoginCode(CASINO1, player.accountId);
      await db.update(players).set({ status: 'blocked' }).where(eq(players.id, player.id));
      const { body } = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      expect(body).toEqual({ statusCode: 0, message: 'BLOCK' });
    });

    it('refuses invalid payloads with per-field errors', async () => {
      const request = await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: 'ab' });
      expect(request.body).toMatchObject({ message: 'validationError', errors: { account_id: ['accountIdLength'] } });
      const login = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: 'demo', tac: '12345' });
      expect(login.body).toMatchObject({ message: 'validationError', errors: { tac: ['tacFormat'] } });
      const typed = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: 'demo', tac: 123456 });
      expect(typed.body).toMatchObject({ message: 'validationError', errors: { tac: ['invalidType'] } });
    });

    it("keeps sites apart: a slot5 code does not open the same account id on casino1", async () => {
      const accountId = freshAccountId('twin');
      await createPlayer(db, 'slot5', { accountId });
      const casinoTwin = await createPlayer(db, 'casino1', { accountId });
      const tac = await requestLoginCode(SLOT5, accountId);
      const elsewhere = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: accountId, tac });
      expect(elsewhere.body.message).toBe('invalidTac');
      // A code of casino1's twin, sent meanwhile, is not opened by slot5's code either.
      const casinoTac = await requestLoginCode(CASINO1, accountId);
      if (casinoTac !== tac) {
        expect((await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: accountId, tac })).body.message).toBe('invalidTac');
      }
      const home = await post('/api/auth/login_tac', { ...siteOf(SLOT5), account_id: accountId, tac });
      expect(home.body.statusCode).toBe(1);
      const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(home.body.token as string)));
      expect(session?.siteId).toBe(slot5);
      expect(session?.playerId).not.toBe(casinoTwin.id);
      // A slot5-only account is unknown on casino1.
      const only = await createPlayer(db, 'slot5');
      expect((await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: only.accountId })).body.message).toBe('accountNotFound');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('tac/request_new_register and tac/verify', () => {
    it('sends a register code for a free account id to the given phone, and verifies it', async () => {
      const accountId = freshAccountId('new');
      const request = await post('/api/auth/tac/request_new_register', { ...siteOf(CASINO1), account_id: accountId, contact_phone: '09170000001' });
      expect(tacRequestReply.parse(request.body).expires_in).toBe(300);
      const [outbox] = await db.select().from(tacOutbox).where(and(eq(tacOutbox.siteId, casino1), eq(tacOutbox.accountId, accountId)));
      expect(outbox).toMatchObject({ phone: '09170000001', purpose: 'register' });
      const tac = await latestTac(server.app, CASINO1, accountId);
      const wrong = await post('/api/auth/tac/verify', { ...siteOf(CASINO1), account_id: accountId, tac: otherCode(tac) });
      expect(wrong.body).toEqual({ statusCode: 0, message: 'invalidTac' });
      const verify = await post('/api/auth/tac/verify', { ...siteOf(CASINO1), account_id: accountId, tac });
      expect(verify.body).toEqual({ statusCode: 1, message: 'OK', verified: true });
      const [code] = await db.select().from(tacCodes).where(and(eq(tacCodes.siteId, casino1), eq(tacCodes.accountId, accountId)));
      expect(code?.verifiedAt).toBeInstanceOf(Date);
      expect(code?.attempts).toBe(1);
    });

    it('refuses a taken account id (any case) with accountExists', async () => {
      const { body, status } = await post('/api/auth/tac/request_new_register', { ...siteOf(CASINO1), account_id: 'DEMO' });
      expect(body).toEqual({ statusCode: 0, message: 'accountExists' });
      expect(status).toBe(409);
    });

    it('checks a login code without using it up', async () => {
      const player = await createPlayer(db, 'casino1');
      const tac = await requestLoginCode(CASINO1, player.accountId);
      const verify = await post('/api/auth/tac/verify', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      expect(verify.body.statusCode).toBe(1);
      const login = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      expect(login.body.statusCode).toBe(1);
    });

    it('answers invalidTac when no code was sent, and validationError for a bad payload', async () => {
      expect((await post('/api/auth/tac/verify', { ...siteOf(CASINO1), account_id: freshAccountId(), tac: '000000' })).body.message).toBe('invalidTac');
      const bad = await post('/api/auth/tac/verify', { ...siteOf(CASINO1), account_id: 'demo', tac: 'abcdef' });
      expect(bad.body).toMatchObject({ message: 'validationError', errors: { tac: ['tacFormat'] } });
      const phone = await post('/api/auth/tac/request_new_register', { ...siteOf(CASINO1), account_id: freshAccountId(), contact_phone: '12ab5678' });
      expect(phone.body).toMatchObject({ message: 'validationError', errors: { contact_phone: ['numberOnly'] } });
      const missing = await post('/api/auth/tac/request_new_register', siteOf(CASINO1));
      expect(missing.body).toMatchObject({ message: 'validationError', errors: { account_id: ['required'] } });
    });

    it('keeps sites apart: a register code of slot5 is unknown on casino1', async () => {
      const accountId = freshAccountId('reg');
      await post('/api/auth/tac/request_new_register', { ...siteOf(SLOT5), account_id: accountId });
      const tac = await latestTac(server.app, SLOT5, accountId);
      const elsewhere = await post('/api/auth/tac/verify', { ...siteOf(CASINO1), account_id: accountId, tac });
      expect(elsewhere.body.message).toBe('invalidTac');
      // An account id taken on slot5 only is free on casino1.
      const only = await createPlayer(db, 'slot5');
      expect((await post('/api/auth/tac/request_new_register', { ...siteOf(CASINO1), account_id: only.accountId })).body.statusCode).toBe(1);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('signup', () => {
    it('creates the player with every tracking field, a referral link, wallet and VIP standing, and logs in', async () => {
      const accountId = freshAccountId('Sign');
      const lower = accountId.toLowerCase();
      await verifiedRegisterCode(CASINO1, lower, '09171234567');
      const demo = await playerRow(db, casino1, 'demo');
      const tracking = {
        referrer_code: demo!.referralCode.toLowerCase(),
        ch: 'facebook',
        cm: 'spring',
        pp: 'p1',
        affiliate_code: 'AFF9',
        fbp: 'fb.1.123.456',
        appsflyer_id: 'af-123',
        visitor_id: 'visitor-1',
      };
      const { body, status } = await post('/api/auth/signup', signupPayload(CASINO1, accountId, tracking));
      expect(status, JSON.stringify(body)).toBe(200);
      const reply = loginReply.parse(body);
      expect(reply.user).toEqual({ account_id: lower, session_token: reply.token, full_name: '', contact_email: `${accountId}@example.com` });

      const player = await playerRow(db, casino1, lower);
      expect(player).toMatchObject({
        contactPhone: '09171234567',
        status: 'active',
        referredBy: demo!.id,
        referrerCode: tracking.referrer_code,
        ch: 'facebook',
        cm: 'spring',
        pp: 'p1',
        affiliateCode: 'AFF9',
        fbp: 'fb.1.123.456',
        appsflyerId: 'af-123',
        visitorId: 'visitor-1',
      });
      expect(player!.passwordHash).toMatch(/^scrypt\$/);
      expect(player!.referralCode).toMatch(/^[A-Z2-9]{8}$/);
      const [wallet] = await db.select().from(wallets).where(eq(wallets.playerId, player!.id));
      expect(wallet).toMatchObject({ siteId: casino1, balance: '0.0000', tokens: '0.0000', frozenTokens: '0.0000' });
      const [vip] = await db.select().from(playerVip).where(eq(playerVip.playerId, player!.id));
      expect(vip?.level).toBe(1);
      // The register code is used up; the new password logs in.
      const [code] = await db.select().from(tacCodes).where(and(eq(tacCodes.siteId, casino1), eq(tacCodes.accountId, lower)));
      expect(code?.consumedAt).toBeInstanceOf(Date);
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: lower, password: 'newpass123' })).body.statusCode).toBe(1);
      const balance = await post('/api/auth/get_balance', { account_id: lower, auth: reply.token });
      expect(balance.body).toMatchObject({ statusCode: 1, game_balance: '0.0000', game_token: '0.0000' });
    });

    it('keeps an unknown or foreign referrer code without linking anybody', async () => {
      const slotDemo = await playerRow(db, slot5, 'demo');
      for (const referrer of ['NOSUCH99', slotDemo!.referralCode]) {
        const accountId = freshAccountId('ref');
        await verifiedRegisterCode(CASINO1, accountId);
        const { body } = await post('/api/auth/signup', signupPayload(CASINO1, accountId, { referrer_code: referrer }));
        expect(body.statusCode).toBe(1);
        const player = await playerRow(db, casino1, accountId);
        expect(player).toMatchObject({ referrerCode: referrer, referredBy: null, ch: null });
      }
    });

    it('needs a register code verified within 30 minutes (invalidTac)', async () => {
      const unverified = freshAccountId('nov');
      expect((await post('/api/auth/signup', signupPayload(CASINO1, unverified))).body).toEqual({ statusCode: 0, message: 'invalidTac' });
      await post('/api/auth/tac/request_new_register', { ...siteOf(CASINO1), account_id: unverified });
      expect((await post('/api/auth/signup', signupPayload(CASINO1, unverified))).body.message).toBe('invalidTac');

      const stale = freshAccountId('old');
      await verifiedRegisterCode(CASINO1, stale);
      await db
        .update(tacCodes)
        .set({ verifiedAt: sql`now() - interval '31 minutes'` })
        .where(and(eq(tacCodes.siteId, casino1), eq(tacCodes.accountId, stale)));
      expect((await post('/api/auth/signup', signupPayload(CASINO1, stale))).body.message).toBe('invalidTac');
      expect(await playerRow(db, casino1, stale)).toBeUndefined();
    });

    it('needs the phone the register code was sent to', async () => {
      const accountId = freshAccountId('ph');
      await verifiedRegisterCode(CASINO1, accountId, '09175550000');
      const other = await post('/api/auth/signup', signupPayload(CASINO1, accountId, { contact_phone: '09175550001' }));
      expect(other.body).toEqual({ statusCode: 0, message: 'phoneMismatch' });
      const right = await post('/api/auth/signup', signupPayload(CASINO1, accountId, { contact_phone: '09175550000' }));
      expect(right.body.statusCode).toBe(1);
    });

    it('refuses a taken account id, and a code verified on another site', async () => {
      expect((await post('/api/auth/signup', signupPayload(CASINO1, 'Demo'))).body).toEqual({ statusCode: 0, message: 'accountExists' });
      const accountId = freshAccountId('x');
      await verifiedRegisterCode(SLOT5, accountId);
      expect((await post('/api/auth/signup', signupPayload(CASINO1, accountId))).body.message).toBe('invalidTac');
      expect((await post('/api/auth/signup', signupPayload(SLOT5, accountId))).body.statusCode).toBe(1);
      expect(await playerRow(db, casino1, accountId)).toBeUndefined();
      expect((await playerRow(db, slot5, accountId))?.siteId).toBe(slot5);
    });

    it('creates one player when the same signup arrives several times at once', async () => {
      const accountId = freshAccountId('dup');
      await verifiedRegisterCode(CASINO1, accountId);
      const replies = await Promise.all(Array.from({ length: 4 }, () => post('/api/auth/signup', signupPayload(CASINO1, accountId))));
      expect(replies.filter((reply) => reply.body.statusCode === 1)).toHaveLength(1);
      for (const reply of replies.filter((r) => r.body.statusCode !== 1)) expect(['accountExists', 'invalidTac']).toContain(reply.body.message);
      const rows = await db.select().from(players).where(and(eq(players.siteId, casino1), eq(players.accountId, accountId)));
      expect(rows).toHaveLength(1);
    });

    it('refuses invalid payloads with per-field errors', async () => {
      const { body } = await post('/api/auth/signup', {
        ...signupPayload(CASINO1, freshAccountId()),
        password: 'lettersonly',
        contact_email: 'not-an-email',
        contact_phone: '123',
        fbp: 'x'.repeat(300),
      });
      expect(body).toMatchObject({ statusCode: 0, message: 'validationError' });
      const errors = body.errors as Record<string, string[]>;
      expect(errors.password).toContain('passwordDigit');
      expect(errors.contact_email).toContain('Invalid email address');
      expect(errors.contact_phone).toContain('phoneLength');
      expect(errors.fbp).toContain('tooLong');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('forgot_password', () => {
    it('sends a reset code when the phone matches; login_tac and a new password without the old one follow', async () => {
      const player = await createPlayer(db, 'casino1');
      const { body } = await post('/api/auth/forgot_password', { ...siteOf(CASINO1), account_id: player.accountId, contact_phone: player.phone });
      expect(tacRequestReply.parse(body).resend_in).toBe(60);
      const [outbox] = await db
        .select()
        .from(tacOutbox)
        .where(and(eq(tacOutbox.siteId, casino1), eq(tacOutbox.accountId, player.accountId)))
        .orderBy(desc(tacOutbox.id));
      expect(outbox).toMatchObject({ purpose: 'reset', phone: player.phone });
      const tac = await latestTac(server.app, CASINO1, player.accountId);
      const login = await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac });
      const token = loginReply.parse(login.body).token;

      const change = await post('/api/auth/update_password', { account_id: player.accountId, auth: token, new_password: 'fresh1234' });
      expect(change.body).toEqual({ statusCode: 1, message: 'OK' });
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: 'fresh1234' })).body.statusCode).toBe(1);
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: player.password })).body.message).toBe(
        'invalidCredentials',
      );
    });

    it('answers phoneMismatch and accountNotFound, and BLOCK for a blocked account with the right phone', async () => {
      const player = await createPlayer(db, 'casino1');
      const site = siteOf(CASINO1);
      expect((await post('/api/auth/forgot_password', { ...site, account_id: player.accountId, contact_phone: '09999999999' })).body.message).toBe(
        'phoneMismatch',
      );
      expect((await post('/api/auth/forgot_password', { ...site, account_id: freshAccountId('no'), contact_phone: player.phone })).body.message).toBe(
        'accountNotFound',
      );
      const blocked = await playerRow(db, casino1, 'blocked');
      expect((await post('/api/auth/forgot_password', { ...site, account_id: 'blocked', contact_phone: blocked!.contactPhone })).body.message).toBe('BLOCK');
      expect(await db.select().from(tacOutbox).where(and(eq(tacOutbox.siteId, casino1), eq(tacOutbox.accountId, player.accountId)))).toHaveLength(0);
    });

    it('refuses invalid payloads, and keeps sites apart', async () => {
      const bad = await post('/api/auth/forgot_password', { ...siteOf(CASINO1), account_id: 'demo', contact_phone: '+639171234' });
      expect(bad.body).toMatchObject({ message: 'validationError', errors: { contact_phone: ['numberOnly'] } });
      const player = await createPlayer(db, 'slot5');
      const elsewhere = await post('/api/auth/forgot_password', { ...siteOf(CASINO1), account_id: player.accountId, contact_phone: player.phone });
      expect(elsewhere.body.message).toBe('accountNotFound');
    });

    it('does not let a password change skip the old password in a session opened otherwise', async () => {
      const player = await createPlayer(db, 'casino1');
      const tac = await requestLoginCode(CASINO1, player.accountId);
      const token = loginReply.parse((await post('/api/auth/login_tac', { ...siteOf(CASINO1), account_id: player.accountId, tac })).body).token;
      const change = await post('/api/auth/update_password', { account_id: player.accountId, auth: token, new_password: 'fresh1234' });
      expect(change.body).toEqual({ statusCode: 0, message: 'invalidPassword' });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('update_password', () => {
    it('changes the password, ends the other sessions and keeps this one', async () => {
      const player = await createPlayer(db, 'casino1');
      const other = await loginToken(server.app, CASINO1, player.accountId, player.password);
      const current = await loginToken(server.app, CASINO1, player.accountId, player.password);
      const { body } = await post('/api/auth/update_password', { account_id: player.accountId, auth: current, password: player.password, new_password: 'changed123' });
      expect(body).toEqual({ statusCode: 1, message: 'OK' });
      expect((await post('/api/settings/check_status', { account_id: player.accountId, auth: other })).body.message).toBe('sessionExpired');
      expect((await post('/api/settings/check_status', { account_id: player.accountId, auth: current })).body.statusCode).toBe(1);
      const [ended] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(other)));
      expect(ended?.revokedReason).toBe('password_changed');
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: 'changed123' })).body.statusCode).toBe(1);
    });

    it('answers invalidPassword for a wrong or missing current password', async () => {
      const player = await createPlayer(db, 'casino1');
      const token = await loginToken(server.app, CASINO1, player.accountId, player.password);
      const wrong = await post('/api/auth/update_password', { account_id: player.accountId, auth: token, password: 'nottheone1', new_password: 'changed123' });
      expect(wrong.body).toEqual({ statusCode: 0, message: 'invalidPassword' });
      const missing = await post('/api/auth/update_password', { account_id: player.accountId, auth: token, new_password: 'changed123' });
      expect(missing.body.message).toBe('invalidPassword');
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: player.password })).body.statusCode).toBe(1);
    });

    it('checks the strict rule on the new password', async () => {
      const player = await createPlayer(db, 'casino1');
      const token = await loginToken(server.app, CASINO1, player.accountId, player.password);
      const { body } = await post('/api/auth/update_password', { account_id: player.accountId, auth: token, password: player.password, new_password: '12345678' });
      expect(body).toMatchObject({ message: 'validationError', errors: { new_password: ['passwordLetter'] } });
    });

    it('answers the session failures', async () => {
      const player = await createPlayer(db, 'casino1');
      const token = await loginToken(server.app, CASINO1, player.accountId, player.password);
      const payload = { password: player.password, new_password: 'changed123' };
      expect((await post('/api/auth/update_password', { ...payload, account_id: player.accountId, auth: 'x'.repeat(43) })).body.message).toBe('sessionExpired');
      expect((await post('/api/auth/update_password', { ...payload, account_id: 'demo', auth: token })).body.message).toBe('permissionDenied');
      const missing = await post('/api/auth/update_password', { ...payload, account_id: player.accountId });
      expect(missing.body).toMatchObject({ message: 'validationError', errors: { auth: ['required'] } });
      const blocked = await playerRow(db, casino1, 'blocked');
      const blockedToken = await createSession(db, blocked!, { ip: '127.0.0.1', userAgent: 'test' });
      expect((await post('/api/auth/update_password', { ...payload, account_id: 'blocked', auth: blockedToken })).body.message).toBe('BLOCK');
    });

    it("keeps sites apart: a slot5 token changes nothing of casino1's player of the same id", async () => {
      const accountId = freshAccountId('pw');
      const slot = await createPlayer(db, 'slot5', { accountId });
      const casino = await createPlayer(db, 'casino1', { accountId, password: 'casino1234' });
      const token = await loginToken(server.app, SLOT5, accountId, slot.password);
      const { body } = await post('/api/auth/update_password', { account_id: accountId, auth: token, password: slot.password, new_password: 'changed123' });
      expect(body.statusCode).toBe(1);
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: accountId, password: casino.password })).body.statusCode).toBe(1);
      expect((await post('/api/auth/login', { ...siteOf(CASINO1), account_id: accountId, password: 'changed123' })).body.message).toBe('invalidCredentials');
    });
  });
});
