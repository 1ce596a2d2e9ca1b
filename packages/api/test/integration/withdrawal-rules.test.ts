/**
 * A site's withdrawal rules (issue 25 §4, ADR 0040) through the HTTP calls: verification before
 * the first withdrawal or above a withdrawn total (kycRequired with the level and the documents
 * missing, nothing held), allowed once the documents are approved; concurrent requests never pass
 * the threshold together; and a site that forbids cancelling: the request is refused
 * (withdrawalNotCancellable) and every record says `cancellable` false.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { kycRequiredReply, withdrawalReply, withdrawalsReply, type AmlRules, type KycDocumentKind } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { kycDocuments, payments } from '../../src/db/schema.js';
import { saveSiteCompliance } from '../../src/compliance/index.js';
import { backends, createTestServer, siteIdOf, type TestServer } from './helpers.js';
import { BANKING, addAccount, bankingPlayer, credit, expectWalletMatchesLedger, opsCall, operatorKey, paymentStatus } from './banking-fixtures.js';
import { credentials, expectFailure, expectReply, post as postCall, type TestSession } from './rewards-fixtures.js';

/** Every AML rule off: these tests are about verification and cancelling (aml.test.ts has the flags). */
const NO_AML: AmlRules = {
  large_deposit: null,
  large_withdrawal: null,
  period_deposits: null,
  low_turnover: null,
  small_deposits: null,
  shared_bank_account: false,
  shared_device: false,
};

describe.each(backends)('withdrawal rules on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let key: string;

  beforeAll(async () => {
    server = await createTestServer({ backend, poolSize: 16 });
    db = server.database.db;
    await db.execute(sql`update banking_settings set min_withdrawal = 10, max_withdrawal = 100000
      where site_id in (select id from sites where external_id in ('casino3', 'casino5', 'casino6', 'casino8'))`);
    key = await operatorKey(db, `rules-${backend}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);
  const ask = (player: TestSession, bankAccountId: number, amount: string) => post(BANKING.withdrawal, { ...credentials(player), bank_account_id: bankAccountId, amount });
  async function rules(site: string, change: Parameters<typeof saveSiteCompliance>[2]): Promise<void> {
    await saveSiteCompliance(db, await siteIdOf(db, site), { aml: NO_AML, ...change });
  }
  async function funded(site: string, amount: string): Promise<{ me: TestSession; account: number }> {
    const me = await bankingPlayer(db, site);
    await credit(db, me, amount, `test:rules:${me.playerId}`);
    return { me, account: await addAccount(server.app, db, me) };
  }
  /** A reviewed (or waiting) document, as an operator's review leaves it. */
  async function documentOf(player: TestSession, kind: KycDocumentKind, status: 'approved' | 'pending' | 'rejected' = 'approved'): Promise<void> {
    const data = Buffer.from(`image of ${kind}`);
    await db.insert(kycDocuments).values({
      siteId: player.siteId,
      playerId: player.playerId,
      kind,
      status,
      contentType: 'image/png',
      size: data.length,
      width: 10,
      height: 10,
      sha256: '0'.repeat(64),
      data,
      documentNumber: kind === 'identity' && status === 'approved' ? 'P1234567' : null,
      reviewedBy: status === 'pending' ? null : 'operator:test',
      reviewedAt: status === 'pending' ? null : new Date(),
    });
  }
  async function expectKycRequired(reply: { status: number; body: Record<string, unknown> }, level: string, missing: string[]): Promise<void> {
    expect(reply.status).toBe(422);
    expect(kycRequiredReply.parse(reply.body)).toEqual({ statusCode: 0, message: 'kycRequired', level, missing });
  }
  const balances = async (playerId: number) =>
    (await queryRows<{ balance: string; held: string }>(db, sql`select balance::text, held::text from wallets where player_id = ${playerId}`))[0];

  it('asks for verification before the first withdrawal, holding nothing, and allows it once the documents are approved', async () => {
    await rules('casino3', { kyc_before_first_withdrawal: true, kyc_withdrawals_above: null, kyc_level: 'identity' });
    const { me, account } = await funded('casino3', '5000');
    await expectKycRequired(await ask(me, account, '100'), 'identity', ['identity', 'selfie']);
    expect(await db.select().from(payments).where(eq(payments.playerId, me.playerId))).toEqual([]);
    expect(await balances(me.playerId)).toEqual({ balance: '5000.0000', held: '0.0000' });

    // A rejected selfie is asked again; one waiting for review is not (sending it again would not help).
    await documentOf(me, 'identity');
    await documentOf(me, 'selfie', 'rejected');
    await expectKycRequired(await ask(me, account, '100'), 'identity', ['selfie']);
    await documentOf(me, 'selfie', 'pending');
    await expectKycRequired(await ask(me, account, '100'), 'identity', []);
    await documentOf(me, 'selfie');
    expect((await ask(me, account, '100')).body.statusCode).toBe(1);
    expect((await ask(me, account, '200')).body.statusCode).toBe(1);
    expect(await balances(me.playerId)).toEqual({ balance: '4700.0000', held: '300.0000' });
    await expectWalletMatchesLedger(db, me.playerId);
  });

  it('asks for verification for a withdrawal taking the paid and pending total above the amount', async () => {
    await rules('casino6', { kyc_before_first_withdrawal: false, kyc_withdrawals_above: '5000', kyc_level: 'full' });
    const { me, account } = await funded('casino6', '20000');
    const first = expectReply(withdrawalReply, (await ask(me, account, '3000')).body).value.withdrawal_id;
    expect((await opsCall(server.app, '/api/ops/withdrawal/approve', key, { payment_id: first, reason: 'Paid' })).body.statusCode).toBe(1);
    const second = expectReply(withdrawalReply, (await ask(me, account, '2000')).body).value.withdrawal_id;
    // 5,000 withdrawn: at the amount, not above it.
    await expectKycRequired(await ask(me, account, '10'), 'full', ['identity', 'selfie', 'address']);
    // A cancelled withdrawal is not withdrawn.
    expect((await post(BANKING.withdrawalCancel, { ...credentials(me), withdrawal_id: second })).body.statusCode).toBe(1);
    expect((await ask(me, account, '10')).body.statusCode).toBe(1);
    await expectKycRequired(await ask(me, account, '1990.0001'), 'full', ['identity', 'selfie', 'address']);
    await documentOf(me, 'identity');
    await documentOf(me, 'selfie');
    await expectKycRequired(await ask(me, account, '1990.0001'), 'full', ['address']);
    await documentOf(me, 'address');
    expect((await ask(me, account, '1990.0001')).body.statusCode).toBe(1);
    await expectWalletMatchesLedger(db, me.playerId);
  });

  it('never lets concurrent requests pass the amount together', async () => {
    await rules('casino8', { kyc_before_first_withdrawal: false, kyc_withdrawals_above: '5000', kyc_level: 'identity' });
    const { me, account } = await funded('casino8', '20000');
    const replies = await Promise.all(Array.from({ length: 10 }, () => ask(me, account, '1000')));
    const ok = replies.filter((reply) => reply.body.statusCode === 1);
    for (const reply of replies.filter((one) => one.body.statusCode !== 1)) await expectKycRequired(reply, 'identity', ['identity', 'selfie']);
    expect(ok).toHaveLength(5);
    expect(await balances(me.playerId)).toEqual({ balance: '15000.0000', held: '5000.0000' });
    await expectWalletMatchesLedger(db, me.playerId);
  });

  it('refuses cancelling on a site that forbids it, and every record says whether it can be cancelled', async () => {
    await rules('casino5', { kyc_before_first_withdrawal: false, kyc_withdrawals_above: null, player_cancels_withdrawals: false });
    const { me, account } = await funded('casino5', '1000');
    const made = expectReply(withdrawalReply, (await ask(me, account, '300')).body).value;
    expect(made).toMatchObject({ status: 'pending', cancellable: false });
    const list = expectReply(withdrawalsReply, (await post(BANKING.withdrawals, credentials(me))).body);
    expect(list.value.map((row) => row.cancellable)).toEqual([false]);
    const refused = await post(BANKING.withdrawalCancel, { ...credentials(me), withdrawal_id: made.withdrawal_id });
    expectFailure(refused.body, 'withdrawalNotCancellable');
    expect(refused.status).toBe(422);
    expectFailure((await post(BANKING.withdrawalCancel, { ...credentials(me), withdrawal_id: 987_654_321 })).body, 'notFound');
    expect(await paymentStatus(db, made.withdrawal_id)).toBe('pending');
    expect(await balances(me.playerId)).toEqual({ balance: '700.0000', held: '300.0000' });
    // The operator still rejects it: the held amount returns.
    expect((await opsCall(server.app, '/api/ops/withdrawal/reject', key, { payment_id: made.withdrawal_id, reason: 'Wrong account' })).body.statusCode).toBe(1);
    expect(await balances(me.playerId)).toEqual({ balance: '1000.0000', held: '0.0000' });

    // Where players may cancel: a pending withdrawal is cancellable, a cancelled one no longer.
    await rules('casino5', { player_cancels_withdrawals: true });
    const again = expectReply(withdrawalReply, (await ask(me, account, '300')).body).value;
    expect(again.cancellable).toBe(true);
    const cancelled = expectReply(withdrawalReply, (await post(BANKING.withdrawalCancel, { ...credentials(me), withdrawal_id: again.withdrawal_id })).body).value;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellable: false });
    const after = expectReply(withdrawalsReply, (await post(BANKING.withdrawals, credentials(me))).body);
    expect(after.value.map((row) => [row.status, row.cancellable])).toEqual([
      ['cancelled', false],
      ['rejected', false],
    ]);
    await expectWalletMatchesLedger(db, me.playerId);
  });
});
