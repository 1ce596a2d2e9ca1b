/**
 * Sessions end when they should (issue 21 §6, ADR 0019): POST /api/auth/logout ends the session
 * on the server (its token then answers sessionExpired, also from the session cache); a session
 * of a site switched off or past its expiry date stops working; under maintenance, reads work
 * but calls that move money or launch a game answer underMaintenance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { sessions, sites } from '../../src/db/schema.js';
import { createSession } from '../../src/accounts/sessions.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { buildApp } from '../../src/http/app.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { call, createPlayer, loginToken, type TestPlayer } from './auth-fixtures.js';

const CLIENT = { ip: '203.0.113.9', userAgent: 'vitest' };

describe.each(backends)('sessions that end on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => call(server.app, path, payload);
  const balanceOf = (player: TestPlayer, auth: string) => post('/api/auth/get_balance', { account_id: player.accountId, auth });

  /** A player of the demo site `externalId` with a fresh session token. */
  async function playerWithSession(externalId: string): Promise<{ player: TestPlayer; token: string }> {
    const player = await createPlayer(db, externalId);
    const token = await createSession(db, player, CLIENT);
    return { player, token };
  }

  describe('logout', () => {
    it('ends the session: the same token then answers sessionExpired, even right after a cached read', async () => {
      const player = await createPlayer(db, 'casino1', { password: 'secret123' });
      const token = await loginToken(server.app, 'casino1.localhost', player.accountId, 'secret123');
      // Read twice, so the session is in the process's session cache.
      expect((await balanceOf(player, token)).body.statusCode).toBe(1);
      expect((await balanceOf(player, token)).body.statusCode).toBe(1);

      const { status, body } = await post('/api/auth/logout', { account_id: player.accountId, auth: token });
      expect(status).toBe(200);
      expect(body).toEqual({ statusCode: 1, message: 'OK' });

      expect((await balanceOf(player, token)).body).toEqual({ statusCode: 0, message: 'sessionExpired' });
      expect((await post('/api/auth/vip', { account_id: player.accountId, auth: token })).body).toEqual({ statusCode: 0, message: 'sessionExpired' });
      // A second logout with the ended token is refused like any other call.
      expect((await post('/api/auth/logout', { account_id: player.accountId, auth: token })).body).toEqual({ statusCode: 0, message: 'sessionExpired' });
      const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      expect(row?.revokedAt).toBeInstanceOf(Date);
      expect(row?.revokedReason).toBe('logged_out');
    });

    it("ends only this session: the player's other sessions keep working", async () => {
      const { player, token } = await playerWithSession('casino1');
      const other = await createSession(db, player, CLIENT);
      expect((await post('/api/auth/logout', { account_id: player.accountId, auth: token })).body.statusCode).toBe(1);
      expect((await balanceOf(player, other)).body.statusCode).toBe(1);
    });

    it("cannot end another account's session", async () => {
      const { player, token } = await playerWithSession('casino1');
      const stranger = await createPlayer(db, 'casino1');
      expect((await post('/api/auth/logout', { account_id: stranger.accountId, auth: token })).body).toEqual({
        statusCode: 0,
        message: 'permissionDenied',
      });
      expect((await balanceOf(player, token)).body.statusCode).toBe(1);
    });

    it("ends the session in another process's session cache too (the sessions trigger's NOTIFY)", async () => {
      const { player, token } = await playerWithSession('casino1');
      const other = await buildApp({ database: server.database, web: null });
      try {
        const otherBalance = () => call(other, '/api/auth/get_balance', { account_id: player.accountId, auth: token });
        expect((await otherBalance()).body.statusCode).toBe(1);
        expect((await otherBalance()).body.statusCode).toBe(1);
        expect((await post('/api/auth/logout', { account_id: player.accountId, auth: token })).body.statusCode).toBe(1);
        await expect.poll(async () => (await otherBalance()).body, { timeout: 5000 }).toEqual({ statusCode: 0, message: 'sessionExpired' });
      } finally {
        await other.close();
      }
    });

    it('refuses a payload without a token', async () => {
      const { status, body } = await post('/api/auth/logout', { account_id: 'someone' });
      expect(status).toBe(400);
      expect(body.message).toBe('validationError');
    });
  });

  describe("the session's site", () => {
    it('a site switched off refuses its sessions with siteInactive, and takes them back when switched on', async () => {
      const { player, token } = await playerWithSession('casino2');
      expect((await balanceOf(player, token)).body.statusCode).toBe(1);
      await db.update(sites).set({ status: false }).where(eq(sites.id, player.siteId));
      try {
        // The site cache hears the change by NOTIFY: poll until this process has it.
        await expect.poll(async () => (await balanceOf(player, token)).body, { timeout: 5000 }).toEqual({ statusCode: 0, message: 'siteInactive' });
        expect((await post('/api/auth/sessions', { account_id: player.accountId, auth: token })).body.message).toBe('siteInactive');
      } finally {
        await db.update(sites).set({ status: true }).where(eq(sites.id, player.siteId));
      }
      await expect.poll(async () => (await balanceOf(player, token)).body.statusCode, { timeout: 5000 }).toBe(1);
    });

    it('a site past its expiry date refuses its sessions with siteExpired', async () => {
      const { player, token } = await playerWithSession('casino3');
      expect((await balanceOf(player, token)).body.statusCode).toBe(1);
      await db.update(sites).set({ expiredDate: sql`now() - interval '1 minute'` }).where(eq(sites.id, player.siteId));
      try {
        await expect.poll(async () => (await balanceOf(player, token)).body, { timeout: 5000 }).toEqual({ statusCode: 0, message: 'siteExpired' });
      } finally {
        await db.update(sites).set({ expiredDate: null }).where(eq(sites.id, player.siteId));
      }
    });

    it('under maintenance: balance and history read, money movements and game launches answer underMaintenance', async () => {
      // The seeded maintenance site's window covers now.
      const { player, token } = await playerWithSession('maintenance');
      const auth = { account_id: player.accountId, auth: token };
      expect((await post('/api/auth/get_balance', auth)).body.statusCode).toBe(1);
      expect((await post('/api/banking/deposits', { ...auth, page: 1, page_size: 10 })).body.statusCode).toBe(1);

      const refused = { statusCode: 0, message: 'underMaintenance' };
      expect((await post('/api/banking/deposit', { ...auth, method_id: 1, receiving_account_id: 1, amount: '100', transfer_reference: 'ref-1' })).body).toEqual(refused);
      expect((await post('/api/banking/withdrawal', { ...auth, bank_account_id: 1, amount: '100' })).body).toEqual(refused);
      expect((await post('/api/product/launch', { ...auth, provider_code: 'demo', game_code: 'demo' })).body).toEqual(refused);
      expect((await post('/api/rewards/spin', auth)).body).toEqual(refused);
      // Logging out still works.
      expect((await post('/api/auth/logout', auth)).body.statusCode).toBe(1);
    });

    it('outside maintenance the same calls reach their handlers', async () => {
      const { player, token } = await playerWithSession('casino1');
      const { body } = await post('/api/banking/withdrawal', { account_id: player.accountId, auth: token, bank_account_id: 999_999, amount: '100' });
      expect(body.message).not.toBe('underMaintenance');
      expect(body.statusCode).toBe(0);
    });
  });
});
