/**
 * The wallet ledger's guarantees (ADR 0024): every change is a transfer written with it, a
 * balance never goes below zero and always equals the sum of its statement lines, idempotency keys
 * are unique per site. Checked on the seeded demo data, on single postings, on batches, and under
 * concurrency: 200 concurrent debits of one wallet and 20 concurrent posts of one key.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinorUnits } from '@wl/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.js';
import { ledgerEntries } from '../../src/db/schema.js';
import { postToLedger, readBalances, transfer, type LedgerPosting } from '../../src/ledger/index.js';
import { postBatchToLedger } from '../../src/ledger/index.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { minor, newPlayer, siteRow, type TestSession } from './rewards-fixtures.js';

describe.each(backends)('wallet ledger on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    // 200 concurrent postings need real parallel connections on PostgreSQL.
    server = await createTestServer({ backend, poolSize: 24 });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  function posting(session: TestSession, amount: string, key: string, account: LedgerPosting['account'] = 'balance'): LedgerPosting {
    return { siteId: session.siteId, playerId: session.playerId, account, amount, counter: account === 'balance' ? 'adjustments' : 'rewards', type: 'adjustment', reference: 'test', idempotencyKey: key };
  }

  async function sumOfEntries(playerId: number, account: LedgerPosting['account'] = 'balance'): Promise<bigint> {
    const [row] = await queryRows<{ total: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as total from ledger_entries where player_id = ${playerId} and account = ${account}`,
    );
    return minor(row!.total);
  }

  async function entryCount(playerId: number): Promise<number> {
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ledger_entries where player_id = ${playerId}`);
    return Number(row!.count);
  }

  /** Every wallet equals the sum of its entries, no balance is negative, every balance_after is its running sum. */
  async function expectLedgerConsistent(): Promise<void> {
    const mismatched = await queryRows<{ player_id: number }>(
      db,
      sql`select w.player_id from wallets w
          left join (
            select player_id,
              coalesce(sum(amount) filter (where account = 'balance'), 0) as balance,
              coalesce(sum(amount) filter (where account = 'tokens'), 0) as tokens,
              coalesce(sum(amount) filter (where account = 'frozen_tokens'), 0) as frozen_tokens
            from ledger_entries group by player_id
          ) l on l.player_id = w.player_id
          where w.balance <> coalesce(l.balance, 0) or w.tokens <> coalesce(l.tokens, 0) or w.frozen_tokens <> coalesce(l.frozen_tokens, 0)
             or w.balance < 0 or w.tokens < 0 or w.frozen_tokens < 0`,
    );
    expect(mismatched).toEqual([]);
    const orphans = await queryRows<{ player_id: number }>(
      db,
      sql`select distinct le.player_id from ledger_entries le left join wallets w on w.player_id = le.player_id where w.player_id is null`,
    );
    expect(orphans).toEqual([]);
    const badRunning = await queryRows<{ id: number }>(
      db,
      sql`select id from (
            select id, balance_after, sum(amount) over (partition by player_id, account order by id) as running from ledger_entries
          ) x where balance_after <> running`,
    );
    expect(badRunning).toEqual([]);
    const crossSite = await queryRows<{ id: number }>(
      db,
      sql`select le.id from ledger_entries le join players p on p.id = le.player_id where p.site_id <> le.site_id
          union all
          select w.player_id from wallets w join players p on p.id = w.player_id where p.site_id <> w.site_id`,
    );
    expect(crossSite).toEqual([]);
  }

  describe('the seeded demo data', () => {
    it('keeps every wallet equal to the sum of its entries, never negative, with running balances', async () => {
      await expectLedgerConsistent();
    });

    it("gives every site's demo player a balance and tokens from seed entries, and the blocked player a small balance", async () => {
      const sites = await queryRows<{ id: number; external_id: string }>(db, sql`select id, external_id from sites order by id`);
      expect(sites.length).toBeGreaterThan(20);
      for (const site of sites) {
        const demo = await queryRows<{ balance: string; tokens: string; player_id: number }>(
          db,
          sql`select w.balance::text, w.tokens::text, w.player_id from wallets w join players p on p.id = w.player_id
              where p.site_id = ${site.id} and p.account_id = 'demo'`,
        );
        expect(demo, site.external_id).toHaveLength(1);
        expect(minor(demo[0]!.balance), site.external_id).toBeGreaterThan(0n);
        expect(minor(demo[0]!.tokens), site.external_id).toBeGreaterThan(0n);
        const types = await queryRows<{ type: string; key: string }>(
          db,
          sql`select type, idempotency_key as key from ledger_entries where player_id = ${demo[0]!.player_id}`,
        );
        expect(types.map((row) => row.type)).toEqual(expect.arrayContaining(['bonus', 'claim', 'deposit']));
        for (const row of types.filter((entry) => ['bonus', 'deposit'].includes(entry.type))) expect(row.key).toMatch(/^seed:/);
        const blocked = await queryRows<{ balance: string }>(
          db,
          sql`select w.balance::text from wallets w join players p on p.id = w.player_id where p.site_id = ${site.id} and p.account_id = 'blocked'`,
        );
        expect(minor(blocked[0]!.balance), site.external_id).toBeGreaterThan(0n);
      }
    });

    it('credits every approved deposit and holds every approved or pending withdrawal of the demo data in the ledger', async () => {
      const missing = await queryRows<{ id: number }>(
        db,
        sql`select p.id from payments p
            where (p.kind = 'deposit' and p.status = 'approved') or (p.kind = 'withdrawal' and p.status in ('approved', 'pending'))
            except
            select p.id from payments p join ledger_entries le on le.site_id = p.site_id and le.account = 'balance'
              and le.idempotency_key in ('seed:payment:' || p.id, 'withdrawal:' || p.id || ':hold')
              and le.amount = case when p.kind = 'deposit' then p.amount else -p.amount end`,
      );
      expect(missing).toEqual([]);
      const unexpected = await queryRows<{ id: number }>(
        db,
        sql`select p.id from payments p join ledger_entries le on le.site_id = p.site_id
              and le.idempotency_key in ('seed:payment:' || p.id, 'withdrawal:' || p.id || ':hold')
            where (p.kind = 'deposit' and p.status <> 'approved') or p.status in ('rejected', 'cancelled')`,
      );
      expect(unexpected).toEqual([]);
      // Each site has 25 to 40 players besides demo and blocked, created over the last 60 days, with pending payments too.
      const perSite = await queryRows<{ players: number; oldest_days: number; pending: number }>(
        db,
        sql`select count(*)::int as players, extract(day from now() - min(p.created_at))::int as oldest_days,
              (select count(*)::int from payments pa where pa.site_id = p.site_id and pa.status = 'pending') as pending
            from players p where p.account_id not in ('demo', 'blocked') group by p.site_id`,
      );
      for (const site of perSite) {
        expect(site.players).toBeGreaterThanOrEqual(25);
        expect(site.players).toBeLessThanOrEqual(40);
        expect(site.oldest_days).toBeLessThanOrEqual(60);
        expect(site.pending).toBeGreaterThan(0);
      }
    });
  });

  describe('postToLedger', () => {
    it('credits and debits exactly, refuses an overdraft without writing anything, and replays a key once', async () => {
      const player = await newPlayer(db, 'casino1');
      const credit = await postToLedger(db, posting(player, '100.1234', 'test:credit'));
      expect(credit).toMatchObject({ ok: true, applied: true, balanceAfter: '100.1234' });
      const debit = await postToLedger(db, posting(player, '-0.1234', 'test:debit'));
      expect(debit).toMatchObject({ ok: true, applied: true, balanceAfter: '100.0000' });

      const overdraft = await postToLedger(db, posting(player, '-100.0001', 'test:overdraft'));
      expect(overdraft).toEqual({ ok: false, message: 'insufficientBalance' });
      expect(await entryCount(player.playerId)).toBe(2);
      // The refused key was not used up: the same cause may be posted later when funds allow.
      await postToLedger(db, posting(player, '1', 'test:topup'));
      expect(await postToLedger(db, posting(player, '-100.0001', 'test:overdraft'))).toMatchObject({ ok: true, applied: true, balanceAfter: '0.9999' });

      const replay = await postToLedger(db, posting(player, '100.1234', 'test:credit'));
      expect(replay).toEqual({ ok: true, applied: false, transferId: (credit as { transferId: number }).transferId, balanceAfter: '100.1234' });
      expect((await readBalances(db, player.playerId)).balance).toBe('0.9999');
      expect(await sumOfEntries(player.playerId)).toBe(minor('0.9999'));
    });

    it('keeps balance, tokens and frozen tokens apart, each never below zero', async () => {
      const player = await newPlayer(db, 'casino1');
      await postToLedger(db, posting(player, '50', 'test:tokens', 'tokens'));
      await postToLedger(db, posting(player, '20', 'test:freeze', 'frozen_tokens'));
      expect(await postToLedger(db, posting(player, '-1', 'test:balance-debit'))).toEqual({ ok: false, message: 'insufficientBalance' });
      expect(await postToLedger(db, posting(player, '-20.0001', 'test:unfreeze', 'frozen_tokens'))).toEqual({ ok: false, message: 'insufficientBalance' });
      expect(await postToLedger(db, posting(player, '-20', 'test:unfreeze', 'frozen_tokens'))).toMatchObject({ ok: true, balanceAfter: '0.0000' });
      expect(await readBalances(db, player.playerId)).toEqual({ balance: '0.0000', tokens: '50.0000', frozenTokens: '0.0000' });
    });

    it('refuses amounts that are not non-zero decimals of at most 4 places, and players of another site', async () => {
      const player = await newPlayer(db, 'casino1');
      for (const amount of ['0', '-0.0000', '1.23456', '1e3', 'abc', '', '12345678901234567']) {
        await expect(postToLedger(db, posting(player, amount, `test:bad:${amount}`)), amount).rejects.toThrow(/Invalid transfer amount/);
      }
      const slot5 = await siteRow(db, 'slot5');
      await expect(postToLedger(db, { ...posting(player, '5', 'test:cross-site'), siteId: slot5.id })).rejects.toThrow(/not a player of site/);
      expect(await entryCount(player.playerId)).toBe(0);
      const [wallet] = await queryRows(db, sql`select 1 from wallets where player_id = ${player.playerId} and site_id = ${slot5.id}`);
      expect(wallet).toBeUndefined();
    });

    it("inside a caller's transaction that holds the key's lock: one statement, the same answers, and a game account opened on first use", async () => {
      const player = await newPlayer(db, 'casino1');
      await postToLedger(db, posting(player, '10', 'locked:fund'));
      // A provider code of its own: its account is opened by the first post (which takes the savepoint path).
      const counter = `game:LOCKTEST${randomInt(1_000_000)}` as const;
      const locked = (amount: string, key: string): LedgerPosting => ({ ...posting(player, amount, key), counter, keyLockedByCaller: true });
      const inTransaction = <T,>(fn: (tx: Db) => Promise<T>) => db.transaction((trx) => fn(trx as unknown as Db));

      const first = await inTransaction((tx) => postToLedger(tx, locked('-3', 'locked:stake-1')));
      expect(first).toMatchObject({ ok: true, applied: true, balanceAfter: '7.0000' });
      const second = await inTransaction((tx) => postToLedger(tx, locked('-2', 'locked:stake-2')));
      expect(second).toMatchObject({ ok: true, applied: true, balanceAfter: '5.0000' });
      const win = await inTransaction((tx) => postToLedger(tx, locked('4', 'locked:win-2')));
      expect(win).toMatchObject({ ok: true, applied: true, balanceAfter: '9.0000' });
      // A key posted before answers its transfer and moves nothing; an overdraft moves nothing either.
      const replay = await inTransaction((tx) => postToLedger(tx, locked('-2', 'locked:stake-2')));
      expect(replay).toEqual({ ok: true, applied: false, transferId: (second as { transferId: number }).transferId, balanceAfter: '5.0000' });
      expect(await inTransaction((tx) => postToLedger(tx, locked('-9.0001', 'locked:overdraft')))).toEqual({ ok: false, message: 'insufficientBalance' });
      // The caller's rollback takes the move back with it.
      await expect(
        inTransaction(async (tx) => {
          await postToLedger(tx, locked('-1', 'locked:undone'));
          throw new Error('the cause failed');
        }),
      ).rejects.toThrow('the cause failed');
      expect((await readBalances(db, player.playerId)).balance).toBe('9.0000');
      expect(await sumOfEntries(player.playerId)).toBe(minor('9'));
      expect(await postToLedger(db, locked('-1', 'locked:undone'))).toMatchObject({ ok: true, applied: true, balanceAfter: '8.0000' });
    });

    it("writes a transfer's cause with it, only when it is written: in its statement, or after it between two players", async () => {
      await db.execute(sql`create table if not exists transfer_causes (transfer_id bigint not null, tag text not null)`);
      const cause = (tag: string) => [sql`insert into transfer_causes (transfer_id, tag) select written.id, ${tag} from written`];
      const causes = async (tag: string) =>
        (await queryRows<{ transfer_id: string }>(db, sql`select transfer_id::text from transfer_causes where tag = ${tag}`)).map((row) => Number(row.transfer_id));
      const player = await newPlayer(db, 'casino1');
      const other = await newPlayer(db, 'casino1');
      const funded = await postToLedger(db, { ...posting(player, '10', 'cause:fund'), writesWithTransfer: cause('fund') });
      expect(funded).toMatchObject({ ok: true, applied: true });
      expect(await causes('fund')).toEqual([(funded as { transferId: number }).transferId]);
      // A replay and a refusal write no cause.
      expect(await postToLedger(db, { ...posting(player, '10', 'cause:fund'), writesWithTransfer: cause('fund') })).toMatchObject({ applied: false });
      expect(await postToLedger(db, { ...posting(player, '-11', 'cause:overdraft'), writesWithTransfer: cause('overdraft') })).toMatchObject({ ok: false });
      expect(await causes('fund')).toHaveLength(1);
      expect(await causes('overdraft')).toEqual([]);
      // Between two players (the general path): the cause is written after the transfer, in its transaction.
      const between = await transfer(db, {
        siteId: player.siteId,
        debit: { playerId: player.playerId, wallet: 'balance' },
        credit: { playerId: other.playerId, wallet: 'balance' },
        amount: '4',
        type: 'adjustment',
        idempotencyKey: 'cause:between',
        writesWithTransfer: cause('between'),
      });
      expect(between).toMatchObject({ ok: true, applied: true });
      expect(await causes('between')).toEqual([(between as { transferId: number }).transferId]);
      expect((await readBalances(db, other.playerId)).balance).toBe('4.0000');
    });

    it('keeps idempotency keys per site: the same key on two sites is two causes', async () => {
      const casino = await newPlayer(db, 'casino1');
      const slot = await newPlayer(db, 'slot5');
      expect(await postToLedger(db, posting(casino, '5', 'test:shared-key'))).toMatchObject({ applied: true });
      expect(await postToLedger(db, posting(slot, '7', 'test:shared-key'))).toMatchObject({ applied: true });
      expect((await readBalances(db, casino.playerId)).balance).toBe('5.0000');
      expect((await readBalances(db, slot.playerId)).balance).toBe('7.0000');
      // Within a site the key is taken, whoever posts it.
      const other = await newPlayer(db, 'casino1');
      expect(await postToLedger(db, posting(other, '9', 'test:shared-key'))).toMatchObject({ ok: true, applied: false });
      expect((await readBalances(db, other.playerId)).balance).toBe('0.0000');
    });
  });

  describe('postBatchToLedger', () => {
    it('posts in order with running balances, skips keys already posted, and refuses the whole batch on an overdraft', async () => {
      const player = await newPlayer(db, 'casino2');
      const base = { playerId: player.playerId, account: 'balance' as const, counter: 'adjustments' as const, type: 'adjustment' };
      await postToLedger(db, posting(player, '10', 'batch:0'));
      const first = await postBatchToLedger(db, player.siteId, [
        { ...base, amount: '10', idempotencyKey: 'batch:0' }, // already posted: skipped
        { ...base, amount: '5.5', idempotencyKey: 'batch:1', createdAt: new Date('2026-01-02T03:04:05Z') },
        { ...base, amount: '-15.5', idempotencyKey: 'batch:2' },
        { ...base, amount: '3', idempotencyKey: 'batch:3', account: 'tokens', counter: 'rewards' },
      ]);
      expect(first).toEqual({ ok: true, applied: 3, skipped: 1 });
      const rows = await db
        .select({ key: ledgerEntries.idempotencyKey, after: ledgerEntries.balanceAfter, at: ledgerEntries.createdAt })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.playerId, player.playerId))
        .orderBy(ledgerEntries.id);
      expect(rows.map((row) => [row.key, row.after])).toEqual([
        ['batch:0', '10.0000'],
        ['batch:1', '15.5000'],
        ['batch:2', '0.0000'],
        ['batch:3', '3.0000'],
      ]);
      expect(rows[1]!.at.toISOString()).toBe('2026-01-02T03:04:05.000Z');

      const refused = await postBatchToLedger(db, player.siteId, [
        { ...base, amount: '1', idempotencyKey: 'batch:4' },
        { ...base, amount: '-2', idempotencyKey: 'batch:5' },
        { ...base, amount: '5', idempotencyKey: 'batch:6' },
      ]);
      expect(refused).toEqual({ ok: false, message: 'insufficientBalance' });
      expect(await entryCount(player.playerId)).toBe(4);
      expect(await readBalances(db, player.playerId)).toMatchObject({ balance: '0.0000', tokens: '3.0000' });
      await expectLedgerConsistent();
    });

    it('refuses a key twice in one batch and players of another site', async () => {
      const player = await newPlayer(db, 'casino2');
      const base = { playerId: player.playerId, account: 'balance' as const, counter: 'adjustments' as const, type: 'adjustment' };
      await expect(
        postBatchToLedger(db, player.siteId, [
          { ...base, amount: '1', idempotencyKey: 'dup' },
          { ...base, amount: '2', idempotencyKey: 'dup' },
        ]),
      ).rejects.toThrow(/twice/);
      const slot5 = await siteRow(db, 'slot5');
      await expect(postBatchToLedger(db, slot5.id, [{ ...base, amount: '1', idempotencyKey: 'x' }])).rejects.toThrow(/not players of site/);
      expect(await entryCount(player.playerId)).toBe(0);
    });
  });

  describe('concurrency', () => {
    it('200 concurrent debits of random amounts never take a balance below zero; it equals the sum of its entries', async () => {
      const player = await newPlayer(db, 'casino3');
      const initial = '1000.0000';
      expect(await postToLedger(db, posting(player, initial, 'conc:initial'))).toMatchObject({ ok: true, applied: true });
      // 200 debits of 0.0001 to 20.0000: about twice the balance, so many must be refused.
      const amounts = Array.from({ length: 200 }, () => BigInt(randomInt(1, 200_001)));
      const results = await Promise.all(
        amounts.map((amount, index) => postToLedger(db, posting(player, fromMinorUnits(-amount), `conc:debit:${index}`))),
      );

      const applied = amounts.filter((_, index) => results[index]!.ok);
      const refused = amounts.filter((_, index) => !results[index]!.ok);
      expect(applied.length + refused.length).toBe(200);
      expect(refused.length).toBeGreaterThan(0);
      for (const result of results) {
        if (result.ok) expect(result.applied).toBe(true);
        else expect(result.message).toBe('insufficientBalance');
      }

      const balance = minor((await readBalances(db, player.playerId)).balance);
      const expected = minor(initial) - applied.reduce((sum, amount) => sum + amount, 0n);
      expect(balance).toBeGreaterThanOrEqual(0n);
      expect(balance).toBe(expected);
      expect(await sumOfEntries(player.playerId)).toBe(balance);
      expect(await entryCount(player.playerId)).toBe(1 + applied.length);
      // Balances only fell: each refused debit was more than the balance then, so more than the final one.
      for (const amount of refused) expect(amount).toBeGreaterThan(balance);
      // Every entry's balance_after is its running balance, none below zero.
      const afters = await db
        .select({ amount: ledgerEntries.amount, after: ledgerEntries.balanceAfter })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.playerId, player.playerId))
        .orderBy(ledgerEntries.id);
      let running = 0n;
      for (const row of afters) {
        running += minor(row.amount);
        expect(minor(row.after)).toBe(running);
        expect(running).toBeGreaterThanOrEqual(0n);
      }
    });

    it('the same idempotency key posted 20 times concurrently applies once', async () => {
      const player = await newPlayer(db, 'casino3');
      const credits = await Promise.all(Array.from({ length: 20 }, () => postToLedger(db, posting(player, '42.4242', 'conc:same-credit'))));
      expect(credits.every((result) => result.ok)).toBe(true);
      expect(credits.filter((result) => result.ok && result.applied)).toHaveLength(1);
      const ids = new Set(credits.map((result) => (result.ok ? result.transferId : 0)));
      expect(ids.size).toBe(1);
      expect((await readBalances(db, player.playerId)).balance).toBe('42.4242');

      const debits = await Promise.all(Array.from({ length: 20 }, () => postToLedger(db, posting(player, '-40', 'conc:same-debit'))));
      expect(debits.filter((result) => result.ok && result.applied)).toHaveLength(1);
      expect(debits.every((result) => result.ok)).toBe(true);
      expect((await readBalances(db, player.playerId)).balance).toBe('2.4242');
      expect(await entryCount(player.playerId)).toBe(2);
      expect(await sumOfEntries(player.playerId)).toBe(minor('2.4242'));
    });

    it('concurrent batches and single postings on the same wallets keep every guarantee', async () => {
      const a = await newPlayer(db, 'casino3');
      const b = await newPlayer(db, 'casino3');
      await postToLedger(db, posting(a, '100', 'mix:a'));
      await postToLedger(db, posting(b, '100', 'mix:b'));
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 10; i++) {
        work.push(
          postBatchToLedger(db, a.siteId, [
            { playerId: b.playerId, account: 'balance', counter: 'adjustments', type: 'adjustment', amount: '-3', idempotencyKey: `mix:batch:${i}:b` },
            { playerId: a.playerId, account: 'balance', counter: 'adjustments', type: 'adjustment', amount: '-4', idempotencyKey: `mix:batch:${i}:a` },
          ]),
        );
        work.push(postToLedger(db, posting(a, '-5', `mix:single:${i}:a`)));
        work.push(postToLedger(db, posting(b, '-6', `mix:single:${i}:b`)));
      }
      await Promise.all(work);
      for (const player of [a, b]) {
        const balance = minor((await readBalances(db, player.playerId)).balance);
        expect(balance).toBeGreaterThanOrEqual(0n);
        expect(await sumOfEntries(player.playerId)).toBe(balance);
      }
      await expectLedgerConsistent();
    });
  });

  it('the CHECK constraints refuse a negative balance written behind the ledger', async () => {
    const player = await newPlayer(db, 'casino4');
    await expect(db.execute(sql`insert into wallets (player_id, site_id, balance) values (${player.playerId}, ${player.siteId}, -1)`)).rejects.toThrow();
    await postToLedger(db, posting(player, '1', 'check:credit'));
    await expect(db.execute(sql`update wallets set balance = balance - 2 where player_id = ${player.playerId}`)).rejects.toThrow();
    expect((await readBalances(db, player.playerId)).balance).toBe('1.0000');
  });
});
