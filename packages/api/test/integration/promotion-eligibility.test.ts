/**
 * Promotions check eligibility on the server (issue 21 §7, ADR 0022): a deposit promotion needs a
 * qualifying deposit (approved, made while it runs, of at least its minimum), a deposit naming a
 * promotion must meet its minimum, and a welcome offer is once per player and once per phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { players, promotions } from '../../src/db/schema.js';
import { savePromotion } from '../../src/rewards/promotions.js';
import { readBalances } from '../../src/ledger/index.js';
import { createTestServer, type TestServer } from './helpers.js';
import { credentials, expectFailure, newPlayer, post as postCall, siteRow, type TestSession } from './rewards-fixtures.js';
import { BANKING, operatorKey, opsCall, receivingOf, requestDeposit } from './banking-fixtures.js';

const JOIN = '/api/promotions/join';
const DAY = 86_400_000;
const TEXTS = { EN: { title: 'Deposit bonus', summary: 'Deposit and claim.', body: '<p>Minimum deposit 500.</p>' } };

describe('promotion eligibility on the server', () => {
  let server: TestServer;
  let db: Db;
  let siteId: number;
  let cashier: string;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.database.db;
    siteId = (await siteRow(db, 'casino1')).id;
    cashier = await operatorKey(db, 'eligibility-cashier');
    await db.execute(sql`update banking_settings set min_deposit = 100, max_deposit = 50000 where site_id = ${siteId}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);

  async function approve(paymentId: number): Promise<void> {
    const { body } = await opsCall(server.app, '/api/ops/deposit/approve', cashier, { payment_id: paymentId, reason: 'Matched' });
    expect(body.statusCode, JSON.stringify(body)).toBe(1);
  }

  it('a deposit promotion needs an approved deposit of its minimum made while it runs', async () => {
    const id = await savePromotion(db, siteId, {
      kind: 'promotion',
      category: 'deposit',
      imageUrl: '/x.svg',
      startAt: new Date(Date.now() - DAY),
      endAt: new Date(Date.now() + 30 * DAY),
      claimType: 'claim',
      rewardAmount: '20',
      rewardType: 'balance',
      minDeposit: '500',
      texts: TEXTS,
    });
    const me = await newPlayer(db, 'casino1');
    // No deposit at all: nothing to claim on.
    expectFailure((await post(JOIN, { ...credentials(me), promotion_id: id })).body, 'notClaimable');
    // A pending deposit, then an approved one under the minimum: still not.
    const small = await requestDeposit(server.app, db, me, '200');
    expectFailure((await post(JOIN, { ...credentials(me), promotion_id: id })).body, 'notClaimable');
    await approve(small);
    expectFailure((await post(JOIN, { ...credentials(me), promotion_id: id })).body, 'notClaimable');
    expect((await readBalances(db, me.playerId)).balance).toBe('200.0000');

    // A deposit of the minimum, approved: the claim is credited once.
    await approve(await requestDeposit(server.app, db, me, '500'));
    const claimed = await post(JOIN, { ...credentials(me), promotion_id: id });
    expect(claimed.body).toMatchObject({ statusCode: 1, amount: '20.0000', reward_type: 'balance' });
    expect((await readBalances(db, me.playerId)).balance).toBe('720.0000');
    expectFailure((await post(JOIN, { ...credentials(me), promotion_id: id })).body, 'alreadyClaimed');

    // A deposit made before the promotion started does not qualify.
    const early = await newPlayer(db, 'casino1');
    await approve(await requestDeposit(server.app, db, early, '900'));
    await db.update(promotions).set({ startAt: new Date(Date.now() + 1000 - DAY / 2) }).where(eq(promotions.id, id));
    await db.execute(sql`update payments set created_at = now() - interval '1 day' where player_id = ${early.playerId}`);
    expectFailure((await post(JOIN, { ...credentials(early), promotion_id: id })).body, 'notClaimable');
  });

  it('a deposit that names a promotion must meet its minimum', async () => {
    const id = await savePromotion(db, siteId, {
      kind: 'promotion',
      category: 'deposit',
      imageUrl: '/x.svg',
      startAt: new Date(Date.now() - DAY),
      endAt: null,
      claimType: 'join',
      minDeposit: '1000',
      texts: TEXTS,
    });
    const me = await newPlayer(db, 'casino1');
    const deposit = async (amount: string) =>
      post(BANKING.deposit, { ...credentials(me), ...(await receivingOf(db, siteId)), amount, transfer_reference: 'FT0001', promotion_id: id });
    expectFailure((await deposit('999.99')).body, 'notClaimable');
    const made = await deposit('1000');
    expect(made.body.statusCode, JSON.stringify(made.body)).toBe(1);
    await approve((made.body.value as { deposit_id: number }).deposit_id);
    const [entry] = await db.execute(sql`select 1 from promotion_entries where promotion_id = ${id} and player_id = ${me.playerId}`).then((r) => (r as unknown as { rows: unknown[] }).rows);
    expect(entry).toBeDefined();
  });

  it('a welcome offer is once per phone: another account of the same phone cannot take it again', async () => {
    const [welcome] = await db.select({ id: promotions.id }).from(promotions).where(sql`${promotions.siteId} = ${siteId} and ${promotions.category} = 'welcome'`).limit(1);
    const phone = `6391${String(Date.now()).slice(-7)}`;
    const withPhone = async (number: string): Promise<TestSession> => {
      const player = await newPlayer(db, 'casino1');
      await db.update(players).set({ contactPhone: number }).where(eq(players.id, player.playerId));
      return player;
    };
    const first = await withPhone(phone);
    const second = await withPhone(phone);
    const other = await withPhone(`${phone.slice(0, -1)}${(Number(phone.slice(-1)) + 1) % 10}`);
    // Both accounts of the phone at once: exactly one gets it.
    const replies = await Promise.all([first, second].map((player) => post(JOIN, { ...credentials(player), promotion_id: welcome!.id })));
    expect(replies.map((reply) => reply.body.statusCode).sort()).toEqual([0, 1]);
    expect(replies.find((reply) => reply.body.statusCode === 0)!.body.message).toBe('alreadyClaimed');
    const tokens = await Promise.all([first, second].map(async (player) => (await readBalances(db, player.playerId)).tokens));
    expect(tokens.sort()).toEqual(['0.0000', '50.0000']);
    // Another phone is another player.
    expect((await post(JOIN, { ...credentials(other), promotion_id: welcome!.id })).body.statusCode).toBe(1);
    // A deposit naming it from the second account of the phone is refused too.
    const loser = replies[0]!.body.statusCode === 0 ? first : second;
    const named = await post(BANKING.deposit, { ...credentials(loser), ...(await receivingOf(db, siteId)), amount: '1000', transfer_reference: 'FT0002', promotion_id: welcome!.id });
    expectFailure(named.body, 'alreadyClaimed');
  });
});
