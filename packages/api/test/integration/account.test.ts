/**
 * The player's account calls (docs/product.md §7): get_balance, vip, check_status and profile_update, and
 * the VIP demo data (docs/product.md D7). Every call: success, validation, every session failure
 * (no or unknown token, another player's token, blocked, closed, revoked, idle, too old) and
 * tenant isolation (a session of one site only ever reaches its own player).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getBalanceReply, profileUpdateReply, vipReply, type VipNextLevel } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { players, playerVip, sessions, sites, vipLevels } from '../../src/db/schema.js';
import { createSession } from '../../src/accounts/sessions.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { postToLedger } from '../../src/ledger/index.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { eventually } from './eventually.js';
import { DEMO_PASSWORD, call, createPlayer, freshAccountId, loginToken, playerRow, siteIdOf, siteOf, type TestPlayer } from './auth-fixtures.js';

const CASINO1 = 'casino1.localhost';
const SLOT5 = 'slot5.localhost';

/** docs/product.md §9: (starting + cycle) / target × 100, capped at 100, 0 if not a number. */
function progress(record: VipNextLevel, kind: 'deposit' | 'turnover'): number {
  const value = ((Number(record[`starting_${kind}`]) + Number(record[`cycle_${kind}`])) / Number(record[`${kind}_next`])) * 100;
  return Number.isFinite(value) ? Math.min(100, value) : 0;
}

/** The session calls of this file, each with a valid payload beyond account_id and auth. */
const SESSION_CALLS: [name: string, path: string, extra: Record<string, unknown>][] = [
  ['get_balance', '/api/auth/get_balance', {}],
  ['vip', '/api/auth/vip', {}],
  ['check_status', '/api/settings/check_status', {}],
  ['profile_update', '/api/settings/profile_update', { full_name: 'Any Name', contact_email: 'any@example.com' }],
];

describe.each(backends)('account calls on %s', (backend) => {
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

  const post = (path: string, payload: unknown) => call(server.app, path, payload);

  /** A new active player of a site, logged in. */
  async function loggedIn(externalId: string, accountId = freshAccountId()): Promise<TestPlayer & { token: string }> {
    const player = await createPlayer(db, externalId, { accountId });
    const domain = externalId === 'demo' ? 'localhost' : `${externalId}.localhost`;
    return { ...player, token: await loginToken(server.app, domain, player.accountId, player.password) };
  }

  // -------------------------------------------------------------------------------------------
  describe('VIP demo data', () => {
    it('gives every site six levels with growing targets, lowest at zero', async () => {
      const siteRows = await db.select({ id: sites.id, currency: sites.currency }).from(sites);
      const levels = await db.select().from(vipLevels);
      for (const site of siteRows) {
        const own = levels.filter((level) => level.siteId === site.id).sort((a, b) => a.level - b.level);
        expect(own.map((level) => level.name), site.currency).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Royal']);
        expect(own[0]).toMatchObject({ level: 1, depositTarget: '0.0000', turnoverTarget: '0.0000' });
        for (let i = 1; i < own.length; i++) {
          expect(Number(own[i]!.depositTarget)).toBeGreaterThan(Number(own[i - 1]!.depositTarget));
          expect(Number(own[i]!.turnoverTarget)).toBeGreaterThan(Number(own[i - 1]!.turnoverTarget));
          expect(own[i]!.benefits.length).toBeGreaterThan(0);
        }
      }
      // Targets are scaled to the currency: a dong target is far above a dollar one.
      const byCurrency = new Map(siteRows.map((site) => [site.id, site.currency]));
      const silver = (currency: string) =>
        Number(levels.find((level) => level.level === 2 && byCurrency.get(level.siteId) === currency)!.depositTarget);
      expect(silver('VND')).toBeGreaterThan(silver('USD') * 1000);
    });

    it('gives every seeded player a VIP standing, and each demo player visible progress at level 2', async () => {
      const seeded = await db
        .select({ id: players.id, accountId: players.accountId, level: playerVip.level })
        .from(players)
        .leftJoin(playerVip, eq(playerVip.playerId, players.id))
        .where(inArray(players.accountId, ['demo', 'blocked']));
      expect(seeded.length).toBeGreaterThanOrEqual(2 * 24);
      for (const row of seeded) expect(row.level, row.accountId).toBe(row.accountId === 'demo' ? 2 : 1);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('get_balance', () => {
    it("answers the wallet's balance and tokens as exact decimal strings", async () => {
      const player = await loggedIn('casino1');
      const empty = await post('/api/auth/get_balance', { account_id: player.accountId, auth: player.token });
      expect(empty.body).toEqual({ statusCode: 1, message: 'OK', game_balance: '0.0000', game_token: '0.0000' });
      const base = { siteId: casino1, playerId: player.id, type: 'adjustment' };
      await postToLedger(db, { counter: 'adjustments', ...base, account: 'balance', amount: '12345678901.2345', idempotencyKey: `t-${player.id}-1` });
      await postToLedger(db, { counter: 'adjustments', ...base, account: 'balance', amount: '0.1', idempotencyKey: `t-${player.id}-2` });
      await postToLedger(db, { counter: 'rewards', ...base, account: 'tokens', amount: '25.5', idempotencyKey: `t-${player.id}-3` });
      const { body } = await post('/api/auth/get_balance', { account_id: player.accountId.toUpperCase(), auth: player.token });
      expect(getBalanceReply.parse(body)).toEqual({ statusCode: 1, message: 'OK', game_balance: '12345678901.3345', game_token: '25.5000' });
    });

    it("answers the demo player's wallet", async () => {
      const token = await loginToken(server.app, CASINO1, 'demo');
      const { body } = await post('/api/auth/get_balance', { account_id: 'demo', auth: token });
      expect(getBalanceReply.parse(body).statusCode).toBe(1);
    });

    it('keeps sites apart: the same account id on two sites has two wallets', async () => {
      const accountId = freshAccountId('bal');
      const slot = await loggedIn('slot5', accountId);
      const casino = await loggedIn('casino1', accountId);
      await postToLedger(db, { counter: 'adjustments', siteId: casino1, playerId: casino.id, account: 'balance', amount: '500', type: 'adjustment', idempotencyKey: `t-${casino.id}` });
      const slotReply = await post('/api/auth/get_balance', { account_id: accountId, auth: slot.token });
      expect(slotReply.body.game_balance).toBe('0.0000');
      const casinoReply = await post('/api/auth/get_balance', { account_id: accountId, auth: casino.token });
      expect(casinoReply.body.game_balance).toBe('500.0000');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('vip', () => {
    it("answers the demo player's level, totals and the records towards every higher level", async () => {
      const token = await loginToken(server.app, CASINO1, 'demo');
      const { body } = await post('/api/auth/vip', { account_id: 'demo', auth: token });
      const reply = vipReply.parse(body);
      // casino1 is in PHP: 50 units to the dollar.
      expect(reply).toMatchObject({ statusCode: 1, currentLevel: 'Silver', totalDeposit: '15000.0000', totalTurnover: '125000.0000' });
      expect(reply.nextLevel.map((record) => record.vip_name_next)).toEqual(['Gold', 'Platinum', 'Diamond', 'Royal']);
      expect(reply.nextLevel[0]).toEqual({
        vip_name: 'Silver',
        vip_name_next: 'Gold',
        starting_deposit: '5000.0000',
        cycle_deposit: '10000.0000',
        deposit_next: '25000.0000',
        starting_turnover: '50000.0000',
        cycle_turnover: '75000.0000',
        turnover_next: '250000.0000',
      });
      for (const kind of ['deposit', 'turnover'] as const) {
        expect(progress(reply.nextLevel[0]!, kind)).toBeGreaterThanOrEqual(40);
        expect(progress(reply.nextLevel[0]!, kind)).toBeLessThanOrEqual(70);
      }
    });

    it('starts a player without a standing at the lowest level', async () => {
      const player = await loggedIn('casino1');
      const reply = vipReply.parse((await post('/api/auth/vip', { account_id: player.accountId, auth: player.token })).body);
      expect(reply.currentLevel).toBe('Bronze');
      expect(reply.totalDeposit).toBe('0.0000');
      expect(reply.nextLevel).toHaveLength(5);
      expect(reply.nextLevel[0]).toMatchObject({ vip_name: 'Bronze', vip_name_next: 'Silver', starting_deposit: '0.0000', deposit_next: '5000.0000' });
    });

    it('answers one record aimed at the top targets at the top level', async () => {
      const player = await loggedIn('casino1');
      await db.insert(playerVip).values({
        playerId: player.id,
        level: 6,
        startingDeposit: '2500000',
        cycleDeposit: '10',
        startingTurnover: '25000000',
        cycleTurnover: '0',
        totalDeposit: '2500010',
        totalTurnover: '25000000',
      });
      const reply = vipReply.parse((await post('/api/auth/vip', { account_id: player.accountId, auth: player.token })).body);
      expect(reply.currentLevel).toBe('Royal');
      expect(reply.nextLevel).toEqual([
        {
          vip_name: 'Royal',
          vip_name_next: 'Royal',
          starting_deposit: '2500000.0000',
          cycle_deposit: '10.0000',
          deposit_next: '2500000.0000',
          starting_turnover: '25000000.0000',
          cycle_turnover: '0.0000',
          turnover_next: '25000000.0000',
        },
      ]);
      expect(progress(reply.nextLevel[0]!, 'deposit')).toBe(100);
    });

    it("keeps sites apart: slot5's demo session answers slot5's levels in its currency", async () => {
      const token = await loginToken(server.app, SLOT5, 'demo');
      const reply = vipReply.parse((await post('/api/auth/vip', { account_id: 'demo', auth: token })).body);
      // slot5 is in THB: 30 units to the dollar.
      expect(reply.totalDeposit).toBe('9000.0000');
      expect(reply.nextLevel[0]?.deposit_next).toBe('15000.0000');
      const slotLevels = await db.select().from(vipLevels).where(eq(vipLevels.siteId, slot5));
      expect(slotLevels.map((level) => level.turnoverTarget)).toContain(reply.nextLevel[0]?.turnover_next);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('check_status', () => {
    it('answers OK for a live session and keeps it alive', async () => {
      const player = await loggedIn('casino1');
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '90 minutes'` })
        .where(eq(sessions.tokenHash, hashToken(player.token)));
      const { body } = await post('/api/settings/check_status', { account_id: player.accountId, auth: player.token });
      expect(body).toEqual({ statusCode: 1, message: 'OK' });
      const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(player.token)));
      expect(Date.now() - session!.lastSeenAt.getTime()).toBeLessThan(60_000);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('profile_update', () => {
    it('stores the full name and email and answers them in value[0]', async () => {
      const player = await loggedIn('casino1');
      const { body } = await post('/api/settings/profile_update', {
        account_id: player.accountId,
        auth: player.token,
        full_name: '  Nguyễn Văn An ',
        contact_email: 'an.nguyen@example.com',
        password: player.password,
      });
      expect(profileUpdateReply.parse(body)).toEqual({ statusCode: 1, message: 'OK', value: [{ contact_email: 'an.nguyen@example.com', full_name: 'Nguyễn Văn An' }] });
      const row = await playerRow(db, casino1, player.accountId);
      expect(row).toMatchObject({ fullName: 'Nguyễn Văn An', contactEmail: 'an.nguyen@example.com' });
      const login = await post('/api/auth/login', { ...siteOf(CASINO1), account_id: player.accountId, password: player.password });
      expect(login.body).toMatchObject({ fullname: 'Nguyễn Văn An', email: 'an.nguyen@example.com' });
    });

    it('refuses a name that is not alphabet-only and an invalid email, per field', async () => {
      const player = await loggedIn('casino1');
      const { body } = await post('/api/settings/profile_update', { account_id: player.accountId, auth: player.token, full_name: 'J0hn <b>', contact_email: 'nope' });
      expect(body).toMatchObject({ statusCode: 0, message: 'validationError' });
      expect((body.errors as Record<string, string[]>).full_name).toContain('alphabetOnly');
      expect((body.errors as Record<string, string[]>).contact_email).toContain('Invalid email address');
      const short = await post('/api/settings/profile_update', { account_id: player.accountId, auth: player.token, full_name: 'J', contact_email: 'a@b.co' });
      expect(short.body.errors).toEqual({ full_name: ['fullNameLength'] });
      expect((await playerRow(db, casino1, player.accountId))?.fullName).toBe('Test Player');
    });

    it("keeps sites apart: slot5's demo session changes slot5's demo only", async () => {
      const token = await loginToken(server.app, SLOT5, 'demo');
      const { body } = await post('/api/settings/profile_update', { account_id: 'demo', auth: token, full_name: 'Candy Demo', contact_email: 'candy@example.com', password: DEMO_PASSWORD });
      expect(body.statusCode).toBe(1);
      expect((await playerRow(db, slot5, 'demo'))?.fullName).toBe('Candy Demo');
      expect((await playerRow(db, casino1, 'demo'))?.fullName).toBe('Demo Player');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe.each(SESSION_CALLS)('%s session failures', (_name, path, extra) => {
    it('answers sessionExpired for an unknown token, validationError without one', async () => {
      expect((await post(path, { ...extra, account_id: 'demo', auth: 'A'.repeat(43) })).body).toEqual({ statusCode: 0, message: 'sessionExpired' });
      const missing = await post(path, { ...extra, account_id: 'demo' });
      expect(missing.body).toMatchObject({ message: 'validationError', errors: { auth: ['required'] } });
      const wrongType = await post(path, { ...extra, account_id: 'demo', auth: 12345 });
      expect(wrongType.body).toMatchObject({ message: 'validationError', errors: { auth: ['invalidType'] } });
    });

    it("answers permissionDenied for another player's token, also across sites", async () => {
      const player = await loggedIn('casino1');
      expect((await post(path, { ...extra, account_id: 'demo', auth: player.token })).body.message).toBe('permissionDenied');
      // A slot5 session used with a casino1-only account id.
      const slot = await loggedIn('slot5');
      expect((await post(path, { ...extra, account_id: player.accountId, auth: slot.token })).body.message).toBe('permissionDenied');
    });

    it('answers BLOCK and CLOSE for a blocked or closed player, sessionExpired for ended sessions', async () => {
      const blocked = await playerRow(db, casino1, 'blocked');
      const blockedToken = await createSession(db, blocked!, { ip: '127.0.0.1', userAgent: 'test' });
      expect((await post(path, { ...extra, account_id: 'blocked', auth: blockedToken })).body).toEqual({ statusCode: 0, message: 'BLOCK' });

      const player = await loggedIn('casino1');
      await db.update(players).set({ status: 'closed' }).where(eq(players.id, player.id));
      expect((await post(path, { ...extra, account_id: player.accountId, auth: player.token })).body.message).toBe('CLOSE');

      const ended = await loggedIn('casino1');
      const tokenHash = hashToken(ended.token);
      await db.update(sessions).set({ lastSeenAt: sql`now() - interval '3 hours'` }).where(eq(sessions.tokenHash, tokenHash));
      expect((await post(path, { ...extra, account_id: ended.accountId, auth: ended.token })).body.message).toBe('sessionExpired');
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.tokenHash, tokenHash));
      // The server cached the session at the check above; an SQL change reaches it by notification, within 2 s.
      await eventually('sessionExpired', async () => (await post(path, { ...extra, account_id: ended.accountId, auth: ended.token })).body.message, (message) => message === 'sessionExpired');
      const revoked = await loggedIn('casino1');
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'test' })
        .where(and(eq(sessions.tokenHash, hashToken(revoked.token))));
      expect((await post(path, { ...extra, account_id: revoked.accountId, auth: revoked.token })).body.message).toBe('sessionExpired');
    });
  });
});
