/**
 * Inbox (docs/product.md §7 get_inbox, claim_inbox; docs/product.md D6): listing newest first with read state,
 * claims credited exactly once through the ledger (also under 50 concurrent claims), the refusals
 * notFound / notClaimable / alreadyClaimed, validation, session failures and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { claimInboxReply, getInboxReply } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { inboxItems, ledgerEntries } from '../../src/db/schema.js';
import { readBalances } from '../../src/ledger/index.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import {
  credentials,
  expectFailure,
  expectReply,
  expectSessionFailures,
  minor,
  newPlayer,
  post as postCall,
  sessionOf,
  type TestSession,
} from './rewards-fixtures.js';

const GET = '/api/settings/get_inbox';
const CLAIM = '/api/settings/claim_inbox';

describe.each(backends)('inbox on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    // Concurrent claims need real parallel connections on PostgreSQL.
    server = await createTestServer({ backend, poolSize: 24 });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);

  async function inbox(session: TestSession) {
    const { status, body } = await post(GET, credentials(session));
    expect(status).toBe(200);
    return expectReply(getInboxReply, body).value;
  }

  async function claim(session: TestSession, inboxId: number) {
    return post(CLAIM, { ...credentials(session), inbox_id: inboxId });
  }

  /** The demo player's seeded items of a site, by kind. */
  async function seededItems(session: TestSession) {
    const rows = await db.select().from(inboxItems).where(eq(inboxItems.playerId, session.playerId)).orderBy(inboxItems.id);
    return {
      balance: rows.find((row) => row.rewardType === 'balance' && !row.claimedAt)!,
      token: rows.find((row) => row.rewardType === 'token' && !row.claimedAt)!,
      claimed: rows.find((row) => row.claimedAt !== null)!,
      plain: rows.find((row) => row.rewardAmount === null)!,
    };
  }

  async function giveItem(session: TestSession, reward: { amount: string; type: 'balance' | 'token' } | null, title = 'Test message') {
    const [row] = await db
      .insert(inboxItems)
      .values({
        siteId: session.siteId,
        playerId: session.playerId,
        title,
        body: 'Line one\nLine two',
        rewardAmount: reward?.amount ?? null,
        rewardType: reward?.type ?? null,
      })
      .returning({ id: inboxItems.id });
    return row!.id;
  }

  async function entriesOf(siteId: number, key: string) {
    return db.select().from(ledgerEntries).where(and(eq(ledgerEntries.siteId, siteId), eq(ledgerEntries.idempotencyKey, key)));
  }

  /** The wallet equals the sum of the player's entries, per account. */
  async function expectWalletMatchesLedger(playerId: number) {
    const balances = await readBalances(db, playerId);
    const [sums] = await queryRows<{ balance: string; tokens: string }>(
      db,
      sql`select coalesce(sum(amount) filter (where account = 'balance'), 0)::text as balance,
                 coalesce(sum(amount) filter (where account = 'tokens'), 0)::text as tokens
          from ledger_entries where player_id = ${playerId}`,
    );
    expect(minor(balances.balance)).toBe(minor(sums!.balance));
    expect(minor(balances.tokens)).toBe(minor(sums!.tokens));
  }

  describe('get_inbox', () => {
    it("lists the demo player's seeded messages newest first: claimable balance and token rewards, one claimed, plain ones", async () => {
      const demo = await sessionOf(db, 'casino2', 'demo');
      const value = await inbox(demo);
      expect(value.length).toBeGreaterThanOrEqual(4);
      expect(value.length).toBeLessThanOrEqual(6);
      const times = value.map((item) => Date.parse(item.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const claimable = value.filter((item) => item.claimable);
      expect(claimable.length).toBeGreaterThanOrEqual(2);
      expect(claimable.map((item) => item.reward_type).sort()).toEqual(expect.arrayContaining(['balance', 'token']));
      for (const item of claimable) {
        expect(item.claimed).toBe(false);
        expect(minor(item.reward_amount!)).toBeGreaterThan(0n);
      }
      const claimed = value.filter((item) => item.claimed);
      expect(claimed).toHaveLength(1);
      expect(claimed[0]).toMatchObject({ claimable: false, read: true });
      const plain = value.filter((item) => item.reward_amount === null);
      expect(plain.length).toBeGreaterThanOrEqual(1);
      for (const item of plain) expect(item).toMatchObject({ reward_type: null, claimable: false, claimed: false });

      // The claimed message was credited through the ledger under the claim's own key.
      const entries = await entriesOf(demo.siteId, `inbox:${claimed[0]!.inbox_id}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ type: 'claim', account: 'balance', playerId: demo.playerId });
      expect(minor(entries[0]!.amount)).toBe(minor(claimed[0]!.reward_amount!));
    });

    it('tells which messages were unread, then marks them read', async () => {
      const player = await newPlayer(db, 'casino2');
      const older = await giveItem(player, null, 'Older');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const newer = await giveItem(player, { amount: '12.5', type: 'balance' }, 'Newer');
      const first = await inbox(player);
      expect(first.map((item) => item.inbox_id)).toEqual([newer, older]);
      expect(first.map((item) => item.read)).toEqual([false, false]);
      expect(first[0]).toMatchObject({ title: 'Newer', body: 'Line one\nLine two', reward_amount: '12.5000', reward_type: 'balance', claimable: true });
      const second = await inbox(player);
      expect(second.map((item) => item.read)).toEqual([true, true]);
    });

    it('answers an empty list for a player without messages', async () => {
      expect(await inbox(await newPlayer(db, 'casino2'))).toEqual([]);
    });
  });

  describe('claim_inbox', () => {
    it('credits a balance reward once and answers the new balances', async () => {
      const demo = await sessionOf(db, 'casino3', 'demo');
      const items = await seededItems(demo);
      const before = await readBalances(db, demo.playerId);

      const { status, body } = await claim(demo, items.balance.id);
      expect(status).toBe(200);
      const reply = expectReply(claimInboxReply, body);
      expect(reply.reward_type).toBe('balance');
      expect(minor(reply.amount)).toBe(minor(items.balance.rewardAmount!));
      expect(minor(reply.game_balance)).toBe(minor(before.balance) + minor(items.balance.rewardAmount!));
      expect(minor(reply.game_token)).toBe(minor(before.tokens));

      const entries = await entriesOf(demo.siteId, `inbox:${items.balance.id}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ type: 'claim', account: 'balance', playerId: demo.playerId });
      expect(minor(entries[0]!.balanceAfter)).toBe(minor(reply.game_balance));

      // Claimed, read, and no longer claimable.
      const listed = (await inbox(demo)).find((item) => item.inbox_id === items.balance.id)!;
      expect(listed).toMatchObject({ claimed: true, claimable: false, read: true });

      // Claiming again is refused and moves nothing.
      const again = await claim(demo, items.balance.id);
      expectFailure(again.body, 'alreadyClaimed');
      expect(again.status).toBe(409);
      expect((await readBalances(db, demo.playerId)).balance).toBe(reply.game_balance);
      expect(await entriesOf(demo.siteId, `inbox:${items.balance.id}`)).toHaveLength(1);
      await expectWalletMatchesLedger(demo.playerId);
    });

    it('credits a token reward to game_token', async () => {
      const demo = await sessionOf(db, 'casino3', 'demo');
      const items = await seededItems(demo);
      const before = await readBalances(db, demo.playerId);
      const reply = expectReply(claimInboxReply, (await claim(demo, items.token.id)).body);
      expect(reply.reward_type).toBe('token');
      expect(minor(reply.game_token)).toBe(minor(before.tokens) + minor(items.token.rewardAmount!));
      expect(minor(reply.game_balance)).toBe(minor(before.balance));
      const [entry] = await entriesOf(demo.siteId, `inbox:${items.token.id}`);
      expect(entry).toMatchObject({ account: 'tokens', type: 'claim' });
      await expectWalletMatchesLedger(demo.playerId);
    });

    it('refuses the seeded claimed message (alreadyClaimed), a plain one (notClaimable) and an unknown id (notFound)', async () => {
      const demo = await sessionOf(db, 'casino4', 'demo');
      const items = await seededItems(demo);
      const before = await readBalances(db, demo.playerId);
      expectFailure((await claim(demo, items.claimed.id)).body, 'alreadyClaimed');
      const plain = await claim(demo, items.plain.id);
      expectFailure(plain.body, 'notClaimable');
      expect(plain.status).toBe(422);
      const unknown = await claim(demo, 2_147_483_647);
      expectFailure(unknown.body, 'notFound');
      expect(unknown.status).toBe(404);
      expect(await readBalances(db, demo.playerId)).toEqual(before);
      // A refused claim does not mark a plain message claimed.
      const [row] = await db.select().from(inboxItems).where(eq(inboxItems.id, items.plain.id));
      expect(row!.claimedAt).toBeNull();
    });

    it("answers notFound for another player's message of the same site and leaves it claimable", async () => {
      const owner = await newPlayer(db, 'casino4');
      const other = await newPlayer(db, 'casino4');
      const id = await giveItem(owner, { amount: '7', type: 'balance' });
      expectFailure((await claim(other, id)).body, 'notFound');
      expect((await readBalances(db, other.playerId)).balance).toBe('0.0000');
      expect(expectReply(claimInboxReply, (await claim(owner, id)).body).game_balance).toBe('7.0000');
    });
  });

  describe('validation', () => {
    it.each([
      ['a missing inbox_id', undefined, 'required'],
      ['a string inbox_id', 'abc', 'invalidType'],
      ['a numeric string inbox_id', '12', 'invalidType'],
      ['inbox_id 0', 0, 'invalidValue'],
      ['a negative inbox_id', -5, 'invalidValue'],
      ['a fractional inbox_id', 1.5, 'invalidType'],
      ['an inbox_id beyond 32 bits', 2 ** 31, 'invalidValue'],
    ])('claim_inbox refuses %s', async (_case, inboxId, key) => {
      const player = await newPlayer(db, 'casino1');
      const { status, body } = await post(CLAIM, { ...credentials(player), inbox_id: inboxId });
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect((body.errors as Record<string, string[]>).inbox_id).toContain(key);
    });

    it('get_inbox refuses unknown fields and malformed account ids', async () => {
      const player = await newPlayer(db, 'casino1');
      const extra = await post(GET, { ...credentials(player), page: 2 });
      expectFailure(extra.body, 'validationError');
      expect(extra.body.errors).toMatchObject({ page: ['unknownField'] });
      const badId = await post(GET, { ...credentials(player), account_id: 'no spaces!' });
      expectFailure(badId.body, 'validationError');
      expect(Object.keys(badId.body.errors as object)).toEqual(['account_id']);
    });
  });

  describe('session failures', () => {
    it.each([
      ['get_inbox', GET, {}],
      ['claim_inbox', CLAIM, { inbox_id: 1 }],
    ])('%s answers sessionExpired, validationError, permissionDenied, BLOCK and CLOSE', async (_name, path, extra) => {
      await expectSessionFailures(server.app, db, path, extra);
    });

    it('a player blocked after login can neither list nor claim, and nothing is credited', async () => {
      const player = await newPlayer(db, 'casino1');
      const id = await giveItem(player, { amount: '3', type: 'balance' });
      await db.execute(sql`update players set status = 'blocked' where id = ${player.playerId}`);
      expectFailure((await claim(player, id)).body, 'BLOCK');
      expectFailure((await post(GET, credentials(player))).body, 'BLOCK');
      const [row] = await db.select().from(inboxItems).where(eq(inboxItems.id, id));
      expect(row!.claimedAt).toBeNull();
      expect((await readBalances(db, player.playerId)).balance).toBe('0.0000');
    });
  });

  describe('tenant isolation', () => {
    it("slot5's inbox ids cannot be claimed or seen with a casino1 session", async () => {
      const slot5 = await sessionOf(db, 'slot5', 'demo');
      const casino1 = await sessionOf(db, 'casino1', 'demo');
      const slotItems = await seededItems(slot5);
      const slotBefore = await readBalances(db, slot5.playerId);
      const casinoBefore = await readBalances(db, casino1.playerId);

      for (const item of [slotItems.balance, slotItems.token]) {
        expectFailure((await claim(casino1, item.id)).body, 'notFound');
      }
      // Both players are 'demo': casino1's token reaches casino1's player only, and slot5's items stay untouched.
      expect(await readBalances(db, slot5.playerId)).toEqual(slotBefore);
      expect(await readBalances(db, casino1.playerId)).toEqual(casinoBefore);
      const [row] = await db.select().from(inboxItems).where(eq(inboxItems.id, slotItems.balance.id));
      expect(row!.claimedAt).toBeNull();

      const casinoIds = new Set((await inbox(casino1)).map((item) => item.inbox_id));
      for (const item of await inbox(slot5)) expect(casinoIds.has(item.inbox_id)).toBe(false);
    });
  });

  describe('concurrency', () => {
    it('50 concurrent claims of one item credit it exactly once', async () => {
      const player = await newPlayer(db, 'casino5');
      const id = await giveItem(player, { amount: '25.75', type: 'balance' });
      const tokenId = await giveItem(player, { amount: '40', type: 'token' });

      const replies = await Promise.all([
        ...Array.from({ length: 50 }, () => claim(player, id)),
        ...Array.from({ length: 50 }, () => claim(player, tokenId)),
      ]);
      const balanceReplies = replies.slice(0, 50);
      const tokenReplies = replies.slice(50);
      for (const group of [balanceReplies, tokenReplies]) {
        const ok = group.filter((reply) => reply.body.statusCode === 1);
        expect(ok).toHaveLength(1);
        expect(group.filter((reply) => reply.body.message === 'alreadyClaimed')).toHaveLength(49);
        expectReply(claimInboxReply, ok[0]!.body);
      }

      const balances = await readBalances(db, player.playerId);
      expect(balances.balance).toBe('25.7500');
      expect(balances.tokens).toBe('40.0000');
      expect(await entriesOf(player.siteId, `inbox:${id}`)).toHaveLength(1);
      expect(await entriesOf(player.siteId, `inbox:${tokenId}`)).toHaveLength(1);
      const [{ count } = { count: -1 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.playerId, player.playerId));
      expect(count).toBe(2);
      await expectWalletMatchesLedger(player.playerId);
    });
  });
});
