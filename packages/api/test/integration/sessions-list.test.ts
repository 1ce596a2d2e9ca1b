/**
 * The security screen's session calls: POST /api/auth/sessions (the player's live sessions, with
 * masked address and device) and POST /api/auth/sessions/revoke_others ("sign out everywhere
 * else"). Success, validation, session failures and tenant isolation, plus the address masking
 * and device reading on their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessionsReply, sessionsRevokeOthersReply, type PlayerSessionInfo } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { players, sessions } from '../../src/db/schema.js';
import { createSession } from '../../src/accounts/sessions.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { describeDevice, maskIp } from '../../src/accounts/sessions-list.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { call, createPlayer, playerRow, siteIdOf, siteOf, type TestPlayer } from './auth-fixtures.js';

const LIST = '/api/auth/sessions';
const REVOKE = '/api/auth/sessions/revoke_others';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('session rows: address and device', () => {
  it('hides the last IPv4 octet and the host groups of an IPv6 address', () => {
    expect(maskIp('203.0.113.57')).toBe('203.0.113.*');
    expect(maskIp('::ffff:198.51.100.7')).toBe('198.51.100.*');
    expect(maskIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:*');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:*');
    expect(maskIp('::1')).toBe('*');
    expect(maskIp('')).toBe('');
    expect(maskIp('not an address')).toBe('');
  });

  it('reads browser and system, Chromium-based browsers before Chrome', () => {
    expect(describeDevice(WINDOWS_CHROME)).toBe('Chrome on Windows');
    expect(describeDevice(IPHONE_SAFARI)).toBe('Safari on iOS');
    expect(describeDevice(`${WINDOWS_CHROME} Edg/131.0.0.0`)).toBe('Edge on Windows');
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36')).toBe(
      'Samsung Internet on Android',
    );
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on macOS');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
  });

  it('shows an unknown agent raw, shortened, and nothing for no agent', () => {
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
    const long = `SomeBot/1.0 ${'x'.repeat(100)}`;
    expect(describeDevice(long)).toHaveLength(60);
    expect(describeDevice(long).endsWith('…')).toBe(true);
    expect(describeDevice('   ')).toBe('');
  });
});

describe.each(backends)('session list calls on %s', (backend) => {
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

  const post = (path: string, payload: unknown) => call(server.app, path, payload);

  /** Logs a player in from an address and a browser; answers the session token. */
  async function logIn(player: TestPlayer, domain: string, client: { ip: string; userAgent: string }): Promise<string> {
    const { body } = await call(server.app, '/api/auth/login', { ...siteOf(domain), account_id: player.accountId, password: player.password }, client);
    expect(body.statusCode, JSON.stringify(body)).toBe(1);
    return body.token as string;
  }

  async function list(player: TestPlayer, token: string): Promise<PlayerSessionInfo[]> {
    const { status, body } = await post(LIST, { account_id: player.accountId, auth: token });
    expect(status, JSON.stringify(body)).toBe(200);
    return sessionsReply.parse(body).value;
  }

  // -------------------------------------------------------------------------------------------
  describe('sessions', () => {
    it('lists the live sessions, this one first, with masked address and device', async () => {
      const player = await createPlayer(db, 'casino1');
      const phone = await logIn(player, 'casino1.localhost', { ip: '198.51.100.23', userAgent: IPHONE_SAFARI });
      const desk = await logIn(player, 'casino1.localhost', { ip: '203.0.113.57', userAgent: WINDOWS_CHROME });

      const rows = await list(player, desk);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ current: true, ip: '203.0.113.*', device: 'Chrome on Windows' });
      expect(rows[1]).toMatchObject({ current: false, ip: '198.51.100.*', device: 'Safari on iOS' });
      expect(new Set(rows.map((row) => row.id)).size).toBe(2);
      for (const row of rows) expect(Date.parse(row.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at) - 1000);
      // Neither the full address nor a token ever leaves the server.
      const raw = JSON.stringify((await post(LIST, { account_id: player.accountId, auth: desk })).body);
      expect(raw).not.toContain('203.0.113.57');
      expect(raw).not.toContain(desk);
      expect(raw).not.toContain(phone);

      // From the other session, that one is the current one.
      const fromPhone = await list(player, phone);
      expect(fromPhone.map((row) => [row.device, row.current])).toEqual([
        ['Safari on iOS', true],
        ['Chrome on Windows', false],
      ]);
    });

    it('leaves out ended, expired and idle sessions', async () => {
      const player = await createPlayer(db, 'casino1');
      const client = { ip: '203.0.113.9', userAgent: WINDOWS_CHROME };
      const current = await logIn(player, 'casino1.localhost', client);
      const [revoked, expired, idle, live] = await Promise.all([1, 2, 3, 4].map(() => logIn(player, 'casino1.localhost', client)));
      await db.update(sessions).set({ revokedAt: sql`now()`, revokedReason: 'test' }).where(eq(sessions.tokenHash, hashToken(revoked!)));
      await db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.tokenHash, hashToken(expired!)));
      await db.update(sessions).set({ lastSeenAt: sql`now() - interval '3 hours'` }).where(eq(sessions.tokenHash, hashToken(idle!)));

      const rows = await list(player, current);
      const [liveRow] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(live!)));
      expect(rows.map((row) => row.id).sort()).toEqual([rows.find((row) => row.current)!.id, liveRow!.id].sort());
    });

    it('refuses a malformed payload per field', async () => {
      const missing = await post(LIST, { account_id: 'demo' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ statusCode: 0, message: 'validationError', errors: { auth: ['required'] } });
      const extra = await post(LIST, { account_id: 'demo', auth: 'A'.repeat(43), device: 'x' });
      expect(extra.body).toMatchObject({ message: 'validationError', errors: { device: ['unknownField'] } });
      const badAccount = await post(REVOKE, { account_id: 'x', auth: 'A'.repeat(43) });
      expect(badAccount.body).toMatchObject({ message: 'validationError', errors: { account_id: ['accountIdLength'] } });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('sessions/revoke_others', () => {
    it('ends every other session of the player and keeps this one', async () => {
      const player = await createPlayer(db, 'casino1');
      const client = { ip: '203.0.113.9', userAgent: WINDOWS_CHROME };
      const keep = await logIn(player, 'casino1.localhost', client);
      const others = [await logIn(player, 'casino1.localhost', client), await logIn(player, 'casino1.localhost', client)];
      // A session checked once is in the session cache: ending it must reach the cache too.
      expect((await post('/api/auth/get_balance', { account_id: player.accountId, auth: others[0] })).body.statusCode).toBe(1);

      const { status, body } = await post(REVOKE, { account_id: player.accountId, auth: keep });
      expect(status).toBe(200);
      expect(sessionsRevokeOthersReply.parse(body).ended).toBe(2);

      for (const token of others) {
        expect((await post('/api/auth/get_balance', { account_id: player.accountId, auth: token })).body).toEqual({ statusCode: 0, message: 'sessionExpired' });
      }
      expect((await list(player, keep)).map((row) => row.current)).toEqual([true]);
      // Nothing left to end.
      expect((await post(REVOKE, { account_id: player.accountId, auth: keep })).body).toEqual({ statusCode: 1, message: 'OK', ended: 0 });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe.each([
    ['sessions', LIST],
    ['sessions/revoke_others', REVOKE],
  ])('%s session failures', (_name, path) => {
    it('answers sessionExpired for an unknown or ended token', async () => {
      expect((await post(path, { account_id: 'demo', auth: 'A'.repeat(43) })).body).toEqual({ statusCode: 0, message: 'sessionExpired' });
      const player = await createPlayer(db, 'casino1');
      const token = await logIn(player, 'casino1.localhost', { ip: '203.0.113.9', userAgent: WINDOWS_CHROME });
      await db.update(sessions).set({ revokedAt: sql`now()`, revokedReason: 'test' }).where(eq(sessions.tokenHash, hashToken(token)));
      const ended = await post(path, { account_id: player.accountId, auth: token });
      expect(ended.status).toBe(401);
      expect(ended.body.message).toBe('sessionExpired');
    });

    it("answers permissionDenied for another player's token, BLOCK and CLOSE for blocked and closed players", async () => {
      const player = await createPlayer(db, 'casino1');
      const token = await logIn(player, 'casino1.localhost', { ip: '203.0.113.9', userAgent: WINDOWS_CHROME });
      expect((await post(path, { account_id: 'demo', auth: token })).body.message).toBe('permissionDenied');

      const blocked = await playerRow(db, casino1, 'blocked');
      const blockedToken = await createSession(db, blocked!, { ip: '127.0.0.1', userAgent: 'test' });
      expect((await post(path, { account_id: 'blocked', auth: blockedToken })).body).toEqual({ statusCode: 0, message: 'BLOCK' });

      // The session is cached by now: on PostgreSQL the change reaches the cache by NOTIFY, a moment later.
      await db.update(players).set({ status: 'closed' }).where(eq(players.id, player.id));
      await expect.poll(async () => (await post(path, { account_id: player.accountId, auth: token })).body.message, { timeout: 5_000 }).toBe('CLOSE');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('tenant isolation', () => {
    it('keeps the same account id on two sites apart: each lists and ends only its own sessions', async () => {
      const casinoPlayer = await createPlayer(db, 'casino1');
      const slotPlayer = await createPlayer(db, 'slot5', { accountId: casinoPlayer.accountId });
      const casinoTokens = [
        await logIn(casinoPlayer, 'casino1.localhost', { ip: '203.0.113.1', userAgent: WINDOWS_CHROME }),
        await logIn(casinoPlayer, 'casino1.localhost', { ip: '203.0.113.2', userAgent: WINDOWS_CHROME }),
      ];
      const slotTokens = [
        await logIn(slotPlayer, 'slot5.localhost', { ip: '198.51.100.1', userAgent: IPHONE_SAFARI }),
        await logIn(slotPlayer, 'slot5.localhost', { ip: '198.51.100.2', userAgent: IPHONE_SAFARI }),
      ];

      const slotRows = await list(slotPlayer, slotTokens[0]!);
      expect(slotRows).toHaveLength(2);
      expect(slotRows.every((row) => row.device === 'Safari on iOS' && row.ip === '198.51.100.*')).toBe(true);

      // Signing out everywhere else on slot5 leaves the casino1 sessions of the same account id alive.
      expect((await post(REVOKE, { account_id: slotPlayer.accountId, auth: slotTokens[0] })).body).toMatchObject({ ended: 1 });
      expect(await list(casinoPlayer, casinoTokens[1]!)).toHaveLength(2);
      for (const token of casinoTokens) {
        expect((await post('/api/auth/get_balance', { account_id: casinoPlayer.accountId, auth: token })).body.statusCode).toBe(1);
      }
    });
  });
});
