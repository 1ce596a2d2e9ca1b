/**
 * promotions/joined (issue 8): the promotions a player has joined or claimed, with when, so the
 * promotion pages show "Joined" or "Claimed" instead of a button after a reload. Success (all, and
 * narrowed to a page's ids; ended promotions kept), validation, the session failures, and tenant
 * isolation (another site's player, even one with the same account id, sees none of it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promotionJoinedReply, promotionJoinReply, promotionListReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { promotionEntries, promotions } from '../../src/db/schema.js';
import { backends, createTestServer, siteOf, type TestServer } from './helpers.js';
import {
  credentials,
  expectFailure,
  expectReply,
  expectSessionFailures,
  newPlayer,
  post as postCall,
  sessionOf,
  type TestSession,
} from './rewards-fixtures.js';

const JOINED = '/api/promotions/joined';
const JOIN = '/api/promotions/join';
const LIST = '/api/promotions/list';

describe.each(backends)('promotions/joined on %s', (backend) => {
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

  /** The running promotions of a demo site, by claim type. */
  async function promotionsOf(host: string) {
    const { body } = await post(LIST, { ...siteOf(host), page_size: 50 });
    const items = expectReply(promotionListReply, body).value;
    return {
      claim: items.find((item) => item.claim_type === 'claim')!,
      join: items.filter((item) => item.claim_type === 'join'),
      none: items.find((item) => item.claim_type === 'none')!,
    };
  }

  async function joined(session: TestSession, extra: Record<string, unknown> = {}) {
    const { status, body } = await post(JOINED, { ...credentials(session), ...extra });
    expect(status).toBe(200);
    return expectReply(promotionJoinedReply, body).value;
  }

  async function join(session: TestSession, promotionId: number) {
    const { body } = await post(JOIN, { ...credentials(session), promotion_id: promotionId });
    return expectReply(promotionJoinReply, body);
  }

  describe('success', () => {
    it('answers nothing for a player who joined nothing', async () => {
      const player = await newPlayer(db, 'casino1');
      expect(await joined(player)).toEqual([]);
      expect(await joined(player, { promotion_ids: [] })).toEqual([]);
    });

    it('answers every promotion joined or claimed, latest first, with when; narrowed to the ids asked', async () => {
      const player = await newPlayer(db, 'casino1');
      const { claim, join: joinable, none } = await promotionsOf('casino1.localhost');
      const started = Date.now();
      await join(player, claim.promotion_id);
      await join(player, joinable[0]!.promotion_id);
      const ended = Date.now();

      const all = await joined(player);
      expect(all.map((row) => row.promotion_id)).toEqual([joinable[0]!.promotion_id, claim.promotion_id]);
      for (const row of all) {
        // The database's clock, close to the test's (a few seconds of slack for a slow run).
        expect(Date.parse(row.joined_at)).toBeGreaterThanOrEqual(started - 5_000);
        expect(Date.parse(row.joined_at)).toBeLessThanOrEqual(ended + 5_000);
      }
      // The stored entries are what the reply says.
      const stored = await db.select().from(promotionEntries).where(eq(promotionEntries.playerId, player.playerId));
      expect(stored.map((row) => row.promotionId).sort()).toEqual(all.map((row) => row.promotion_id).sort());

      const narrowed = await joined(player, { promotion_ids: [claim.promotion_id, none.promotion_id, joinable[1]!.promotion_id] });
      expect(narrowed.map((row) => row.promotion_id)).toEqual([claim.promotion_id]);
      expect(narrowed[0]!.joined_at).toBe(all.find((row) => row.promotion_id === claim.promotion_id)!.joined_at);
    });

    it('keeps a promotion that has ended since it was joined', async () => {
      const player = await newPlayer(db, 'casino2');
      const { join: joinable } = await promotionsOf('casino2.localhost');
      const target = joinable[joinable.length - 1]!;
      await join(player, target.promotion_id);
      await db
        .update(promotions)
        .set({ startAt: new Date(Date.now() - 3 * 86_400_000), endAt: new Date(Date.now() - 86_400_000) })
        .where(eq(promotions.id, target.promotion_id));
      expect((await joined(player)).map((row) => row.promotion_id)).toEqual([target.promotion_id]);
    });
  });

  describe('validation', () => {
    it.each([
      [{ promotion_ids: 'all' }, 'promotion_ids'],
      [{ promotion_ids: [0] }, 'promotion_ids.0'],
      [{ promotion_ids: [1.5] }, 'promotion_ids.0'],
      [{ promotion_ids: ['1'] }, 'promotion_ids.0'],
      [{ promotion_ids: Array.from({ length: 51 }, (_, index) => index + 1) }, 'promotion_ids'],
      [{ page: 1 }, 'page'],
    ])('refuses %j (errors name the field, or the bad item of the list)', async (extra, field) => {
      const player = await newPlayer(db, 'casino1');
      const { status, body } = await post(JOINED, { ...credentials(player), ...extra });
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect(Object.keys(body.errors as object)).toContain(field);
    });

    it('refuses a body that is not JSON with validationError, not a server error', async () => {
      const response = await server.app.inject({ method: 'POST', url: JOINED, headers: { 'content-type': 'application/json' }, payload: '{"account_id":' });
      expect(response.statusCode).toBe(400);
      expectFailure(response.json() as Record<string, unknown>, 'validationError');
    });
  });

  describe('session failures', () => {
    it('answers sessionExpired, validationError, permissionDenied, BLOCK and CLOSE', async () => {
      await expectSessionFailures(server.app, db, JOINED);
    });

    it('answers sessionExpired for an unknown token with ids too', async () => {
      const { status, body } = await post(JOINED, { account_id: 'demo', auth: 'B'.repeat(43), promotion_ids: [1] });
      expect(status).toBe(401);
      expectFailure(body, 'sessionExpired');
    });
  });

  describe('tenant isolation', () => {
    it("shows a player only its own entries: not another player's, not another site's demo player's", async () => {
      const casino3Demo = await sessionOf(db, 'casino3', 'demo');
      const casino4Demo = await sessionOf(db, 'casino4', 'demo');
      const neighbour = await newPlayer(db, 'casino3');
      const casino3 = await promotionsOf('casino3.localhost');
      const casino4 = await promotionsOf('casino4.localhost');

      await join(casino3Demo, casino3.claim.promotion_id);
      expect((await joined(casino3Demo)).map((row) => row.promotion_id)).toContain(casino3.claim.promotion_id);
      // The same account id on another site is another player.
      expect(await joined(casino4Demo)).toEqual([]);
      // Another player of the same site.
      expect(await joined(neighbour)).toEqual([]);
      // Asking for another site's ids finds nothing either.
      expect(await joined(casino4Demo, { promotion_ids: [casino3.claim.promotion_id] })).toEqual([]);

      // An entry written with another site's id (never done by the API) is not answered either.
      await db.insert(promotionEntries).values({ promotionId: casino4.claim.promotion_id, playerId: casino3Demo.playerId, siteId: casino4Demo.siteId });
      expect((await joined(casino3Demo)).map((row) => row.promotion_id)).not.toContain(casino4.claim.promotion_id);

      // Another site's token with this site's player's account id is refused.
      expectFailure((await post(JOINED, { account_id: neighbour.account_id, auth: casino4Demo.auth })).body, 'permissionDenied');
    });
  });
});
