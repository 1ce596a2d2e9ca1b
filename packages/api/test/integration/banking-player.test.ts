/**
 * Banking, the player's calls (issue 9, ADR 0015): bank accounts (the player's own name, at most N,
 * audited, soft removal), deposit methods and requests (limits, reference or receipt, cancellation),
 * receipt images checked by their real type and size on a route with its own body limit,
 * withdrawals held while pending (100 concurrent requests never hold more than the balance),
 * the statement and the bet history; every call's validation, session failures and tenant isolation,
 * and the wallet equal to the sum of its entries after each test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  RECEIPT_BODY_LIMIT_BYTES,
  RECEIPT_MAX_BASE64,
  bankAccountListReply,
  bankingBanksReply,
  bankingSummaryReply,
  betHistoryReply,
  depositMethodsReply,
  depositReply,
  depositsReply,
  receiptReply,
  receiptUploadReply,
  statementReply,
  withdrawalReply,
  withdrawalsReply,
} from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { bankAccountChanges, bankAccounts, payments, receipts } from '../../src/db/schema.js';
import { backends, createTestServer, postJson, type TestServer } from './helpers.js';
import { credentials, expectFailure, expectReply, expectSessionFailures, minor, post as postCall, sessionOf, type TestSession } from './rewards-fixtures.js';
import {
  BANKING,
  FULL_NAME,
  addAccount,
  bankingPlayer,
  credit,
  expectAllWalletsMatchLedger,
  expectWalletMatchesLedger,
  firstBank,
  receivingOf,
  proven,
  requestDeposit,
} from './banking-fixtures.js';

async function png(width = 24, height = 36): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
}

describe.each(backends)('banking player calls on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  /** Players whose wallets each test checks against their entries afterwards. */
  const touched = new Set<number>();

  beforeAll(async () => {
    // 100 concurrent withdrawals need real parallel connections on PostgreSQL.
    server = await createTestServer({ backend, poolSize: 24 });
    db = server.database.db;
    // Round limits on the PHP site most tests use (the seed's are about 10 and 5,000 US dollars of pesos).
    await db.execute(sql`update banking_settings set min_deposit = 100, max_deposit = 50000, min_withdrawal = 200, max_withdrawal = 100000
      where site_id = (select id from sites where external_id = 'casino1')`);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    for (const playerId of touched) await expectWalletMatchesLedger(db, playerId);
    touched.clear();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);
  async function player(externalId = 'casino1', fullName = FULL_NAME): Promise<TestSession> {
    const made = await bankingPlayer(db, externalId, fullName);
    touched.add(made.playerId);
    return made;
  }

  describe('banks and bank accounts', () => {
    it("lists the site's own banks: Philippine banks and wallets on a PHP site, Vietnamese banks on a VND site", async () => {
      const php = await player('casino1');
      const vnd = await player('casino7');
      const phpBanks = expectReply(bankingBanksReply, (await post(BANKING.banks, credentials(php))).body).value;
      const vndBanks = expectReply(bankingBanksReply, (await post(BANKING.banks, credentials(vnd))).body).value;
      expect(phpBanks.map((bank) => bank.name)).toEqual(expect.arrayContaining(['BDO Unibank', 'GCash']));
      expect(phpBanks.find((bank) => bank.code === 'GCASH')!.kind).toBe('e_wallet');
      expect(vndBanks.map((bank) => bank.name)).toEqual(expect.arrayContaining(['Vietcombank', 'Techcombank', 'MoMo']));
      expect(vndBanks.map((bank) => bank.bank_id)).not.toEqual(expect.arrayContaining([phpBanks[0]!.bank_id]));
    });

    it('adds accounts in the player\'s own name (the first is the default), switches and removes them, and audits each change', async () => {
      const me = await player();
      const bankId = await firstBank(db, me.siteId);
      const first = await post(BANKING.accountAdd, { ...proven(me), bank_id: bankId, account_name: '  juan   DELA cruz ', account_number: '1234567890' });
      expect(first.status).toBe(200);
      const afterFirst = expectReply(bankAccountListReply, first.body);
      expect(afterFirst).toMatchObject({ max_accounts: 3, full_name: FULL_NAME });
      expect(afterFirst.value).toHaveLength(1);
      expect(afterFirst.value[0]).toMatchObject({ is_default: true, account_number: '1234567890', account_name: 'juan DELA cruz', bank_id: bankId });

      const second = expectReply(bankAccountListReply, (await post(BANKING.accountAdd, { ...proven(me), bank_id: bankId, account_name: FULL_NAME, account_number: '555000111', is_default: true })).body);
      expect(second.value.map((account) => [account.account_number, account.is_default])).toEqual([
        ['555000111', true],
        ['1234567890', false],
      ]);
      const firstId = afterFirst.value[0]!.bank_account_id;
      const switched = expectReply(bankAccountListReply, (await post(BANKING.accountDefault, { ...proven(me), bank_account_id: firstId })).body);
      expect(switched.value[0]).toMatchObject({ bank_account_id: firstId, is_default: true });

      // Removing the default: kept as a row, and the other account becomes the default.
      const removed = expectReply(bankAccountListReply, (await post(BANKING.accountRemove, { ...proven(me), bank_account_id: firstId })).body);
      expect(removed.value.map((account) => [account.account_number, account.is_default])).toEqual([['555000111', true]]);
      const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, firstId));
      expect(row!.removedAt).not.toBeNull();
      expectFailure((await post(BANKING.accountRemove, { ...proven(me), bank_account_id: firstId })).body, 'notFound');
      // The same number can be added again once removed.
      await addAccount(server.app, db, me, '1234567890');

      const changes = await db.select().from(bankAccountChanges).where(eq(bankAccountChanges.playerId, me.playerId)).orderBy(bankAccountChanges.id);
      expect(changes.map((change) => change.action)).toEqual(['add', 'add', 'set_default', 'remove', 'add']);
      for (const change of changes) expect(change.actor).toBe('player');
    });

    it('refuses a name that is not the player\'s, a player without a name, a bank of another site, a duplicate and more than the maximum', async () => {
      const me = await player();
      const bankId = await firstBank(db, me.siteId);
      const add = (extra: Record<string, unknown>) => post(BANKING.accountAdd, { ...proven(me), bank_id: bankId, account_name: FULL_NAME, account_number: '900000001', ...extra });
      expectFailure((await add({ account_name: 'Maria Clara' })).body, 'accountNameMismatch');
      const nameless = await player('casino1', '');
      expectFailure((await post(BANKING.accountAdd, { ...proven(nameless), bank_id: bankId, account_name: FULL_NAME, account_number: '900000001' })).body, 'fullNameRequired');
      const otherBank = await firstBank(db, (await sessionOf(db, 'casino2', 'demo')).siteId);
      expectFailure((await add({ bank_id: otherBank })).body, 'notFound');
      expect((await add({})).body.statusCode).toBe(1);
      const duplicate = await add({});
      expectFailure(duplicate.body, 'bankAccountExists');
      expect(duplicate.status).toBe(409);
      expect((await add({ account_number: '900000002' })).body.statusCode).toBe(1);
      expect((await add({ account_number: '900000003' })).body.statusCode).toBe(1);
      expectFailure((await add({ account_number: '900000004' })).body, 'tooManyBankAccounts');
      // Concurrent adds cannot race past the maximum either.
      const racer = await player();
      const raced = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          post(BANKING.accountAdd, { ...proven(racer), bank_id: bankId, account_name: FULL_NAME, account_number: `70000000${index}` }),
        ),
      );
      expect(raced.filter((reply) => reply.body.statusCode === 1)).toHaveLength(3);
      const [{ live } = { live: 0 }] = await queryRows<{ live: number }>(db, sql`select count(*)::int as live from bank_accounts where player_id = ${racer.playerId} and removed_at is null`);
      expect(live).toBe(3);
      const defaults = await db.select().from(bankAccounts).where(and(eq(bankAccounts.playerId, racer.playerId), eq(bankAccounts.isDefault, true)));
      expect(defaults).toHaveLength(1);
    });

    it("never reaches another player's account", async () => {
      const owner = await player();
      const id = await addAccount(server.app, db, owner);
      const stranger = await player();
      expectFailure((await post(BANKING.accountDefault, { ...proven(stranger), bank_account_id: id })).body, 'notFound');
      expectFailure((await post(BANKING.accountRemove, { ...proven(stranger), bank_account_id: id })).body, 'notFound');
      const otherSite = await player('casino2');
      expectFailure((await post(BANKING.withdrawal, { ...credentials(otherSite), bank_account_id: id, amount: '100' })).body, 'notFound');
      expect(expectReply(bankAccountListReply, (await post(BANKING.accounts, credentials(stranger))).body).value).toEqual([]);
    });

    it('shows the demo player its seeded accounts in its own name', async () => {
      const demo = await sessionOf(db, 'casino7', 'demo');
      const list = expectReply(bankAccountListReply, (await post(BANKING.accounts, credentials(demo))).body);
      expect(list.value.length).toBeGreaterThanOrEqual(1);
      expect(list.value[0]).toMatchObject({ is_default: true, account_name: list.full_name });
    });
  });

  describe('deposits', () => {
    it("answers the site's methods with the operator's receiving accounts, the limits and the deposit promotions", async () => {
      const me = await player();
      const reply = expectReply(depositMethodsReply, (await post(BANKING.methods, { ...credentials(me), language: 'PHP' })).body);
      expect(reply.currency).toBe('PHP');
      expect(minor(reply.min_deposit)).toBeGreaterThan(0n);
      expect(minor(reply.max_deposit)).toBeGreaterThan(minor(reply.min_deposit));
      expect(reply.value.map((method) => method.kind)).toEqual(['bank_transfer', 'e_wallet']);
      expect(reply.value[0]!.receiving_accounts.length).toBe(2);
      expect(reply.value[0]!.receiving_accounts[0]).toMatchObject({ bank_name: 'BDO Unibank' });
      expect(reply.value[0]!.receiving_accounts[0]!.account_number).toMatch(/^\d+$/);
      expect(reply.value[1]!.receiving_accounts[0]).toMatchObject({ bank_name: 'GCash' });
      expect(reply.promotions.length).toBeGreaterThanOrEqual(1);
      expect(reply.promotions[0]!.title.length).toBeGreaterThan(0);
      // A USD site has no wallets: one method.
      const usd = await player('casino4');
      expect(expectReply(depositMethodsReply, (await post(BANKING.methods, credentials(usd))).body).value.map((method) => method.kind)).toEqual(['bank_transfer']);
    });

    it('records a pending deposit within the limits, lists it, lets the player cancel it once, and credits nothing', async () => {
      const me = await player();
      const target = await receivingOf(db, me.siteId);
      const made = await post(BANKING.deposit, { ...credentials(me), ...target, amount: '1500.50', transfer_reference: ' FT998877 ' });
      expect(made.status).toBe(200);
      const deposit = expectReply(depositReply, made.body).value;
      expect(deposit).toMatchObject({ status: 'pending', amount: '1500.5000', currency: 'PHP', transfer_reference: 'FT998877', reference: `DP-${deposit.deposit_id}`, decided_at: null, reason: '' });
      expect(deposit.receiving_account).toMatchObject({ receiving_account_id: target.receiving_account_id });

      const list = expectReply(depositsReply, (await post(BANKING.deposits, { ...credentials(me), status: 'pending' })).body);
      expect(list).toMatchObject({ total: 1, page: 1, page_size: 20, totals: { count: 1, amount: '1500.5000' } });
      expect(list.value[0]!.deposit_id).toBe(deposit.deposit_id);
      // The totals count every matching deposit, not only the page answered.
      const second = await post(BANKING.deposit, { ...credentials(me), ...target, amount: '200.25', transfer_reference: 'FT998878' });
      const secondId = expectReply(depositReply, second.body).value.deposit_id;
      const onePage = expectReply(depositsReply, (await post(BANKING.deposits, { ...credentials(me), page_size: 1, page: 2 })).body);
      expect(onePage).toMatchObject({ total: 2, page: 2, page_size: 1, totals: { count: 2, amount: '1700.7500' } });
      expect(onePage.value.map((row) => row.deposit_id)).toEqual([deposit.deposit_id]);
      // The filters narrow them as they narrow the list: nothing before the first deposit.
      const before = new Date(Date.parse(deposit.created_at) - 60_000).toISOString();
      expect(expectReply(depositsReply, (await post(BANKING.deposits, { ...credentials(me), to: before })).body)).toMatchObject({ total: 0, totals: { count: 0, amount: '0.0000' } });
      await post(BANKING.depositCancel, { ...credentials(me), deposit_id: secondId });
      const summary = expectReply(bankingSummaryReply, (await post(BANKING.summary, credentials(me))).body);
      expect(summary).toMatchObject({ pending_deposits: 1, game_balance: '0.0000', held_balance: '0.0000', currency: 'PHP' });

      const cancelled = expectReply(depositReply, (await post(BANKING.depositCancel, { ...credentials(me), deposit_id: deposit.deposit_id })).body).value;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.decided_at).not.toBeNull();
      const again = await post(BANKING.depositCancel, { ...credentials(me), deposit_id: deposit.deposit_id });
      expectFailure(again.body, 'notPending');
      expect(again.status).toBe(409);
      const none = expectReply(depositsReply, (await post(BANKING.deposits, { ...credentials(me), status: 'pending' })).body);
      expect(none).toMatchObject({ total: 0, totals: { count: 0, amount: '0.0000' } });
      expect(expectReply(depositsReply, (await post(BANKING.deposits, { ...credentials(me), status: 'cancelled' })).body).totals).toEqual({ count: 2, amount: '1700.7500' });
      const [{ entries } = { entries: 0 }] = await queryRows<{ entries: number }>(db, sql`select count(*)::int as entries from ledger_entries where player_id = ${me.playerId}`);
      expect(entries).toBe(0);
    });

    it('refuses amounts outside the limits, a request with neither reference nor receipt, another site\'s account, and more pending deposits than allowed', async () => {
      const me = await player();
      const target = await receivingOf(db, me.siteId);
      const ask = (extra: Record<string, unknown>) => post(BANKING.deposit, { ...credentials(me), ...target, amount: '1000', transfer_reference: 'FT1', ...extra });
      expectFailure((await ask({ amount: '1' })).body, 'amountTooSmall');
      expectFailure((await ask({ amount: '99999999' })).body, 'amountTooLarge');
      const bare = await ask({ transfer_reference: undefined });
      expectFailure(bare.body, 'validationError');
      expect(bare.body.errors).toMatchObject({ transfer_reference: ['required'] });
      for (const amount of ['1e3', '-5', '0', '12.34567', 1000]) {
        const wrong = await ask({ amount });
        expectFailure(wrong.body, 'validationError');
        expect(Object.keys(wrong.body.errors as object)).toContain('amount');
      }
      const other = await receivingOf(db, (await sessionOf(db, 'casino2', 'demo')).siteId);
      expectFailure((await ask(other)).body, 'notFound');
      expectFailure((await ask({ method_id: target.method_id + 1 })).body, 'notFound');
      for (let i = 0; i < 3; i++) expect((await ask({})).body.statusCode).toBe(1);
      expectFailure((await ask({})).body, 'tooManyRequests');
    });

    it("refuses another player's deposit and an unknown promotion; accepts a running deposit promotion once", async () => {
      const owner = await player();
      const id = await requestDeposit(server.app, db, owner, '500');
      const stranger = await player();
      expectFailure((await post(BANKING.depositCancel, { ...credentials(stranger), deposit_id: id })).body, 'notFound');
      // Another player's deposits are in neither the list nor its totals.
      expect(expectReply(depositsReply, (await post(BANKING.deposits, credentials(stranger))).body)).toMatchObject({ total: 0, totals: { count: 0, amount: '0.0000' } });
      expect(expectReply(depositsReply, (await post(BANKING.deposits, credentials(owner))).body)).toMatchObject({ total: 1, totals: { count: 1, amount: '500.0000' } });

      const promotion = expectReply(depositMethodsReply, (await post(BANKING.methods, credentials(owner))).body).promotions[0]!;
      // The seeded welcome offer's own minimum (PHP 560) is checked on the server (ADR 0022).
      expect(promotion.reward_type).toBe('tokens');
      expectFailure((await post(BANKING.deposit, { ...credentials(owner), ...(await receivingOf(db, owner.siteId)), amount: '500', transfer_reference: 'x', promotion_id: promotion.promotion_id })).body, 'notClaimable');
      const withPromotion = await requestDeposit(server.app, db, owner, '600', { promotion_id: promotion.promotion_id });
      expect((await db.select().from(payments).where(eq(payments.id, withPromotion)))[0]!.promotionId).toBe(promotion.promotion_id);
      expectFailure((await post(BANKING.deposit, { ...credentials(owner), ...(await receivingOf(db, owner.siteId)), amount: '500', transfer_reference: 'x', promotion_id: 2_000_000_000 })).body, 'notFound');
      // Another site's promotion is unknown here.
      const foreign = expectReply(depositMethodsReply, (await post(BANKING.methods, credentials(await player('casino2')))).body).promotions[0]!;
      expectFailure((await post(BANKING.deposit, { ...credentials(owner), ...(await receivingOf(db, owner.siteId)), amount: '500', transfer_reference: 'x', promotion_id: foreign.promotion_id })).body, 'notFound');
    });
  });

  describe('receipts', () => {
    it('stores a PNG checked by its bytes, serves it back to its owner only, and ties it to one deposit', async () => {
      const me = await player();
      const image = await png(24, 36);
      const uploaded = await post(BANKING.receiptUpload, { ...credentials(me), content_type: 'image/png', data: image.toString('base64') });
      expect(uploaded.status).toBe(200);
      const info = expectReply(receiptUploadReply, uploaded.body);
      expect(info).toMatchObject({ content_type: 'image/png', width: 24, height: 36 });

      // Served back as stored: re-encoded (ADR 0022), the same pixels.
      const fetched = expectReply(receiptReply, (await post(BANKING.receipt, { ...credentials(me), receipt_id: info.receipt_id })).body);
      const served = Buffer.from(fetched.data, 'base64');
      expect(served.length).toBe(info.size);
      expect((await sharp(served).raw().toBuffer()).equals(await sharp(image).raw().toBuffer())).toBe(true);
      expectFailure((await post(BANKING.receipt, { ...credentials(await player()), receipt_id: info.receipt_id })).body, 'notFound');

      // A receipt instead of a reference; the same receipt cannot prove a second deposit.
      const target = await receivingOf(db, me.siteId);
      const deposit = expectReply(depositReply, (await post(BANKING.deposit, { ...credentials(me), ...target, amount: '800', receipt_id: info.receipt_id })).body).value;
      expect(deposit).toMatchObject({ receipt_id: info.receipt_id, transfer_reference: '' });
      const reuse = await post(BANKING.deposit, { ...credentials(me), ...target, amount: '800', receipt_id: info.receipt_id });
      expectFailure(reuse.body, 'receiptInUse');
      // Another player's receipt is unknown.
      const thief = await player();
      expectFailure((await post(BANKING.deposit, { ...credentials(thief), ...target, amount: '800', receipt_id: info.receipt_id })).body, 'notFound');
    });

    it('re-encodes uploads: EXIF (a GPS position) and bytes appended after the image are not stored or served', async () => {
      const me = await player();
      const secret = 'GPS 14.5995N 120.9842E by phone SN-0042';
      const trailer = Buffer.from('TRAILING-PAYLOAD<script>alert(1)</script>');
      const withExif = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#cc3366' } })
        .jpeg()
        .withExif({ IFD0: { ImageDescription: secret, Copyright: secret } })
        .toBuffer();
      expect(withExif.includes(secret)).toBe(true);
      for (const [contentType, bytes] of [
        ['image/jpeg', Buffer.concat([withExif, trailer])],
        ['image/png', Buffer.concat([await png(10, 10), trailer])],
      ] as const) {
        const info = expectReply(receiptUploadReply, (await post(BANKING.receiptUpload, { ...credentials(me), content_type: contentType, data: bytes.toString('base64') })).body);
        const served = Buffer.from(expectReply(receiptReply, (await post(BANKING.receipt, { ...credentials(me), receipt_id: info.receipt_id })).body).data, 'base64');
        const [stored] = await db.select({ data: receipts.data }).from(receipts).where(eq(receipts.id, info.receipt_id));
        for (const kept of [served, Buffer.from(stored!.data)]) {
          expect(kept.includes(secret)).toBe(false);
          expect(kept.includes('TRAILING-PAYLOAD')).toBe(false);
          expect((await sharp(kept).metadata()).exif).toBeUndefined();
        }
        expect(info.content_type).toBe(contentType);
      }
    });

    it('takes JPEG and WebP, refuses bytes that are not the declared type, not an image, or broken', async () => {
      const me = await player();
      const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const webp = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#996633' } }).webp().toBuffer();
      expect(expectReply(receiptUploadReply, (await post(BANKING.receiptUpload, { ...credentials(me), content_type: 'image/jpeg', data: jpeg.toString('base64') })).body).width).toBe(10);
      expect(expectReply(receiptUploadReply, (await post(BANKING.receiptUpload, { ...credentials(me), content_type: 'image/webp', data: webp.toString('base64') })).body).height).toBe(8);

      const upload = (contentType: string, bytes: Buffer) => post(BANKING.receiptUpload, { ...credentials(me), content_type: contentType, data: bytes.toString('base64') });
      expectFailure((await upload('image/png', jpeg)).body, 'invalidImage');
      expectFailure((await upload('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).body, 'invalidImage');
      const broken = Buffer.concat([(await png()).subarray(0, 8), Buffer.from('not really a png at all, just junk after the signature')]);
      expectFailure((await upload('image/png', broken)).body, 'invalidImage');
      const gif = await upload('image/gif', Buffer.from('GIF89a'));
      expectFailure(gif.body, 'validationError');
      expect(gif.body.errors).toMatchObject({ content_type: ['invalidValue'] });
    });

    it('takes bodies up to its own limit on the upload route only: larger ones are payloadTooLarge, and other calls keep the small limit', async () => {
      const me = await player();
      expect(RECEIPT_BODY_LIMIT_BYTES).toBeGreaterThan(64 * 1024);
      // Over 2 MiB of image: refused by the contract (the text is too long), still inside the route's body limit.
      const tooLong = await post(BANKING.receiptUpload, { ...credentials(me), content_type: 'image/png', data: 'A'.repeat(RECEIPT_MAX_BASE64 + 4) });
      expectFailure(tooLong.body, 'validationError');
      expect(tooLong.body.errors).toMatchObject({ data: ['tooLong'] });
      const huge = await post(BANKING.receiptUpload, { ...credentials(me), content_type: 'image/png', data: 'A'.repeat(RECEIPT_BODY_LIMIT_BYTES) });
      expect(huge.status).toBe(413);
      expectFailure(huge.body, 'payloadTooLarge');
      const { response, body } = await postJson(server.app, BANKING.deposits, { ...credentials(me), padding: 'x'.repeat(100 * 1024) });
      expect(response.statusCode).toBe(413);
      expectFailure(body, 'payloadTooLarge');
    });
  });

  describe('withdrawals', () => {
    it('holds the amount at once, shows it as held, returns it on cancellation, and refuses a second cancel', async () => {
      const me = await player();
      await credit(db, me, '1000', `test:w1:${me.playerId}`);
      const accountId = await addAccount(server.app, db, me);
      const made = await post(BANKING.withdrawal, { ...credentials(me), bank_account_id: accountId, amount: '600' });
      expect(made.status).toBe(200);
      const reply = expectReply(withdrawalReply, made.body);
      expect(reply).toMatchObject({ game_balance: '400.0000', held_balance: '600.0000' });
      expect(reply.value).toMatchObject({ status: 'pending', amount: '600.0000', reference: `WD-${reply.value.withdrawal_id}` });
      expect(reply.value.bank_account).toMatchObject({ bank_account_id: accountId, account_name: FULL_NAME, account_number: '0012345678' });
      // get_balance answers the available balance, as before.
      expect((await post('/api/auth/get_balance', credentials(me))).body).toMatchObject({ game_balance: '400.0000' });
      expect(expectReply(bankingSummaryReply, (await post(BANKING.summary, credentials(me))).body)).toMatchObject({
        game_balance: '400.0000',
        held_balance: '600.0000',
        total_balance: '1000.0000',
        pending_withdrawals: 1,
      });
      // With one pending, no more than the available balance.
      expectFailure((await post(BANKING.withdrawal, { ...credentials(me), bank_account_id: accountId, amount: '400.0001' })).body, 'insufficientBalance');

      const cancelled = expectReply(withdrawalReply, (await post(BANKING.withdrawalCancel, { ...credentials(me), withdrawal_id: reply.value.withdrawal_id })).body);
      expect(cancelled).toMatchObject({ game_balance: '1000.0000', held_balance: '0.0000' });
      expect(cancelled.value.status).toBe('cancelled');
      expectFailure((await post(BANKING.withdrawalCancel, { ...credentials(me), withdrawal_id: reply.value.withdrawal_id })).body, 'notPending');
      const list = expectReply(withdrawalsReply, (await post(BANKING.withdrawals, credentials(me))).body);
      expect(list).toMatchObject({ total: 1, totals: { count: 1, amount: '600.0000' }, game_balance: '1000.0000', held_balance: '0.0000' });
      expect(expectReply(withdrawalsReply, (await post(BANKING.withdrawals, { ...credentials(me), status: 'pending' })).body)).toMatchObject({
        total: 0,
        totals: { count: 0, amount: '0.0000' },
      });
      const keys = await queryRows<{ key: string; account: string; amount: string }>(
        db,
        sql`select idempotency_key as key, account, amount::text as amount from ledger_entries where player_id = ${me.playerId} and type <> 'adjustment' order by id, account`,
      );
      const id = reply.value.withdrawal_id;
      // One pending transfer (balance → withdrawals) and its voiding, each a line of the balance and of the held amount.
      expect(keys).toEqual([
        { key: `withdrawal:${id}:hold`, account: 'balance', amount: '-600.0000' },
        { key: `withdrawal:${id}:hold`, account: 'held', amount: '600.0000' },
        { key: `withdrawal:${id}:release`, account: 'balance', amount: '600.0000' },
        { key: `withdrawal:${id}:release`, account: 'held', amount: '-600.0000' },
      ]);
      const transfers = await queryRows<{ key: string; kind: string; pending_key: string | null }>(
        db,
        sql`select t.idempotency_key as key, t.kind, p.idempotency_key as pending_key from ledger_transfers t
            left join ledger_transfers p on p.id = t.pending_id
            where t.site_id = ${me.siteId} and t.reference = ${`payment:${id}`} order by t.id`,
      );
      expect(transfers).toEqual([
        { key: `withdrawal:${id}:hold`, kind: 'pending', pending_key: null },
        { key: `withdrawal:${id}:release`, kind: 'void_pending', pending_key: `withdrawal:${id}:hold` },
      ]);
    });

    it('refuses more than the balance (recording nothing), amounts outside the limits and a removed account', async () => {
      const me = await player();
      await credit(db, me, '300', `test:w2:${me.playerId}`);
      const accountId = await addAccount(server.app, db, me);
      const ask = (amount: string, id = accountId) => post(BANKING.withdrawal, { ...credentials(me), bank_account_id: id, amount });
      expectFailure((await ask('300.0001')).body, 'insufficientBalance');
      expect(await db.select().from(payments).where(eq(payments.playerId, me.playerId))).toEqual([]);
      expectFailure((await ask('1')).body, 'amountTooSmall');
      expectFailure((await ask('99999999')).body, 'amountTooLarge');
      await post(BANKING.accountRemove, { ...proven(me), bank_account_id: accountId });
      expectFailure((await ask('200')).body, 'notFound');
    });

    it('never holds more than the balance under 100 concurrent requests', async () => {
      const me = await player();
      // Room for exactly 7 withdrawals of 1,100.25 (and a remainder smaller than one).
      await credit(db, me, '8000', `test:w3:${me.playerId}`);
      const accountId = await addAccount(server.app, db, me);
      const replies = await Promise.all(
        Array.from({ length: 100 }, () => post(BANKING.withdrawal, { ...credentials(me), bank_account_id: accountId, amount: '1100.25' })),
      );
      const ok = replies.filter((reply) => reply.body.statusCode === 1);
      const refused = replies.filter((reply) => reply.body.statusCode !== 1);
      for (const reply of refused) expectFailure(reply.body, 'insufficientBalance');
      expect(ok).toHaveLength(7);
      const [wallet] = await queryRows<{ balance: string; held: string }>(db, sql`select balance::text, held::text from wallets where player_id = ${me.playerId}`);
      expect(wallet).toEqual({ balance: '298.2500', held: '7701.7500' });
      const rows = await db.select().from(payments).where(eq(payments.playerId, me.playerId));
      expect(rows).toHaveLength(7);
      expect(rows.every((row) => row.status === 'pending')).toBe(true);
      // The list's totals sum every page: 7 × 1,100.25, the held amount.
      const list = expectReply(withdrawalsReply, (await post(BANKING.withdrawals, { ...credentials(me), status: 'pending', page_size: 5 })).body);
      expect(list).toMatchObject({ total: 7, totals: { count: 7, amount: '7701.7500' }, held_balance: '7701.7500' });
      expect(list.value).toHaveLength(5);
      await expectWalletMatchesLedger(db, me.playerId);
    });
  });

  describe('statement', () => {
    it('lists every entry with the balance after it, filters by type and date, pages on the server and totals every matching entry', async () => {
      const me = await player();
      await credit(db, me, '1000', `test:s1:${me.playerId}`);
      await credit(db, me, '250.5', `test:s2:${me.playerId}`);
      const accountId = await addAccount(server.app, db, me);
      const withdrawal = expectReply(withdrawalReply, (await post(BANKING.withdrawal, { ...credentials(me), bank_account_id: accountId, amount: '200' })).body).value;

      const all = expectReply(statementReply, (await post(BANKING.statement, { ...credentials(me), page_size: 2 })).body);
      expect(all).toMatchObject({ account: 'balance', currency: 'PHP', total: 3, page: 1, page_size: 2 });
      expect(all.value).toHaveLength(2);
      expect(all.value[0]).toMatchObject({ type: 'withdrawal', amount: '-200.0000', balance_after: '1050.5000', reference: `payment:${withdrawal.withdrawal_id}` });
      expect(all.totals).toEqual({ count: 3, credits: '1250.5000', debits: '-200.0000', net: '1050.5000' });
      expect(all.types).toEqual(['adjustment', 'withdrawal']);
      const second = expectReply(statementReply, (await post(BANKING.statement, { ...credentials(me), page_size: 2, page: 2 })).body);
      expect(second.value.map((entry) => entry.amount)).toEqual(['1000.0000']);

      const adjustments = expectReply(statementReply, (await post(BANKING.statement, { ...credentials(me), types: ['adjustment'] })).body);
      expect(adjustments.totals).toEqual({ count: 2, credits: '1250.5000', debits: '0.0000', net: '1250.5000' });
      const future = expectReply(statementReply, (await post(BANKING.statement, { ...credentials(me), from: new Date(Date.now() + 60_000).toISOString() })).body);
      expect(future).toMatchObject({ total: 0, value: [] });
      const past = expectReply(statementReply, (await post(BANKING.statement, { ...credentials(me), to: new Date(Date.now() - 3_600_000).toISOString() })).body);
      expect(past.total).toBe(0);
      const held = expectReply(statementReply, (await post(BANKING.statement, { ...credentials(me), account: 'held' })).body);
      expect(held.value.map((entry) => [entry.type, entry.amount, entry.balance_after])).toEqual([['withdrawal', '200.0000', '200.0000']]);
      // Nobody else's entries.
      const stranger = await player();
      expect(expectReply(statementReply, (await post(BANKING.statement, credentials(stranger))).body).total).toBe(0);
    });

    it("shows the demo player's seeded history: deposits, the approved withdrawal, bets and wins", async () => {
      const demo = await sessionOf(db, 'casino1', 'demo');
      const reply = expectReply(statementReply, (await post(BANKING.statement, { ...credentials(demo), page_size: 100 })).body);
      expect(reply.types).toEqual(expect.arrayContaining(['bet', 'claim', 'deposit', 'rollback', 'win', 'withdrawal']));
      const sorted = [...reply.value].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
      expect(reply.value.map((entry) => entry.created_at)).toEqual(sorted.map((entry) => entry.created_at));
    });
  });

  describe('bet history', () => {
    it("lists the demo player's game rounds and sports bets with the bet display fields, latest first, with filters, pages and totals", async () => {
      const demo = await sessionOf(db, 'casino1', 'demo');
      const all = expectReply(betHistoryReply, (await post(BANKING.betHistory, { ...credentials(demo), page_size: 100 })).body);
      expect(all.currency).toBe('PHP');
      const games = all.value.filter((bet) => bet.kind === 'game');
      const sports = all.value.filter((bet) => bet.kind === 'sports');
      expect(games.map((bet) => bet.status).sort()).toEqual(['lost', 'pending', 'void', 'won', 'won']);
      for (const bet of games) expect(bet).toMatchObject({ provider_code: expect.any(String), game_name: expect.any(String), bet_type: null, match_id: null });
      expect(games.find((bet) => bet.status === 'void')!.payout).toBe('0.0000');
      expect(sports.map((bet) => bet.status).sort()).toEqual(['lost', 'pending', 'pending', 'won']);
      const won = sports.find((bet) => bet.status === 'won')!;
      expect(won).toMatchObject({ bet_type: '1X2', criteria1: null, odds: '1.85', home_team_name: expect.any(String), away_team_name: expect.any(String) });
      expect(minor(won.payout)).toBe((minor(won.stake) * 185n) / 100n);
      expect(won.home_name_en).toBe(won.home_team_name);
      expect(won.home_name_vi ?? won.away_name_cn ?? won.home_name_php).toBeDefined();
      const pending = sports.filter((bet) => bet.status === 'pending');
      expect(pending.map((bet) => bet.bet_type).sort()).toEqual(['HDP', 'OU']);
      const placed = all.value.map((bet) => bet.placed_at);
      expect(placed).toEqual([...placed].sort().reverse());
      const stake = all.value.reduce((sum, bet) => sum + minor(bet.stake), 0n);
      expect(minor(all.totals.stake)).toBe(stake);
      expect(all.total).toBe(all.value.length);

      const onlyWon = expectReply(betHistoryReply, (await post(BANKING.betHistory, { ...credentials(demo), kind: 'sports', status: 'won' })).body);
      expect(onlyWon.value.map((bet) => bet.bet_id)).toEqual([won.bet_id]);
      const paged = expectReply(betHistoryReply, (await post(BANKING.betHistory, { ...credentials(demo), page_size: 3, page: 2 })).body);
      expect(paged.value.map((bet) => bet.bet_id)).toEqual(all.value.slice(3, 6).map((bet) => bet.bet_id));
      const recent = expectReply(betHistoryReply, (await post(BANKING.betHistory, { ...credentials(demo), from: new Date(Date.now() - 60_000).toISOString() })).body);
      expect(recent.total).toBe(0);
      // Another player, another site: nothing of the demo's.
      const stranger = await player('casino1');
      expect(expectReply(betHistoryReply, (await post(BANKING.betHistory, credentials(stranger))).body).total).toBe(0);
    });
  });

  describe('validation and sessions', () => {
    it.each([
      [BANKING.accountAdd, { bank_id: 1, account_name: FULL_NAME, account_number: '12ab5678' }, 'account_number'],
      [BANKING.accountAdd, { bank_id: 1, account_name: 'J0hn', account_number: '12345678' }, 'account_name'],
      [BANKING.accountAdd, { bank_id: '1', account_name: FULL_NAME, account_number: '12345678' }, 'bank_id'],
      [BANKING.accountDefault, { bank_account_id: 0 }, 'bank_account_id'],
      [BANKING.accountRemove, {}, 'bank_account_id'],
      [BANKING.methods, { language: 'XX' }, 'language'],
      [BANKING.receipt, { receipt_id: -1 }, 'receipt_id'],
      [BANKING.receiptUpload, { content_type: 'image/png', data: 'not base64!' }, 'data'],
      [BANKING.deposit, { method_id: 1, receiving_account_id: 1, amount: '10', transfer_reference: 'x'.repeat(65) }, 'transfer_reference'],
      [BANKING.depositCancel, { deposit_id: 'x' }, 'deposit_id'],
      [BANKING.deposits, { status: 'done' }, 'status'],
      [BANKING.deposits, { page_size: 101 }, 'page_size'],
      [BANKING.withdrawal, { bank_account_id: 1, amount: 10 }, 'amount'],
      [BANKING.withdrawalCancel, { withdrawal_id: 1.5 }, 'withdrawal_id'],
      [BANKING.withdrawals, { from: 'yesterday' }, 'from'],
      [BANKING.deposits, { to: '0000-01-01T00:00:00Z' }, 'to'],
      [BANKING.betHistory, { from: '0000-01-01T00:00:00Z' }, 'from'],
      [BANKING.statement, { account: 'savings' }, 'account'],
      [BANKING.statement, { types: ['Deposit!'] }, 'types.0'],
      [BANKING.betHistory, { kind: 'casino' }, 'kind'],
      [BANKING.summary, { extra: 1 }, 'extra'],
    ])('%s refuses %j', async (path, extra, field) => {
      const me = await player();
      const { status, body } = await post(path, { ...credentials(me), ...extra });
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect(Object.keys(body.errors as object)).toContain(field);
    });

    it.each(Object.entries(BANKING))('%s answers sessionExpired, validationError, permissionDenied, BLOCK and CLOSE', async (_name, path) => {
      const extras: Record<string, Record<string, unknown>> = {
        [BANKING.accountAdd]: { bank_id: 1, account_name: FULL_NAME, account_number: '12345678' },
        [BANKING.accountDefault]: { bank_account_id: 1 },
        [BANKING.accountRemove]: { bank_account_id: 1 },
        [BANKING.receipt]: { receipt_id: 1 },
        [BANKING.receiptUpload]: { content_type: 'image/png', data: 'iVBORw0KGgo=' },
        [BANKING.deposit]: { method_id: 1, receiving_account_id: 1, amount: '100', transfer_reference: 'x' },
        [BANKING.depositCancel]: { deposit_id: 1 },
        [BANKING.withdrawal]: { bank_account_id: 1, amount: '100' },
        [BANKING.withdrawalCancel]: { withdrawal_id: 1 },
      };
      await expectSessionFailures(server.app, db, path, extras[path] ?? {});
    });

    it('answers notFound on a site without banking settings', async () => {
      const me = await player('slot9');
      await db.execute(sql`delete from banking_settings where site_id = ${me.siteId}`);
      for (const path of [BANKING.summary, BANKING.methods]) expectFailure((await post(path, credentials(me))).body, 'notFound');
      expectFailure((await post(BANKING.withdrawal, { ...credentials(me), bank_account_id: 1, amount: '100' })).body, 'notFound');
    });
  });

  it('keeps every wallet of the database equal to the sum of its entries, balance and held alike', async () => {
    await expectAllWalletsMatchLedger(db);
    const [{ held } = { held: '0' }] = await queryRows<{ held: string }>(db, sql`select coalesce(sum(held), 0)::text as held from wallets`);
    // The demo data's pending withdrawals are held.
    expect(minor(held)).toBeGreaterThan(0n);
  });
});
