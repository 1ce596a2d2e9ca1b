/**
 * Favourites (docs/product.md §7 fav_list, fav_add, fav_remove): the seeded list, idempotent add and remove,
 * catalogue values stored rather than the client's, games the site does not offer refused,
 * validation, session failures and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { favouriteListReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { favourites, games, providers, siteProviders } from '../../src/db/schema.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import {
  credentials,
  expectFailure,
  expectReply,
  expectSessionFailures,
  newPlayer,
  post as postCall,
  sessionOf,
  siteRow,
  type TestSession,
} from './rewards-fixtures.js';

const LIST = '/api/home/fav_list';
const ADD = '/api/home/fav_add';
const REMOVE = '/api/home/fav_remove';

describe.each(backends)('favourites on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);

  /** A game of the catalogue offered by the site (first by id, skipping `skip` games). */
  async function catalogueGame(externalId: string, skip = 0) {
    const site = await siteRow(db, externalId);
    const [game] = await db
      .select({ providerCode: providers.code, gameCode: games.gameCode, gameName: games.gameName, gameType: games.gameType, imageUrl: games.imageUrl, providerId: providers.id })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .innerJoin(siteProviders, and(eq(siteProviders.providerId, providers.id), eq(siteProviders.siteId, site.id), eq(siteProviders.enabled, true)))
      .orderBy(games.id)
      .offset(skip)
      .limit(1);
    if (!game) throw new Error('no game');
    return game;
  }

  async function list(session: TestSession) {
    const { status, body } = await post(LIST, credentials(session));
    expect(status).toBe(200);
    return expectReply(favouriteListReply, body).value;
  }

  function addPayload(session: TestSession, game: { providerCode: string; gameCode: string; gameName: string; gameType: string; imageUrl: string }) {
    return {
      ...credentials(session),
      provider_code: game.providerCode,
      game_code: game.gameCode,
      game_name: game.gameName,
      game_type: game.gameType,
      img_url: game.imageUrl,
    };
  }

  describe('fav_list', () => {
    it("answers the demo player's seeded favourites: 4 to 6 catalogue games the site offers, newest first", async () => {
      const demo = await sessionOf(db, 'casino1', 'demo');
      const value = await list(demo);
      expect(value.length).toBeGreaterThanOrEqual(4);
      expect(value.length).toBeLessThanOrEqual(6);
      for (const item of value) {
        expect(Object.keys(item).sort()).toEqual(['game_code', 'game_name', 'game_type', 'img_url', 'provider_code']);
        expect(item.img_url).toMatch(/^\/api\/media\/game\//);
      }
      const stored = await db
        .select({ createdAt: favourites.createdAt, gameCode: favourites.gameCode })
        .from(favourites)
        .where(eq(favourites.playerId, demo.playerId));
      const byNewest = [...stored].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((row) => row.gameCode);
      expect(value.map((item) => item.game_code)).toEqual(byNewest);
    });

    it('answers an empty list for a player without favourites', async () => {
      expect(await list(await newPlayer(db, 'casino1'))).toEqual([]);
    });
  });

  describe('fav_add and fav_remove', () => {
    it('adds a game once however often it is added, newest first, and removes it idempotently', async () => {
      const player = await newPlayer(db, 'casino1');
      const first = await catalogueGame('casino1', 3);
      const second = await catalogueGame('casino1', 40);

      const added = await post(ADD, addPayload(player, first));
      expect(added.status).toBe(200);
      expect(expectReply(favouriteListReply, added.body).value.map((item) => item.game_code)).toEqual([first.gameCode]);
      // Adding it again keeps one row, and the reply is the same list.
      const again = await post(ADD, addPayload(player, first));
      expect(expectReply(favouriteListReply, again.body).value).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const both = expectReply(favouriteListReply, (await post(ADD, addPayload(player, second))).body).value;
      expect(both.map((item) => item.game_code)).toEqual([second.gameCode, first.gameCode]);
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(favourites)
        .where(eq(favourites.playerId, player.playerId));
      expect(count).toBe(2);

      const removed = await post(REMOVE, { ...credentials(player), provider_code: first.providerCode, game_code: first.gameCode });
      expect(removed.status).toBe(200);
      expect(expectReply(favouriteListReply, removed.body).value.map((item) => item.game_code)).toEqual([second.gameCode]);
      // Removing it again, or a game never added, is no error.
      const removedAgain = await post(REMOVE, { ...credentials(player), provider_code: first.providerCode, game_code: first.gameCode });
      expect(expectReply(favouriteListReply, removedAgain.body).value).toHaveLength(1);
      const never = await post(REMOVE, { ...credentials(player), provider_code: 'NOPE', game_code: 'NOT-A-GAME' });
      expect(expectReply(favouriteListReply, never.body).value).toHaveLength(1);
      expect((await list(player)).map((item) => item.game_code)).toEqual([second.gameCode]);
    });

    it("stores the catalogue's name, type and image, not the client's; provider codes match in any case", async () => {
      const player = await newPlayer(db, 'casino1');
      const game = await catalogueGame('casino1', 7);
      const otherType = game.gameType === 'slots' ? 'crash' : 'slots';
      const { body } = await post(ADD, {
        ...addPayload(player, game),
        provider_code: game.providerCode.toLowerCase(),
        game_name: 'My renamed game',
        game_type: otherType,
        img_url: 'https://evil.example.com/x.png',
      });
      expect(expectReply(favouriteListReply, body).value).toEqual([
        { provider_code: game.providerCode, game_code: game.gameCode, game_name: game.gameName, game_type: game.gameType, img_url: game.imageUrl },
      ]);
      const removed = await post(REMOVE, { ...credentials(player), provider_code: game.providerCode.toLowerCase(), game_code: game.gameCode });
      expect(expectReply(favouriteListReply, removed.body).value).toEqual([]);
    });

    it('refuses with gameNotFound a game missing from the catalogue or not offered by the site, and hides favourites it stops offering', async () => {
      const player = await newPlayer(db, 'slot7');
      const game = await catalogueGame('slot7', 11);
      expectFailure((await post(ADD, { ...addPayload(player, game), game_code: 'NO-SUCH-GAME' })).body, 'gameNotFound');
      expectFailure((await post(ADD, { ...addPayload(player, game), provider_code: 'NOSUCHPROVIDER' })).body, 'gameNotFound');
      expect(await list(player)).toEqual([]);
      expect(expectReply(favouriteListReply, (await post(ADD, addPayload(player, game))).body).value).toHaveLength(1);

      // The operator switches the game's provider off for slot7: its games can no longer be added there,
      // and the favourite is kept but not listed.
      const site = await siteRow(db, 'slot7');
      const where = and(eq(siteProviders.siteId, site.id), eq(siteProviders.providerId, game.providerId));
      await db.update(siteProviders).set({ enabled: false }).where(where);
      try {
        const refused = await post(ADD, addPayload(player, game));
        expectFailure(refused.body, 'gameNotFound');
        expect(refused.status).toBe(404);
        expect(await list(player)).toEqual([]);
        // Another site still offers it.
        const elsewhere = await newPlayer(db, 'slot6');
        expect(expectReply(favouriteListReply, (await post(ADD, addPayload(elsewhere, game))).body).value).toHaveLength(1);
      } finally {
        await db.update(siteProviders).set({ enabled: true }).where(where);
      }
      expect((await list(player)).map((item) => item.game_code)).toEqual([game.gameCode]);
    });
  });

  describe('validation', () => {
    it.each([
      ['a missing game_code', { game_code: undefined }, 'game_code', 'required'],
      ['an empty provider_code', { provider_code: '' }, 'provider_code', 'required'],
      ['a provider_code with spaces inside', { provider_code: 'P G' }, 'provider_code', 'invalidFormat'],
      ['a too long game_code', { game_code: 'G'.repeat(65) }, 'game_code', 'tooLong'],
      ['an unknown game_type', { game_type: 'roulette' }, 'game_type', 'invalidValue'],
      ['a protocol-relative img_url', { img_url: '//evil.example.com/x.png' }, 'img_url', 'invalidFormat'],
      ['a numeric game_name', { game_name: 42 }, 'game_name', 'invalidType'],
      ['an unknown field', { extra: 1 }, 'extra', 'unknownField'],
    ])('fav_add refuses %s', async (_case, change, field, key) => {
      const player = await newPlayer(db, 'casino1');
      const payload: Record<string, unknown> = { ...addPayload(player, await catalogueGame('casino1')), ...change };
      const { status, body } = await post(ADD, payload);
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect((body.errors as Record<string, string[]>)[field]).toContain(key);
      expect(await list(player)).toEqual([]);
    });

    it('fav_remove and fav_list refuse malformed payloads', async () => {
      const player = await newPlayer(db, 'casino1');
      const remove = await post(REMOVE, { ...credentials(player), provider_code: 'PG' });
      expectFailure(remove.body, 'validationError');
      expect(remove.body.errors).toMatchObject({ game_code: ['required'] });
      const listed = await post(LIST, { ...credentials(player), account_id: 'ab' });
      expectFailure(listed.body, 'validationError');
      expect(Object.keys(listed.body.errors as object)).toEqual(['account_id']);
      const malformed = await postCall(server.app, LIST, '{"account_id": ');
      expectFailure(malformed.body, 'validationError');
      expect(malformed.status).toBe(400);
    });
  });

  describe('session failures', () => {
    it.each([
      ['fav_list', LIST, {}],
      ['fav_add', ADD, { provider_code: 'PG', game_code: 'PG-SLOTS-1', game_name: 'x', game_type: 'slots', img_url: '' }],
      ['fav_remove', REMOVE, { provider_code: 'PG', game_code: 'PG-SLOTS-1' }],
    ])('%s answers sessionExpired, validationError, permissionDenied, BLOCK and CLOSE', async (_name, path, extra) => {
      await expectSessionFailures(server.app, db, path, extra);
    });

    it("another player's token cannot add to or remove from the demo player's list", async () => {
      const demo = await sessionOf(db, 'casino1', 'demo');
      const before = await list(demo);
      const intruder = await newPlayer(db, 'casino1');
      const game = await catalogueGame('casino1', 20);
      expectFailure((await post(ADD, { ...addPayload(intruder, game), account_id: 'demo' })).body, 'permissionDenied');
      const first = before[0]!;
      const removal = { auth: intruder.auth, account_id: 'demo', provider_code: first.provider_code, game_code: first.game_code };
      expectFailure((await post(REMOVE, removal)).body, 'permissionDenied');
      expect(await list(demo)).toEqual(before);
    });
  });

  describe('tenant isolation', () => {
    it("one site's favourites never show on another; each site's demo player has a list of its own", async () => {
      const slot5 = await sessionOf(db, 'slot5', 'demo');
      const casino1 = await sessionOf(db, 'casino1', 'demo');
      const casinoBefore = await list(casino1);
      const slotList = await list(slot5);
      const game = await catalogueGame('slot5', 77);
      const slotAfter = expectReply(favouriteListReply, (await post(ADD, addPayload(slot5, game))).body).value;
      expect(slotAfter.length).toBe(slotList.some((item) => item.game_code === game.gameCode) ? slotList.length : slotList.length + 1);
      expect(await list(casino1)).toEqual(casinoBefore);

      // The same account id on both sites: the token decides the site, and slot5's removal leaves casino1's list alone.
      const shared = casinoBefore[0]!;
      await post(REMOVE, { ...credentials(slot5), provider_code: shared.provider_code, game_code: shared.game_code });
      expect(await list(casino1)).toEqual(casinoBefore);
      // A slot5 token with a casino1-only account id is refused.
      const casinoOnly = await newPlayer(db, 'casino1');
      expectFailure((await post(LIST, { account_id: casinoOnly.account_id, auth: slot5.auth })).body, 'permissionDenied');
    });
  });
});
