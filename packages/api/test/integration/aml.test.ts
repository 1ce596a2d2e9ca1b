/**
 * Anti-money-laundering monitoring (issue 25 §5, ADR 0040) through the HTTP calls: each rule of a
 * site flags its fact once with a reason and its evidence (a large deposit at approval, deposits
 * within a period, many small deposits, a large withdrawal, a withdrawal after little play, a bank
 * account number or a device another player of the operator's sites has); a flagged player's
 * withdrawal cannot be approved until every flag is cleared; operators escalate and clear flags
 * with a note, audited, each within its site; and on PostgreSQL concurrent requests flag a fact once.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { OPERATOR_CALLS, opsAmlDecide, opsAmlFlags, opsDecisionReply, opsPendingReply, withdrawalReply, type AmlRules } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { amlFlags, brandOwners, operatorAudit, sites } from '../../src/db/schema.js';
import { postToLedger } from '../../src/ledger/index.js';
import { saveSiteCompliance, screenAml } from '../../src/compliance/index.js';
import { backends, createTestServer, siteIdOf, siteOf, type TestServer } from './helpers.js';
import { BANKING, addAccount, bankingPlayer, credit, opsCall, operatorKey, paymentStatus, requestDeposit } from './banking-fixtures.js';
import { call, freshAccountId, latestTac } from './auth-fixtures.js';
import { credentials, expectFailure, expectReply, post as postCall, type TestSession } from './rewards-fixtures.js';

const RULES: AmlRules = {
  large_deposit: { above: '10000' },
  large_withdrawal: { above: '10000' },
  period_deposits: { above: '15000', period: 'day' },
  low_turnover: { share: '0.5' },
  small_deposits: { below: '100', count: 3, period: 'day' },
  shared_bank_account: true,
  shared_device: true,
};

/** An account number no other test uses (10 digits). */
const freshNumber = () => String(randomInt(1_000_000_000, 9_999_999_999));

describe.each(backends)('anti-money-laundering flags on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let key: string;
  let operatorName: string;

  beforeAll(async () => {
    // Concurrent withdrawals need real parallel connections on PostgreSQL.
    server = await createTestServer({ backend, poolSize: 16 });
    db = server.database.db;
    await db.execute(sql`update banking_settings set min_deposit = 10, max_deposit = 50000, min_withdrawal = 10, max_withdrawal = 100000, max_pending_deposits = 5
      where site_id in (select id from sites where external_id in ('casino1', 'casino2'))`);
    // Round thresholds, and no verification in the way of the withdrawals (withdrawal-rules.test.ts has those).
    for (const site of ['casino1', 'casino2']) {
      await saveSiteCompliance(db, await siteIdOf(db, site), { kyc_before_first_withdrawal: false, kyc_withdrawals_above: null, player_cancels_withdrawals: true, aml: RULES });
    }
    operatorName = `aml-${backend}`;
    key = await operatorKey(db, operatorName);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);
  const ops = (name: keyof typeof OPERATOR_CALLS, payload: unknown, withKey = key) => opsCall(server.app, OPERATOR_CALLS[name].path, withKey, payload);
  const flagsOf = (playerId: number) => db.select().from(amlFlags).where(eq(amlFlags.playerId, playerId)).orderBy(asc(amlFlags.id));
  async function approveDeposit(id: number): Promise<void> {
    const { body } = await ops('opsDepositApprove', { payment_id: id, reason: 'Matched on the statement' });
    expect(body.statusCode, JSON.stringify(body)).toBe(1);
  }
  async function withdraw(player: TestSession, bankAccountId: number, amount: string): Promise<number> {
    return expectReply(withdrawalReply, (await post(BANKING.withdrawal, { ...credentials(player), bank_account_id: bankAccountId, amount })).body).value.withdrawal_id;
  }
  const decide = (flagId: number, decision: 'clear' | 'escalate', note: string, withKey = key) => ops('opsAmlDecide', { flag_id: flagId, decision, note }, withKey);

  it('flags a large deposit at its approval and deposits adding up within the period once, with their evidence', async () => {
    const me = await bankingPlayer(db, 'casino1');
    const big = await requestDeposit(server.app, db, me, '12000');
    // Asked for: under the period's threshold, and one deposit's size is judged when it is approved.
    expect(await flagsOf(me.playerId)).toEqual([]);
    await approveDeposit(big);
    const [large] = await flagsOf(me.playerId);
    expect(large).toMatchObject({ rule: 'large_deposit', subject: `payment:${big}`, status: 'open', siteId: me.siteId, note: '', decidedBy: null, decidedAt: null });
    expect(large!.evidence).toMatchObject({ payment_id: big, reference: `DP-${big}`, amount: '12000.0000', threshold: '10000', currency: 'PHP' });
    expect(large!.reason).toBe(`Deposit DP-${big} of 12000.0000 PHP is above the site's threshold of 10000 PHP.`);

    const second = await requestDeposit(server.app, db, me, '4000');
    const period = (await flagsOf(me.playerId)).find((flag) => flag.rule === 'period_deposits')!;
    expect(period).toMatchObject({ subject: `period:day:${big}`, status: 'open' });
    expect(period.evidence).toMatchObject({ period: 'day', total: '16000.0000', threshold: '15000', count: 2 });
    expect((period.evidence.deposits as { payment_id: number }[]).map((row) => row.payment_id)).toEqual([big, second]);
    expect(Date.parse(period.evidence.period_end as string) - Date.parse(period.evidence.period_start as string)).toBe(24 * 60 * 60 * 1000);
    expect(period.reason).toContain('16000.0000 PHP');

    // The same run of deposits, approved or asked for again: nothing more.
    await approveDeposit(second);
    await approveDeposit(await requestDeposit(server.app, db, me, '500'));
    expect((await flagsOf(me.playerId)).map((flag) => flag.rule)).toEqual(['large_deposit', 'period_deposits']);
    expect(await screenAml(db, { siteId: me.siteId, playerId: me.playerId }, { kind: 'deposit_approved', paymentId: big })).toEqual([]);
  });

  it('flags the count-th small deposit within the period, once', async () => {
    const me = await bankingPlayer(db, 'casino1');
    const first = await requestDeposit(server.app, db, me, '50');
    await requestDeposit(server.app, db, me, '100'); // not below the amount
    const second = await requestDeposit(server.app, db, me, '60');
    expect(await flagsOf(me.playerId)).toEqual([]);
    const third = await requestDeposit(server.app, db, me, '99.99');
    const flags = await flagsOf(me.playerId);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ rule: 'small_deposits', subject: `small:day:${first}` });
    expect(flags[0]!.evidence).toMatchObject({ below: '100', count: 3, threshold_count: 3, total: '209.9900', payment_ids: [first, second, third] });
    await requestDeposit(server.app, db, me, '20');
    expect(await flagsOf(me.playerId)).toHaveLength(1);
  });

  it("holds a flagged player's withdrawals from approval (amlReview) until every flag is cleared; escalated flags hold them too", async () => {
    const me = await bankingPlayer(db, 'casino1');
    const deposit = await requestDeposit(server.app, db, me, '2000');
    await approveDeposit(deposit);
    await credit(db, me, '20000', `test:aml:${me.playerId}`);
    // 900 staked of the 2,000 deposit: the site asks half.
    const bet = await postToLedger(db, { counter: 'adjustments', siteId: me.siteId, playerId: me.playerId, account: 'balance', amount: '-900', type: 'bet', idempotencyKey: `test:aml-bet:${me.playerId}` });
    expect(bet.ok).toBe(true);
    const account = await addAccount(server.app, db, me, freshNumber());
    const big = await withdraw(me, account, '12000');
    const flags = await flagsOf(me.playerId);
    expect(flags.map((flag) => [flag.rule, flag.subject])).toEqual([
      ['large_withdrawal', `payment:${big}`],
      ['low_turnover', `deposit:${deposit}`],
    ]);
    const [large, low] = flags;
    expect(large!.evidence).toMatchObject({ payment_id: big, kind: 'withdrawal', amount: '12000.0000', threshold: '10000' });
    expect(low!.evidence).toMatchObject({ deposit_id: deposit, deposit_amount: '2000.0000', withdrawal_id: big, staked: '900.0000', share: '0.5', required: '1000.0000', currency: 'PHP' });
    expect(low!.reason).toContain('staked 900.0000 PHP');

    // A second withdrawal after the same deposit is the same fact.
    const small = await withdraw(me, account, '100');
    expect(await flagsOf(me.playerId)).toHaveLength(2);

    // The operator's queue shows, on each of the player's requests, the level reached and the holding flags (issue 26 §2).
    const pendingOf = async () =>
      expectReply(opsPendingReply, (await ops('opsPending', { site: 'casino1.localhost', kind: 'withdrawal', page_size: 100 })).body).value.filter((row) => row.account_id === me.account_id);
    const queued = await pendingOf();
    expect(queued.map((row) => row.payment_id).sort()).toEqual([big, small].sort());
    for (const row of queued) {
      expect(row.player_checks.kyc_level).toBe('none');
      expect(row.player_checks.risk_flags.map((flag) => [flag.flag_id, flag.rule, flag.status])).toEqual([
        [large!.id, 'large_withdrawal', 'open'],
        [low!.id, 'low_turnover', 'open'],
      ]);
    }

    expectFailure((await ops('opsWithdrawalApprove', { payment_id: small, reason: 'Paid' })).body, 'amlReview');
    expect(await paymentStatus(db, small)).toBe('pending');
    // Rejecting stays possible: the held amount returns.
    expect((await ops('opsWithdrawalReject', { payment_id: small, reason: 'Under review' })).body.statusCode).toBe(1);

    const escalated = expectReply(opsAmlDecide.reply, (await decide(low!.id, 'escalate', 'Source of funds asked')).body);
    expect(escalated.flag).toMatchObject({ flag_id: low!.id, status: 'escalated', note: 'Source of funds asked', decided_by: `operator:${operatorName}`, rule: 'low_turnover', account_id: me.account_id, site: 'casino1' });
    expectFailure((await decide(low!.id, 'escalate', 'again')).body, 'notPending');
    expect(expectReply(opsAmlDecide.reply, (await decide(large!.id, 'clear', 'Salary, payslip seen')).body).flag.status).toBe('cleared');
    expectFailure((await ops('opsWithdrawalApprove', { payment_id: big, reason: 'Paid' })).body, 'amlReview');

    const cleared = expectReply(opsAmlDecide.reply, (await decide(low!.id, 'clear', 'Funds explained')).body);
    expect(cleared.flag).toMatchObject({ status: 'cleared', note: 'Funds explained' });
    expectFailure((await decide(low!.id, 'clear', 'again')).body, 'notPending');
    expectFailure((await decide(low!.id, 'escalate', 'again')).body, 'notPending');
    expectFailure((await decide(987_654_321, 'clear', 'no such flag')).body, 'notFound');
    expect(expectReply(opsPendingReply, (await ops('opsPending', { site: 'casino1.localhost', kind: 'withdrawal', page_size: 100 })).body).value.find((row) => row.payment_id === big)?.player_checks.risk_flags).toEqual([]);
    const approved = expectReply(opsDecisionReply, (await ops('opsWithdrawalApprove', { payment_id: big, reason: 'Paid' })).body);
    expect(approved.value.player_checks).toEqual({ kyc_level: 'none', risk_flags: [] });
    expect(await paymentStatus(db, big)).toBe('approved');

    // Each decision audited with who, what and the note; the refused approvals too.
    const audit = await db
      .select({ action: operatorAudit.action, targetId: operatorAudit.targetId, reason: operatorAudit.reason, actor: operatorAudit.actor, siteId: operatorAudit.siteId, details: operatorAudit.details })
      .from(operatorAudit)
      .where(inArray(operatorAudit.targetId, [String(large!.id), String(low!.id)]))
      .orderBy(asc(operatorAudit.id));
    expect(audit.filter((row) => row.action.startsWith('aml.'))).toMatchObject([
      { action: 'aml.escalate', targetId: String(low!.id), reason: 'Source of funds asked', actor: `operator:${operatorName}`, siteId: me.siteId, details: { rule: 'low_turnover', from: 'open', to: 'escalated' } },
      { action: 'aml.clear', targetId: String(large!.id), reason: 'Salary, payslip seen', details: { from: 'open', to: 'cleared' } },
      { action: 'aml.clear', targetId: String(low!.id), reason: 'Funds explained', details: { from: 'escalated', to: 'cleared' } },
    ]);
    const refused = await db.select().from(operatorAudit).where(eq(operatorAudit.action, 'call.refused'));
    expect(refused.filter((row) => row.reason === 'amlReview').length).toBeGreaterThanOrEqual(2);

    // The queue by player and status, oldest first, with the evidence; the view is audited.
    const mine = expectReply(opsAmlFlags.reply, (await ops('opsAmlFlags', { site: 'casino1.localhost', account_id: me.account_id.toUpperCase() })).body);
    expect(mine.value.map((flag) => [flag.flag_id, flag.status])).toEqual([
      [large!.id, 'cleared'],
      [low!.id, 'cleared'],
    ]);
    expect(mine.value[1]!.evidence).toMatchObject({ staked: '900.0000' });
    expect(mine.total).toBe(2);
    expect(expectReply(opsAmlFlags.reply, (await ops('opsAmlFlags', { site: 'casino1.localhost', account_id: me.account_id, status: 'open' })).body).total).toBe(0);
    const [view] = await db.select().from(operatorAudit).where(eq(operatorAudit.action, 'aml.flags.view')).orderBy(sql`${operatorAudit.id} desc`).limit(1);
    expect(view!.details).toMatchObject({ account_id: me.account_id, flag_ids: [] });

    // Played through: a deposit staked past the share is not flagged.
    const next = await requestDeposit(server.app, db, me, '1000');
    await approveDeposit(next);
    await postToLedger(db, { counter: 'adjustments', siteId: me.siteId, playerId: me.playerId, account: 'balance', amount: '-600', type: 'bet', idempotencyKey: `test:aml-bet2:${me.playerId}` });
    await withdraw(me, account, '200');
    expect((await flagsOf(me.playerId)).filter((flag) => flag.status === 'open')).toEqual([]);
  });

  it("flags a bank account number another player of the owner's sites has, at its addition and at a withdrawal, never another owner's", async () => {
    const number = freshNumber();
    const first = await bankingPlayer(db, 'casino1');
    const firstAccount = await addAccount(server.app, db, first, number);
    expect(await flagsOf(first.playerId)).toEqual([]);

    const second = await bankingPlayer(db, 'casino2');
    const secondAccount = await addAccount(server.app, db, second, number);
    const [flag] = await flagsOf(second.playerId);
    expect(flag).toMatchObject({ rule: 'shared_bank_account', subject: `bank:${number}`, siteId: second.siteId });
    expect(flag!.evidence).toMatchObject({ account_number: number, bank_account_id: secondAccount, others: [{ site: 'casino1', account_id: first.account_id, bank_account_id: firstAccount }] });
    expect(flag!.reason).toContain(`${first.account_id} on casino1`);

    // A site of another brand owner is another operator's business.
    const [other] = await db.insert(brandOwners).values({ name: `Other operator ${backend}` }).returning({ id: brandOwners.id });
    await db.update(sites).set({ brandOwnerId: other!.id }).where(eq(sites.externalId, 'slot9'));
    const stranger = await bankingPlayer(db, 'slot9');
    await addAccount(server.app, db, stranger, number);
    expect(await flagsOf(stranger.playerId)).toEqual([]);

    // The same person (the first player's email) in another account uses their own account by right (ADR 0040).
    const email = `${first.account_id}@example.com`;
    await db.execute(sql`update players set contact_email = ${email} where id = ${first.playerId}`);
    const samePerson = await bankingPlayer(db, 'casino1');
    await db.execute(sql`update players set contact_email = ${` ${email.toUpperCase()} `} where id = ${samePerson.playerId}`);
    await addAccount(server.app, db, samePerson, number);
    expect((await flagsOf(samePerson.playerId)).map((flag) => flag.evidence.others)).toEqual([[expect.objectContaining({ site: 'casino2' })]]);

    // The first player's withdrawal sees the second account now; the second's flags nothing new.
    await credit(db, first, '1000', `test:aml-shared:${first.playerId}`);
    const paid = await withdraw(first, firstAccount, '100');
    const [firstFlag] = await flagsOf(first.playerId);
    expect(firstFlag).toMatchObject({ rule: 'shared_bank_account', subject: `bank:${number}` });
    expect(firstFlag!.evidence).toMatchObject({ withdrawal_id: paid, others: [{ site: 'casino2', account_id: second.account_id }] });
    expect((firstFlag!.evidence.others as unknown[]).length).toBe(1);
    await credit(db, second, '1000', `test:aml-shared:${second.playerId}`);
    await withdraw(second, secondAccount, '100');
    expect(await flagsOf(second.playerId)).toHaveLength(1);
  });

  it("flags a signup from a device another account of the owner's sites signed up from", async () => {
    const visitor = `device-${freshNumber()}`;
    async function signup(domain: string): Promise<string> {
      const accountId = freshAccountId('aml').toLowerCase();
      expect((await call(server.app, '/api/auth/tac/request_new_register', { ...siteOf(domain), account_id: accountId })).body.statusCode).toBe(1);
      const tac = await latestTac(server.app, domain, accountId);
      expect((await call(server.app, '/api/auth/tac/verify', { ...siteOf(domain), account_id: accountId, tac })).body.statusCode).toBe(1);
      const { body } = await call(server.app, '/api/auth/signup', {
        ...siteOf(domain),
        account_id: accountId,
        password: 'newpass123',
        contact_phone: `0917${randomInt(1_000_000, 9_999_999)}`,
        contact_email: `${accountId}@example.com`,
        birth_date: '1990-01-01',
        visitor_id: visitor,
      });
      expect(body.statusCode, JSON.stringify(body)).toBe(1);
      return accountId;
    }
    const playerIdOf = async (accountId: string) => (await queryRows<{ id: number }>(db, sql`select id from players where account_id = ${accountId}`))[0]!.id;
    const first = await signup('casino1.localhost');
    expect(await flagsOf(await playerIdOf(first))).toEqual([]);
    const second = await signup('casino2.localhost');
    const [flag] = await flagsOf(await playerIdOf(second));
    expect(flag).toMatchObject({ rule: 'shared_device', subject: `device:${visitor}` });
    expect(flag!.evidence).toMatchObject({ visitor_id: visitor, others: [{ site: 'casino1', account_id: first }] });
  });

  it("keeps a site's operator to its site's flags", async () => {
    const casino2 = await siteIdOf(db, 'casino2');
    const scoped = await operatorKey(db, `aml-casino2-${backend}`, casino2);
    const here = await bankingPlayer(db, 'casino2');
    await approveDeposit(await requestDeposit(server.app, db, here, '11000'));
    const there = await bankingPlayer(db, 'casino1');
    await approveDeposit(await requestDeposit(server.app, db, there, '11000'));
    const [theirs] = await flagsOf(there.playerId);

    const own = expectReply(opsAmlFlags.reply, (await ops('opsAmlFlags', { page_size: 100 }, scoped)).body);
    expect(own.value.length).toBeGreaterThan(0);
    expect(own.value.every((flag) => flag.site === 'casino2')).toBe(true);
    expect(own.value.some((flag) => flag.account_id === here.account_id)).toBe(true);
    expectFailure((await ops('opsAmlFlags', { site: 'casino1.localhost' }, scoped)).body, 'permissionDenied');
    expectFailure((await decide(theirs!.id, 'clear', 'not mine', scoped)).body, 'notFound');
    expect((await flagsOf(there.playerId))[0]!.status).toBe('open');
    // Every site for an unscoped key.
    const all = expectReply(opsAmlFlags.reply, (await ops('opsAmlFlags', { status: 'open', page_size: 100 })).body);
    expect(new Set(all.value.map((flag) => flag.site))).toEqual(new Set(['casino1', 'casino2']));
  });

  it("never fails the player's money operation when the rules cannot run", async () => {
    const casino2 = await siteIdOf(db, 'casino2');
    // Rules no write could store (they are validated): reading them fails inside the deposit's transaction.
    await db.execute(sql`update site_compliance set aml = '{"large_deposit": {"above": "lots"}}'::jsonb where site_id = ${casino2}`);
    try {
      const me = await bankingPlayer(db, 'casino2');
      const id = await requestDeposit(server.app, db, me, '12000');
      await approveDeposit(id);
      expect(await paymentStatus(db, id)).toBe('approved');
      expect(await flagsOf(me.playerId)).toEqual([]);
    } finally {
      await db.execute(sql`update site_compliance set aml = ${JSON.stringify(RULES)}::jsonb where site_id = ${casino2}`);
    }
  });

  it.runIf(backend === 'postgres')('flags each fact once under 10 concurrent withdrawal requests', async () => {
    const number = freshNumber();
    const other = await bankingPlayer(db, 'casino2');
    await addAccount(server.app, db, other, number);
    const me = await bankingPlayer(db, 'casino1');
    await approveDeposit(await requestDeposit(server.app, db, me, '5000'));
    await credit(db, me, '200000', `test:aml-race:${me.playerId}`);
    // Added while the rule was off: the withdrawals are the first to see the shared number.
    const casino1 = await siteIdOf(db, 'casino1');
    await saveSiteCompliance(db, casino1, { aml: { shared_bank_account: false } });
    const account = await addAccount(server.app, db, me, number);
    await saveSiteCompliance(db, casino1, { aml: { shared_bank_account: true } });
    expect(await flagsOf(me.playerId)).toEqual([]);

    const replies = await Promise.all(Array.from({ length: 10 }, () => post(BANKING.withdrawal, { ...credentials(me), bank_account_id: account, amount: '11000' })));
    for (const reply of replies) expect(reply.body.statusCode, JSON.stringify(reply.body)).toBe(1);
    const flags = await flagsOf(me.playerId);
    const count = (rule: string) => flags.filter((flag) => flag.rule === rule).length;
    expect(count('large_withdrawal')).toBe(10);
    expect(new Set(flags.map((flag) => flag.subject)).size).toBe(flags.length);
    expect(count('low_turnover')).toBe(1);
    expect(count('shared_bank_account')).toBe(1);
    expect(flags).toHaveLength(12);
  });
});
