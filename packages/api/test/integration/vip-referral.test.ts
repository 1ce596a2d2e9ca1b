/**
 * The /vip and /referral pages' calls (issue 8): vip_levels lists every level of the asked site in
 * order with its targets and benefits; referral_info answers the player's own code and how many
 * players of the same site joined with it (a real signup with the code counts, another site's
 * players never do); validation, session failures and tenant isolation of both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { REFERRAL_LATEST_SIZE, referralInfoReply, vipLevelsReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { players, vipLevels } from '../../src/db/schema.js';
import { newReferralCode } from '../../src/accounts/referral-code.js';
import { backends, createTestServer, siteOf, type TestServer } from './helpers.js';
import { call, freshAccountId, latestTac } from './auth-fixtures.js';
import {
  credentials,
  expectFailure,
  expectReply,
  expectSessionFailures,
  newPlayer,
  sessionOf,
  siteRow,
  type TestSession,
} from './rewards-fixtures.js';

const VIP_LEVELS = '/api/rewards/vip_levels';
const REFERRAL_INFO = '/api/rewards/referral_info';

describe.each(backends)('VIP levels and referral on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  // Each call from a fresh client address: the signup and code limits of one test never reach another.
  const post = (path: string, payload: unknown) => call(server.app, path, payload);

  async function levelsOf(domain: string) {
    const { status, body } = await post(VIP_LEVELS, siteOf(domain));
    expect(status).toBe(200);
    return expectReply(vipLevelsReply, body);
  }

  async function referralOf(session: TestSession) {
    const { status, body } = await post(REFERRAL_INFO, credentials(session));
    expect(status).toBe(200);
    return expectReply(referralInfoReply, body);
  }

  /** Signs a new player up on `domain` through the real calls (register code, verify, signup) with `referrerCode`. */
  async function signUpWith(domain: string, referrerCode: string): Promise<string> {
    const accountId = freshAccountId('f');
    const request = await post('/api/auth/tac/request_new_register', { ...siteOf(domain), account_id: accountId });
    expect(request.body, JSON.stringify(request.body)).toMatchObject({ statusCode: 1 });
    const tac = await latestTac(server.app, domain, accountId);
    expect((await post('/api/auth/tac/verify', { ...siteOf(domain), account_id: accountId, tac })).body).toMatchObject({ statusCode: 1 });
    const signup = await post('/api/auth/signup', {
      ...siteOf(domain),
      account_id: accountId,
      password: 'newpass123',
      contact_phone: '09171234567',
      contact_email: `${accountId}@example.com`,
      birth_date: '1990-01-01',
      referrer_code: referrerCode,
    });
    expect(signup.body, JSON.stringify(signup.body)).toMatchObject({ statusCode: 1 });
    return accountId;
  }

  /** A player of `externalId` inserted straight into the database, referred by `referredBy`. */
  async function insertReferred(externalId: string, referredBy: number, createdAt: Date): Promise<string> {
    const site = await siteRow(db, externalId);
    const accountId = freshAccountId('x');
    await db.insert(players).values({ siteId: site.id, accountId, passwordHash: 'x', referralCode: newReferralCode(), referredBy, createdAt });
    return accountId;
  }

  describe('vip_levels', () => {
    it("lists every level of the site in order with its targets, benefits and the site's currency", async () => {
      const reply = await levelsOf('casino1.localhost');
      const site = await siteRow(db, 'casino1');
      const rows = await db.select().from(vipLevels).where(eq(vipLevels.siteId, site.id)).orderBy(asc(vipLevels.level));
      expect(reply.currency).toBe(site.currency);
      expect(reply.value).toEqual(
        rows.map((row) => ({ level: row.level, name: row.name, deposit_target: row.depositTarget, turnover_target: row.turnoverTarget, benefits: row.benefits })),
      );
      expect(reply.value.map((level) => level.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Royal']);
      expect(reply.value.every((level) => level.benefits.length > 0)).toBe(true);
      // Levels go up: each target at least the one below.
      for (let i = 1; i < reply.value.length; i++) {
        expect(Number(reply.value[i]!.deposit_target)).toBeGreaterThanOrEqual(Number(reply.value[i - 1]!.deposit_target));
      }
    });

    it("agrees with the player's own standing of /api/auth/vip", async () => {
      const demo = await sessionOf(db, 'casino1', 'demo');
      const levels = (await levelsOf('casino1.localhost')).value;
      const { body } = await post('/api/auth/vip', credentials(demo));
      const vip = body as { currentLevel: string; nextLevel: { vip_name_next: string; deposit_next: string; turnover_next: string }[] };
      const current = levels.findIndex((level) => level.name === vip.currentLevel);
      expect(current).toBeGreaterThanOrEqual(0);
      expect(vip.nextLevel.map((record) => record.vip_name_next)).toEqual(levels.slice(current + 1).map((level) => level.name));
      expect(vip.nextLevel[0]).toMatchObject({ deposit_next: levels[current + 1]!.deposit_target, turnover_next: levels[current + 1]!.turnover_target });
    });

    it("answers only the asked site's levels (tenant isolation)", async () => {
      const slot = await siteRow(db, 'slot5');
      await db.insert(vipLevels).values({ siteId: slot.id, level: 99, name: 'Slot5 Secret', depositTarget: '1', turnoverTarget: '1', benefits: ['Hidden'] });
      const slotLevels = await levelsOf('slot5.localhost');
      expect(slotLevels.value.map((level) => level.name)).toContain('Slot5 Secret');
      expect(slotLevels.currency).toBe(slot.currency);
      const casino = await levelsOf('casino1.localhost');
      expect(casino.value.map((level) => level.name)).not.toContain('Slot5 Secret');
      expect(casino.value.every((level) => level.level < 99)).toBe(true);
    });

    it('answers an empty list for a site without levels', async () => {
      const site = await siteRow(db, 'casino9');
      await db.delete(vipLevels).where(eq(vipLevels.siteId, site.id));
      const reply = await levelsOf('casino9.localhost');
      expect(reply.value).toEqual([]);
      expect(reply.currency).toBe(site.currency);
    });
  });

  describe('referral_info', () => {
    it("answers the player's own code, and the joined count goes up after a signup with it", async () => {
      const referrer = await newPlayer(db, 'casino2');
      const [row] = await db.select({ code: players.referralCode }).from(players).where(eq(players.id, referrer.playerId));
      const before = await referralOf(referrer);
      expect(before).toEqual({ statusCode: 1, message: 'OK', referral_code: row!.code, joined_count: 0, latest: [] });

      // The share link's code, typed in lower case by the friend: codes match case-insensitively.
      const friend = await signUpWith('casino2.localhost', before.referral_code.toLowerCase());
      const after = await referralOf(referrer);
      expect(after.joined_count).toBe(1);
      expect(after.latest).toHaveLength(1);
      expect(after.latest[0]!.account_id).toBe(`${friend.slice(0, 2)}***${friend.slice(-1)}`);
      expect(after.latest[0]!.account_id).not.toContain(friend);
      expect(Date.now() - Date.parse(after.latest[0]!.joined_at)).toBeLessThan(60_000);

      // An unknown code links nobody.
      await signUpWith('casino2.localhost', 'NOSUCH99');
      expect((await referralOf(referrer)).joined_count).toBe(1);
    });

    it('lists the latest joined players newest first, at most the list size, while counting them all', async () => {
      const referrer = await newPlayer(db, 'casino3');
      const now = Date.now();
      const ids: string[] = [];
      for (let i = 0; i < REFERRAL_LATEST_SIZE + 2; i++) ids.push(await insertReferred('casino3', referrer.playerId, new Date(now - (10 - i) * 60_000)));
      const reply = await referralOf(referrer);
      expect(reply.joined_count).toBe(REFERRAL_LATEST_SIZE + 2);
      expect(reply.latest).toHaveLength(REFERRAL_LATEST_SIZE);
      const newest = ids.slice(-REFERRAL_LATEST_SIZE).reverse();
      expect(reply.latest.map((row) => row.account_id)).toEqual(newest.map((id) => `${id.slice(0, 2)}***${id.slice(-1)}`));
      const times = reply.latest.map((row) => Date.parse(row.joined_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it("counts only the same site's players, and another site's code links nobody (tenant isolation)", async () => {
      const referrer = await newPlayer(db, 'casino4');
      const code = (await referralOf(referrer)).referral_code;
      // The same code used on another site: no link to this player.
      const elsewhere = await signUpWith('slot5.localhost', code);
      const slot = await siteRow(db, 'slot5');
      const [row] = await db.select({ referredBy: players.referredBy }).from(players).where(and(eq(players.siteId, slot.id), eq(players.accountId, elsewhere)));
      expect(row?.referredBy ?? null).not.toBe(referrer.playerId);
      // Even a row of another site pointing at this player (never made by signup) does not count.
      await insertReferred('slot5', referrer.playerId, new Date());
      await insertReferred('casino4', referrer.playerId, new Date());
      const reply = await referralOf(referrer);
      expect(reply.joined_count).toBe(1);
      expect(reply.latest).toHaveLength(1);

      // Each site's demo player sees its own code.
      const casinoDemo = await sessionOf(db, 'casino4', 'demo');
      const slotDemo = await sessionOf(db, 'slot5', 'demo');
      const [casinoCode, slotCode] = await Promise.all([referralOf(casinoDemo), referralOf(slotDemo)]);
      const codes = await db
        .select({ id: players.id, code: players.referralCode })
        .from(players)
        .where(eq(players.accountId, 'demo'));
      const byId = new Map(codes.map((entry) => [entry.id, entry.code]));
      expect(casinoCode.referral_code).toBe(byId.get(casinoDemo.playerId));
      expect(slotCode.referral_code).toBe(byId.get(slotDemo.playerId));
      expect(casinoCode.referral_code).not.toBe(slotCode.referral_code);
    });
  });

  describe('validation', () => {
    it.each([
      [{ extra: 1 }, 'extra'],
      [{ external_id: 42 }, 'external_id'],
    ])('vip_levels refuses %j', async (extra, field) => {
      const { status, body } = await post(VIP_LEVELS, { ...siteOf('casino1.localhost'), ...extra });
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect(Object.keys(body.errors as object)).toContain(field);
    });

    it('vip_levels answers siteNotFound for a mismatched site and underMaintenance during maintenance', async () => {
      expectFailure((await post(VIP_LEVELS, { domain_name: 'casino1.localhost', external_id: 'casino2' })).body, 'siteNotFound');
      expectFailure((await post(VIP_LEVELS, siteOf('maintenance.localhost'))).body, 'underMaintenance');
    });

    it('referral_info refuses an unknown field', async () => {
      const player = await newPlayer(db, 'casino1');
      const { status, body } = await post(REFERRAL_INFO, { ...credentials(player), code: 'X' });
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect(Object.keys(body.errors as object)).toContain('code');
    });
  });

  describe('session failures', () => {
    it('referral_info answers sessionExpired, validationError, permissionDenied, BLOCK and CLOSE', async () => {
      await expectSessionFailures(server.app, db, REFERRAL_INFO);
    });
  });
});
