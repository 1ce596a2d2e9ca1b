/**
 * Banking, the operator side (issue 9, ADR 0015): the operator HTTP API's authentication (no key,
 * a wrong key, a player's token, a disabled operator, another site's operator), approvals and
 * rejections (a deposit approved twice credits once, also under 20 concurrent approvals; a player's
 * cancel racing an operator's decision ends in exactly one outcome), what an approved deposit
 * counts toward (VIP progress, deposit missions, the promotion it named), balance adjustments with
 * idempotency, statements and receipts, and the audit log's who, what, when and why; the wallet
 * equals the sum of its entries after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { missionsReply, opsAdjustReply, opsAuditReply, opsDecisionReply, opsPendingReply, opsStatementReply, depositMethodsReply } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { operatorAudit, operators, payments, playerVip, promotionEntries } from '../../src/db/schema.js';
import { disableOperator } from '../../src/banking/operators.js';
import { backends, createTestServer, expectDatabaseRefusal, postJson, type TestServer } from './helpers.js';

/** What the audit log's append-only triggers raise (insufficient_privilege, migration 0008). */
const APPEND_ONLY = { code: '42501' };
import { credentials, expectFailure, expectReply, minor, post as postCall, sessionOf, type TestSession } from './rewards-fixtures.js';
import {
  BANKING,
  addAccount,
  bankingPlayer,
  credit,
  expectAllWalletsMatchLedger,
  operatorKey,
  opsCall,
  paymentStatus,
  requestDeposit,
} from './banking-fixtures.js';

const OPS = {
  pending: '/api/ops/pending',
  depositApprove: '/api/ops/deposit/approve',
  depositReject: '/api/ops/deposit/reject',
  withdrawalApprove: '/api/ops/withdrawal/approve',
  withdrawalReject: '/api/ops/withdrawal/reject',
  adjust: '/api/ops/adjust',
  statement: '/api/ops/statement',
  receipt: '/api/ops/receipt',
  audit: '/api/ops/audit',
} as const;

describe.each(backends)('banking operator API on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  /** An operator of every site, and one of casino1 only. */
  let rootKey: string;
  let casino1Key: string;

  beforeAll(async () => {
    // The races need real parallel connections on PostgreSQL.
    server = await createTestServer({ backend, poolSize: 24 });
    db = server.database.db;
    await db.execute(sql`update banking_settings set min_deposit = 100, max_deposit = 50000, min_withdrawal = 200, max_withdrawal = 100000,
      max_pending_deposits = 50 where site_id in (select id from sites where external_id in ('casino1', 'casino2'))`);
    rootKey = await operatorKey(db, `root-${backend}`);
    casino1Key = await operatorKey(db, `casino1-${backend}`, (await sessionOf(db, 'casino1', 'demo')).siteId);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await expectAllWalletsMatchLedger(db);
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);
  const ops = (path: string, payload: unknown, key: string | null = rootKey) => opsCall(server.app, path, key, payload);
  const player = (externalId = 'casino1'): Promise<TestSession> => bankingPlayer(db, externalId);

  async function balanceOf(playerId: number): Promise<{ balance: string; held: string; tokens: string }> {
    const [row] = await queryRows<{ balance: string; held: string; tokens: string }>(
      db,
      sql`select balance::text, held::text, tokens::text from wallets where player_id = ${playerId}`,
    );
    return row ?? { balance: '0.0000', held: '0.0000', tokens: '0.0000' };
  }

  async function entriesOf(playerId: number, keyPattern: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ledger_entries where player_id = ${playerId} and idempotency_key like ${keyPattern}`);
    return row!.count;
  }

  describe('authentication', () => {
    it('refuses no key, a wrong key, another scheme, a player session token and a disabled operator with invalidApiKey', async () => {
      const none = await ops(OPS.pending, {}, null);
      expect(none.status).toBe(401);
      expectFailure(none.body, 'invalidApiKey');
      expectFailure((await ops(OPS.pending, {}, 'wlop_' + 'x'.repeat(43))).body, 'invalidApiKey');
      const basic = await postJson(server.app, OPS.pending, {}, { headers: { authorization: `Basic ${Buffer.from(`root:${rootKey}`).toString('base64')}` } });
      expectFailure(basic.body, 'invalidApiKey');
      const demo = await sessionOf(db, 'casino1', 'demo');
      const asPlayer = await ops(OPS.pending, {}, demo.auth);
      expect(asPlayer.status).toBe(401);
      expectFailure(asPlayer.body, 'invalidApiKey');
      // Nor does a player's session in the body open an operator call.
      expectFailure((await ops(OPS.pending, credentials(demo), null)).body, 'invalidApiKey');

      const key = await operatorKey(db, `leaver-${backend}`);
      expect((await ops(OPS.pending, {}, key)).body.statusCode).toBe(1);
      expect(await disableOperator(db, `leaver-${backend}`, 'test')).toBe(true);
      expectFailure((await ops(OPS.pending, {}, key)).body, 'invalidApiKey');
      // The key is kept only as a hash.
      const stored = await db.select({ keyHash: operators.keyHash }).from(operators).where(eq(operators.name, `leaver-${backend}`));
      expect(stored[0]!.keyHash).not.toContain(key.slice(5));
      expect(stored[0]!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("keeps a site's operator to its site: its own pending by default, another site permissionDenied, another site's payment notFound", async () => {
      const foreign = await player('casino2');
      const foreignDeposit = await requestDeposit(server.app, db, foreign, '1000');
      const own = await player('casino1');
      const ownDeposit = await requestDeposit(server.app, db, own, '1000');

      const mine = expectReply(opsPendingReply, (await ops(OPS.pending, { page_size: 100 }, casino1Key)).body);
      expect(new Set(mine.value.map((row) => row.site))).toEqual(new Set(['casino1']));
      expect(mine.value.map((row) => row.payment_id)).toContain(ownDeposit);
      const denied = await ops(OPS.pending, { site: 'casino2.localhost' }, casino1Key);
      expect(denied.status).toBe(403);
      expectFailure(denied.body, 'permissionDenied');
      const other = await ops(OPS.depositApprove, { payment_id: foreignDeposit, reason: 'not mine to approve' }, casino1Key);
      expectFailure(other.body, 'notFound');
      expect(other.status).toBe(404);
      expect(await paymentStatus(db, foreignDeposit)).toBe('pending');
      expectFailure((await ops(OPS.statement, { site: 'casino2.localhost', account_id: foreign.account_id }, casino1Key)).body, 'permissionDenied');
      expectFailure((await ops(OPS.adjust, { site: 'casino2.localhost', account_id: foreign.account_id, amount: '5', reason: 'nope' }, casino1Key)).body, 'permissionDenied');

      // An operator of every site sees both, oldest first.
      const all = expectReply(opsPendingReply, (await ops(OPS.pending, { page_size: 100 })).body);
      expect(new Set(all.value.map((row) => row.site)).size).toBeGreaterThan(1);
      expect(all.total).toBeGreaterThan(mine.total);
      const created = all.value.map((row) => row.created_at);
      expect(created).toEqual([...created].sort());
      const theirs = expectReply(opsPendingReply, (await ops(OPS.pending, { site: 'casino2.localhost', page_size: 100 })).body);
      expect(theirs.value.map((row) => row.payment_id)).toContain(foreignDeposit);
      const deposits = expectReply(opsPendingReply, (await ops(OPS.pending, { site: 'casino2.localhost', kind: 'deposit' })).body);
      expect(deposits.value.every((row) => row.kind === 'deposit' && row.site === 'casino2')).toBe(true);
      expectFailure((await ops(OPS.pending, { site: 'nowhere.localhost' })).body, 'siteNotFound');
    });

    it('checks payloads with the contract after the key', async () => {
      const missing = await ops(OPS.depositApprove, { payment_id: 1 });
      expect(missing.status).toBe(400);
      expectFailure(missing.body, 'validationError');
      expect(missing.body.errors).toMatchObject({ reason: ['required'] });
      expectFailure((await ops(OPS.depositApprove, { payment_id: 'x', reason: 'abc' })).body, 'validationError');
      expectFailure((await ops(OPS.adjust, { site: 'casino1.localhost', account_id: 'demo', amount: '0', reason: 'zero' })).body, 'validationError');
      expectFailure((await ops(OPS.pending, { surprise: 1 })).body, 'validationError');
      const malformed = await server.app.inject({ method: 'POST', url: OPS.pending, headers: { 'content-type': 'application/json', authorization: `Bearer ${rootKey}` }, payload: '{' });
      expect(malformed.statusCode).toBe(400);
      expectFailure(JSON.parse(malformed.body), 'validationError');
      const unknown = await ops(OPS.depositApprove, { payment_id: 2_000_000_000, reason: 'who?' });
      expectFailure(unknown.body, 'notFound');
    });
  });

  describe('deposits', () => {
    it('approving credits the balance once, adds VIP deposit progress, counts for deposit missions and pays the named promotion once', async () => {
      const me = await player();
      const promotion = expectReply(depositMethodsReply, (await post(BANKING.methods, credentials(me))).body).promotions[0]!;
      const id = await requestDeposit(server.app, db, me, '2500.75', { promotion_id: promotion.promotion_id });
      const firstDeposit = (await missions(me)).find((mission) => mission.kind === 'deposit' && mission.period === 'once')!;
      expect(firstDeposit.claimable).toBe(false);
      const [vipBefore] = await db.select().from(playerVip).where(eq(playerVip.playerId, me.playerId));

      const approved = await ops(OPS.depositApprove, { payment_id: id, reason: 'Matched on the bank statement' });
      expect(approved.status).toBe(200);
      const reply = expectReply(opsDecisionReply, approved.body);
      expect(reply.value).toMatchObject({ payment_id: id, status: 'approved', decided_by: `operator:root-${backend}`, reason: 'Matched on the bank statement', account_id: me.account_id });
      const wallet = await balanceOf(me.playerId);
      expect(wallet.balance).toBe('2500.7500');
      expect(minor(wallet.tokens)).toBe(promotion.reward_type === 'tokens' ? minor(promotion.reward_amount!) : 0n);

      const again = await ops(OPS.depositApprove, { payment_id: id, reason: 'Twice by mistake' });
      expect(again.status).toBe(409);
      expectFailure(again.body, 'notPending');
      expectFailure((await ops(OPS.depositReject, { payment_id: id, reason: 'Too late' })).body, 'notPending');
      expect(await entriesOf(me.playerId, `deposit:${id}:%`)).toBe(1);
      expect((await balanceOf(me.playerId)).balance).toBe('2500.7500');

      const [vipAfter] = await db.select().from(playerVip).where(eq(playerVip.playerId, me.playerId));
      expect(minor(vipAfter!.cycleDeposit) - minor(vipBefore?.cycleDeposit ?? '0')).toBe(minor('2500.75'));
      expect(minor(vipAfter!.totalDeposit) - minor(vipBefore?.totalDeposit ?? '0')).toBe(minor('2500.75'));
      expect((await missions(me)).find((mission) => mission.mission_id === firstDeposit.mission_id)!.claimable).toBe(true);
      const entries = await db.select().from(promotionEntries).where(and(eq(promotionEntries.playerId, me.playerId), eq(promotionEntries.promotionId, promotion.promotion_id)));
      expect(entries).toHaveLength(1);
      expect(await entriesOf(me.playerId, `promotion:${promotion.promotion_id}:%`)).toBe(promotion.reward_amount ? 1 : 0);
      // The promotion is joined: no longer offered, and the player's own join call finds it claimed.
      expect(expectReply(depositMethodsReply, (await post(BANKING.methods, credentials(me))).body).promotions.map((item) => item.promotion_id)).not.toContain(promotion.promotion_id);
      expectFailure((await post('/api/promotions/join', { ...credentials(me), promotion_id: promotion.promotion_id })).body, 'alreadyClaimed');
      // The player sees it approved, with no operator reason shown for an approval.
      const list = (await post(BANKING.deposits, credentials(me))).body.value as { deposit_id: number; status: string; reason: string }[];
      expect(list.find((row) => row.deposit_id === id)).toMatchObject({ status: 'approved', reason: '' });
    });

    it('credits once under 20 concurrent approvals', async () => {
      const me = await player();
      const id = await requestDeposit(server.app, db, me, '1000');
      const replies = await Promise.all(Array.from({ length: 20 }, (_, index) => ops(OPS.depositApprove, { payment_id: id, reason: `approval ${index}` })));
      expect(replies.filter((reply) => reply.body.statusCode === 1)).toHaveLength(1);
      for (const reply of replies.filter((one) => one.body.statusCode !== 1)) expectFailure(reply.body, 'notPending');
      expect((await balanceOf(me.playerId)).balance).toBe('1000.0000');
      expect(await entriesOf(me.playerId, `deposit:${id}:%`)).toBe(1);
      const audits = await db.select().from(operatorAudit).where(and(eq(operatorAudit.targetType, 'payment'), eq(operatorAudit.targetId, String(id))));
      expect(audits).toHaveLength(1);
    });

    it("ends a player's cancel racing an operator's approval in exactly one outcome", async () => {
      const me = await player();
      const ids = [];
      for (let i = 0; i < 12; i++) ids.push(await requestDeposit(server.app, db, me, '100'));
      let credited = 0n;
      for (const id of ids) {
        const [cancel, approve] = await Promise.all([
          post(BANKING.depositCancel, { ...credentials(me), deposit_id: id }),
          ops(OPS.depositApprove, { payment_id: id, reason: 'race' }),
        ]);
        const outcomes = [cancel.body.statusCode, approve.body.statusCode];
        expect(outcomes.filter((code) => code === 1)).toHaveLength(1);
        const loser = cancel.body.statusCode === 1 ? approve : cancel;
        expectFailure(loser.body, 'notPending');
        const status = await paymentStatus(db, id);
        expect(status).toBe(approve.body.statusCode === 1 ? 'approved' : 'cancelled');
        expect(await entriesOf(me.playerId, `deposit:${id}:%`)).toBe(status === 'approved' ? 1 : 0);
        if (status === 'approved') credited += minor('100');
      }
      expect(minor((await balanceOf(me.playerId)).balance)).toBe(credited);
    });

    it('rejects with a reason the player sees, crediting nothing', async () => {
      const me = await player();
      const id = await requestDeposit(server.app, db, me, '700');
      const rejected = expectReply(opsDecisionReply, (await ops(OPS.depositReject, { payment_id: id, reason: 'No transfer received' })).body);
      expect(rejected.value.status).toBe('rejected');
      expect(await entriesOf(me.playerId, '%')).toBe(0);
      const list = (await post(BANKING.deposits, credentials(me))).body.value as { deposit_id: number; status: string; reason: string }[];
      expect(list.find((row) => row.deposit_id === id)).toMatchObject({ status: 'rejected', reason: 'No transfer received' });
      expectFailure((await post(BANKING.depositCancel, { ...credentials(me), deposit_id: id })).body, 'notPending');
    });
  });

  describe('withdrawals', () => {
    it('pays out the held amount on approval and returns it on rejection, each once', async () => {
      const me = await player();
      await credit(db, me, '5000', `test:ow1:${me.playerId}`);
      const account = await addAccount(server.app, db, me);
      const first = (await post(BANKING.withdrawal, { ...credentials(me), bank_account_id: account, amount: '1200' })).body.value as { withdrawal_id: number };
      const second = (await post(BANKING.withdrawal, { ...credentials(me), bank_account_id: account, amount: '800' })).body.value as { withdrawal_id: number };
      expect(await balanceOf(me.playerId)).toMatchObject({ balance: '3000.0000', held: '2000.0000' });

      const pending = expectReply(opsPendingReply, (await ops(OPS.pending, { site: 'casino1.localhost', kind: 'withdrawal', page_size: 100 })).body);
      expect(pending.value.find((row) => row.payment_id === first.withdrawal_id)!.bank_account).toMatchObject({ account_number: '0012345678' });

      const paid = expectReply(opsDecisionReply, (await ops(OPS.withdrawalApprove, { payment_id: first.withdrawal_id, reason: 'Sent by BDO' })).body);
      expect(paid.value.status).toBe('approved');
      expect(await balanceOf(me.playerId)).toMatchObject({ balance: '3000.0000', held: '800.0000' });
      expectFailure((await ops(OPS.withdrawalApprove, { payment_id: first.withdrawal_id, reason: 'again' })).body, 'notPending');
      expectFailure((await ops(OPS.withdrawalReject, { payment_id: first.withdrawal_id, reason: 'again' })).body, 'notPending');
      expectFailure((await ops(OPS.depositApprove, { payment_id: second.withdrawal_id, reason: 'wrong kind' })).body, 'notFound');

      expectReply(opsDecisionReply, (await ops(OPS.withdrawalReject, { payment_id: second.withdrawal_id, reason: 'Account name mismatch' })).body);
      expect(await balanceOf(me.playerId)).toMatchObject({ balance: '3800.0000', held: '0.0000' });
      expect(await entriesOf(me.playerId, `withdrawal:${second.withdrawal_id}:%`)).toBe(4);
      expect(await entriesOf(me.playerId, `withdrawal:${first.withdrawal_id}:%`)).toBe(3);
    });

    it("ends a player's cancel racing an operator's approval or rejection in exactly one outcome", async () => {
      const me = await player();
      await credit(db, me, '100000', `test:ow2:${me.playerId}`);
      const account = await addAccount(server.app, db, me);
      for (let i = 0; i < 12; i++) {
        const made = (await post(BANKING.withdrawal, { ...credentials(me), bank_account_id: account, amount: '1000' })).body.value as { withdrawal_id: number };
        const decision = i % 2 === 0 ? OPS.withdrawalApprove : OPS.withdrawalReject;
        const [cancel, decide] = await Promise.all([
          post(BANKING.withdrawalCancel, { ...credentials(me), withdrawal_id: made.withdrawal_id }),
          ops(decision, { payment_id: made.withdrawal_id, reason: 'race' }),
        ]);
        expect([cancel.body.statusCode, decide.body.statusCode].filter((code) => code === 1)).toHaveLength(1);
        const status = await paymentStatus(db, made.withdrawal_id);
        expect(status).toBe(cancel.body.statusCode === 1 ? 'cancelled' : i % 2 === 0 ? 'approved' : 'rejected');
        // Approved: hold, held, payout. Returned: hold, held, unhold, release.
        expect(await entriesOf(me.playerId, `withdrawal:${made.withdrawal_id}:%`)).toBe(status === 'approved' ? 3 : 4);
        expect((await balanceOf(me.playerId)).held).toBe('0.0000');
      }
    });

    it("approves and rejects the demo data's pending withdrawals, whose amounts the seed holds", async () => {
      const pending = expectReply(opsPendingReply, (await ops(OPS.pending, { kind: 'withdrawal', page_size: 100 })).body).value.filter((row) => row.account_id !== 'demo');
      expect(pending.length).toBeGreaterThanOrEqual(2);
      const [toPay, toReturn] = pending;
      const playerOf = async (id: number) => (await queryRows<{ player_id: number }>(db, sql`select player_id from payments where id = ${id}`))[0]!.player_id;
      const payee = await playerOf(toPay!.payment_id);
      const returnee = await playerOf(toReturn!.payment_id);
      const before = { paid: await balanceOf(payee) };
      expect(expectReply(opsDecisionReply, (await ops(OPS.withdrawalApprove, { payment_id: toPay!.payment_id, reason: 'Paid' })).body).value.status).toBe('approved');
      const afterPay = await balanceOf(payee);
      expect(afterPay.balance).toBe(before.paid.balance);
      expect(minor(before.paid.held) - minor(afterPay.held)).toBe(minor(toPay!.amount));
      const midway = await balanceOf(returnee);
      expect(expectReply(opsDecisionReply, (await ops(OPS.withdrawalReject, { payment_id: toReturn!.payment_id, reason: 'Returned' })).body).value.status).toBe('rejected');
      const afterReturn = await balanceOf(returnee);
      expect(minor(afterReturn.balance) - minor(midway.balance)).toBe(minor(toReturn!.amount));
      expect(minor(midway.held) - minor(afterReturn.held)).toBe(minor(toReturn!.amount));
    });
  });

  describe('adjustments, statements, receipts and the audit log', () => {
    it('credits and debits with a reason, never below zero, once per idempotency key, each audited', async () => {
      const me = await player();
      const site = 'casino1.localhost';
      const up = expectReply(opsAdjustReply, (await ops(OPS.adjust, { site, account_id: me.account_id.toUpperCase(), amount: '+150.25', reason: 'Compensation for a failed game round' })).body);
      expect(up).toMatchObject({ applied: true, balance_after: '150.2500' });
      const down = expectReply(opsAdjustReply, (await ops(OPS.adjust, { site, account_id: me.account_id, amount: '-50', reason: 'Duplicate bonus', idempotency_key: 'ticket-4711' })).body);
      expect(down).toMatchObject({ applied: true, balance_after: '100.2500' });
      const retry = expectReply(opsAdjustReply, (await ops(OPS.adjust, { site, account_id: me.account_id, amount: '-50', reason: 'Duplicate bonus', idempotency_key: 'ticket-4711' })).body);
      expect(retry).toMatchObject({ applied: false, entry_id: down.entry_id, audit_id: null });
      expectFailure((await ops(OPS.adjust, { site, account_id: me.account_id, amount: '-100.2501', reason: 'Too much' })).body, 'insufficientBalance');
      expectFailure((await ops(OPS.adjust, { site, account_id: 'nobody1', amount: '5', reason: 'Who' })).body, 'accountNotFound');
      expect((await balanceOf(me.playerId)).balance).toBe('100.2500');

      const audits = await db.select().from(operatorAudit).where(and(eq(operatorAudit.action, 'balance.adjust'), eq(operatorAudit.targetId, String(me.playerId))));
      expect(audits.map((audit) => [audit.actor, audit.reason, audit.details.amount])).toEqual([
        [`operator:root-${backend}`, 'Compensation for a failed game round', '150.25'],
        [`operator:root-${backend}`, 'Duplicate bonus', '-50'],
      ]);
      // The player's statement shows them as adjustments.
      const statement = (await post(BANKING.statement, { ...credentials(me), types: ['adjustment'] })).body as { total: number };
      expect(statement.total).toBe(2);
    });

    it("answers a player's statement with the available and held balance, and audits the view", async () => {
      const demo = await sessionOf(db, 'casino1', 'demo');
      const reply = expectReply(opsStatementReply, (await ops(OPS.statement, { site: 'casino1.localhost', account_id: 'demo', types: ['deposit'] }, casino1Key)).body);
      expect(reply).toMatchObject({ account_id: 'demo', full_name: 'Demo Player', currency: 'PHP', account: 'balance' });
      expect(reply.value.every((entry) => entry.type === 'deposit')).toBe(true);
      expect(reply.total).toBeGreaterThanOrEqual(1);
      const own = (await post(BANKING.statement, { ...credentials(demo), types: ['deposit'] })).body as { total: number };
      expect(reply.total).toBe(own.total);
      const views = await db.select().from(operatorAudit).where(and(eq(operatorAudit.action, 'statement.view'), eq(operatorAudit.actor, `operator:casino1-${backend}`)));
      expect(views.length).toBeGreaterThanOrEqual(1);
    });

    it("serves a receipt to operators of its site only, and audits every change with who, what, when and why", async () => {
      const me = await player();
      const image = await sharp({ create: { width: 5, height: 7, channels: 3, background: '#123456' } }).png().toBuffer();
      const uploaded = (await post(BANKING.receiptUpload, { ...credentials(me), content_type: 'image/png', data: image.toString('base64') })).body as { receipt_id: number };
      const seen = await ops(OPS.receipt, { receipt_id: uploaded.receipt_id }, casino1Key);
      expect(seen.body).toMatchObject({ statusCode: 1, receipt_id: uploaded.receipt_id, width: 5, height: 7, site: 'casino1', account_id: me.account_id });
      expect(Buffer.from(String(seen.body.data), 'base64').equals(image)).toBe(true);
      const elsewhere = await operatorKey(db, `casino2-${backend}`, (await sessionOf(db, 'casino2', 'demo')).siteId);
      expectFailure((await ops(OPS.receipt, { receipt_id: uploaded.receipt_id }, elsewhere)).body, 'notFound');

      const log = expectReply(opsAuditReply, (await ops(OPS.audit, { page_size: 100 })).body);
      expect(log.total).toBeGreaterThan(0);
      const actions = new Set(log.value.map((entry) => entry.action));
      for (const action of ['deposit.approve', 'deposit.reject', 'withdrawal.approve', 'withdrawal.reject', 'balance.adjust', 'statement.view', 'receipt.view', 'operator.create']) {
        expect(actions, action).toContain(action);
      }
      const approval = log.value.find((entry) => entry.action === 'deposit.approve')!;
      expect(approval).toMatchObject({ actor: expect.stringMatching(/^operator:/), target_type: 'payment', site: 'casino1' });
      expect(approval.reason.length).toBeGreaterThan(0);
      expect(Date.parse(approval.created_at)).toBeGreaterThan(Date.now() - 10 * 60_000);
      // A site's operator reads its own site's log only.
      const scoped = expectReply(opsAuditReply, (await ops(OPS.audit, { page_size: 100 }, casino1Key)).body);
      expect(scoped.value.every((entry) => entry.site === 'casino1')).toBe(true);
      expectFailure((await ops(OPS.audit, { site: 'casino2.localhost' }, casino1Key)).body, 'permissionDenied');
      // Decisions are on the payment rows too.
      const decided = await db.select().from(payments).where(eq(payments.decidedBy, `operator:root-${backend}`)).limit(1);
      expect(decided).toHaveLength(1);
    });
  });

  describe('hardening: idempotency conflicts, what is audited, an append-only log (issue 21 §8, ADR 0023)', () => {
    it('answers idempotencyConflict for a key reused with another amount, player or site, and the first result for the same content', async () => {
      const me = await player();
      const other = await player();
      const foreign = await player('casino2');
      const site = 'casino1.localhost';
      const key = `conflict-${backend}`;
      const first = expectReply(opsAdjustReply, (await ops(OPS.adjust, { site, account_id: me.account_id, amount: '300', reason: 'Goodwill', idempotency_key: key })).body);
      expect(first).toMatchObject({ applied: true, balance_after: '300.0000' });

      const otherAmount = await ops(OPS.adjust, { site, account_id: me.account_id, amount: '3000', reason: 'Goodwill', idempotency_key: key });
      expect(otherAmount.status).toBe(409);
      expectFailure(otherAmount.body, 'idempotencyConflict');
      expectFailure((await ops(OPS.adjust, { site, account_id: me.account_id, amount: '-300', reason: 'Goodwill', idempotency_key: key })).body, 'idempotencyConflict');
      const otherPlayer = await ops(OPS.adjust, { site, account_id: other.account_id, amount: '300', reason: 'Goodwill', idempotency_key: key });
      expectFailure(otherPlayer.body, 'idempotencyConflict');
      // Never another player's balance in the reply.
      expect(otherPlayer.body).not.toHaveProperty('balance_after');
      expectFailure((await ops(OPS.adjust, { site: 'casino2.localhost', account_id: foreign.account_id, amount: '300', reason: 'Goodwill', idempotency_key: key })).body, 'idempotencyConflict');

      // The same content, however the amount is written, is the first result.
      const same = expectReply(opsAdjustReply, (await ops(OPS.adjust, { site, account_id: me.account_id, amount: '+300.00', reason: 'Retry', idempotency_key: key })).body);
      expect(same).toMatchObject({ applied: false, entry_id: first.entry_id, balance_after: '300.0000' });
      expect((await balanceOf(me.playerId)).balance).toBe('300.0000');
      expect((await balanceOf(other.playerId)).balance).toBe('0.0000');
      expect((await balanceOf(foreign.playerId)).balance).toBe('0.0000');
    });

    it('audits views of the pending list, failed authentications and refused calls', async () => {
      const since = (await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from operator_audit`))[0]!.id;
      const entries = async (action: string) =>
        (await db.select().from(operatorAudit).where(sql`${operatorAudit.id} > ${since} and ${operatorAudit.action} = ${action}`)).sort((a, b) => a.id - b.id);

      const me = await player();
      const deposit = await requestDeposit(server.app, db, me, '1000');
      const listed = expectReply(opsPendingReply, (await ops(OPS.pending, { site: 'casino1.localhost', kind: 'deposit', page_size: 100 }, casino1Key)).body);
      expect(listed.value.map((row) => row.payment_id)).toContain(deposit);
      const [view] = await entries('pending.view');
      expect(view).toMatchObject({ actor: `operator:casino1-${backend}`, targetType: 'pending', targetId: 'deposit', siteId: me.siteId });
      expect(view!.details.payment_ids).toContain(deposit);

      // No key, a wrong one, another scheme, a disabled operator's: each recorded with why, never the key.
      const wrongKey = 'wlop_' + 'y'.repeat(43);
      await ops(OPS.pending, {}, null);
      await ops(OPS.pending, {}, wrongKey);
      await postJson(server.app, OPS.statement, {}, { headers: { authorization: 'Basic cm9vdDpzZWNyZXQ=' } });
      const leaver = await operatorKey(db, `leaver2-${backend}`, me.siteId);
      expect(await disableOperator(db, `leaver2-${backend}`, 'test')).toBe(true);
      expectFailure((await ops(OPS.adjust, { site: 'casino1.localhost', account_id: me.account_id, amount: '5', reason: 'x' }, leaver)).body, 'invalidApiKey');
      const failed = await entries('auth.failed');
      expect(failed.map((row) => [row.actor, row.reason, row.targetId])).toEqual([
        ['anonymous', 'missingKey', 'opsPending'],
        ['anonymous', 'unknownKey', 'opsPending'],
        ['anonymous', 'malformedKey', 'opsStatement'],
        [`operator:leaver2-${backend}`, 'disabledOperator', 'opsAdjust'],
      ]);
      expect(failed[3]!.siteId).toBe(me.siteId);
      expect(failed.every((row) => typeof row.details.client_ip === 'string')).toBe(true);
      expect(JSON.stringify(failed)).not.toContain(wrongKey.slice(5));
      expect(JSON.stringify(failed)).not.toContain(leaver.slice(5));

      // Refused calls: an invalid payload, an unknown target, another site.
      expectFailure((await ops(OPS.depositApprove, { payment_id: 'x', reason: 'abc', surprise: 1 }, casino1Key)).body, 'validationError');
      expectFailure((await ops(OPS.depositApprove, { payment_id: 2_000_000_001, reason: 'who?' }, casino1Key)).body, 'notFound');
      expectFailure((await ops(OPS.statement, { site: 'casino2.localhost', account_id: 'demo' }, casino1Key)).body, 'permissionDenied');
      const refused = await entries('call.refused');
      expect(refused.map((row) => [row.actor, row.targetId, row.reason])).toEqual([
        [`operator:casino1-${backend}`, 'opsDepositApprove', 'validationError'],
        [`operator:casino1-${backend}`, 'opsDepositApprove', 'notFound'],
        [`operator:casino1-${backend}`, 'opsStatement', 'permissionDenied'],
      ]);
      expect(refused[0]!.details.errors).toMatchObject({ payment_id: expect.any(Array), surprise: ['unknownField'] });
      expect(refused[1]!.details).toMatchObject({ payment_id: 2_000_000_001 });
      expect(refused[2]!.details).toMatchObject({ site: 'casino2.localhost', account_id: 'demo' });
      // The site's own operators read them in the audit log.
      const log = expectReply(opsAuditReply, (await ops(OPS.audit, { page_size: 100 }, casino1Key)).body);
      expect(log.value.map((entry) => entry.action)).toEqual(expect.arrayContaining(['pending.view', 'call.refused', 'auth.failed']));
    });

    it('stops auditing failed authentications from one address past its limit (tooManyRequests), a valid key still working', async () => {
      const from = { remoteAddress: `198.51.100.${backend === 'pglite' ? 7 : 8}` };
      const attempt = (key: string) => postJson(server.app, OPS.pending, {}, { headers: { authorization: `Bearer ${key}` }, ...from });
      const before = await countAudit('auth.failed');
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) statuses.push((await attempt('wlop_' + 'z'.repeat(43))).response.statusCode);
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      expect((await countAudit('auth.failed')) - before).toBe(30);
      expect((await attempt(rootKey)).body.statusCode).toBe(1);
    });

    it('refuses to update, delete or truncate audit entries, in the database itself', async () => {
      const [entry] = await db.select().from(operatorAudit).limit(1);
      expect(entry).toBeDefined();
      await expectDatabaseRefusal(db.execute(sql`update operator_audit set reason = 'rewritten' where id = ${entry!.id}`), APPEND_ONLY);
      await expectDatabaseRefusal(db.execute(sql`delete from operator_audit where id = ${entry!.id}`), APPEND_ONLY);
      await expectDatabaseRefusal(db.execute(sql`delete from operator_audit`), APPEND_ONLY);
      await expectDatabaseRefusal(db.execute(sql`truncate operator_audit`), APPEND_ONLY);
      // Nor does deleting the operator an entry names rewrite it (its foreign key would).
      await expectDatabaseRefusal(db.delete(operators).where(eq(operators.name, `root-${backend}`)), APPEND_ONLY);
      const [after] = await db.select().from(operatorAudit).where(eq(operatorAudit.id, entry!.id));
      expect(after).toEqual(entry);
      // Appending still works.
      expect(expectReply(opsPendingReply, (await ops(OPS.pending, {})).body).statusCode).toBe(1);
    });
  });

  async function countAudit(action: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from operator_audit where action = ${action}`);
    return row!.count;
  }

  async function missions(me: TestSession) {
    return expectReply(missionsReply, (await post('/api/rewards/missions', credentials(me))).body).value;
  }
});
