/**
 * The double-entry ledger's invariants (ADR 0024), as a property: random sequences of deposits,
 * withdrawal requests with their approvals and cancellations, claims, game stakes, wins and
 * rollbacks, adjustments, frozen-token releases and replays of earlier keys — one by one against a
 * model, then all at once — and after each sequence: every transfer joins two accounts of its site
 * and unit, each site's trial balance is zero, each wallet equals its accounts' transfers, no player
 * account is below zero, and a key posted twice moved money once. Also the rules the database
 * itself holds: settled once, settlements that repeat their pending transfer, history never changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinorUnits } from '@wl/contracts';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.js';
import { gameAccount, postPending, readBalances, reserve, transfer, voidPending, type AccountRef, type TransferResult } from '../../src/ledger/index.js';
import { backends, createTestServer, expectDatabaseRefusal, type TestServer } from './helpers.js';
import { minor, newPlayer, type TestSession } from './rewards-fixtures.js';

type Command =
  | { kind: 'deposit'; player: number; amount: bigint }
  | { kind: 'request'; player: number; amount: bigint }
  | { kind: 'approve' | 'cancel'; pick: number }
  | { kind: 'claim'; player: number; amount: bigint; unit: 'money' | 'tokens' | 'frozen' }
  | { kind: 'stake' | 'win'; player: number; amount: bigint; provider: number }
  | { kind: 'rollback'; pick: number }
  | { kind: 'adjust'; player: number; amount: bigint; credit: boolean }
  | { kind: 'release'; player: number; amount: bigint }
  | { kind: 'replay'; pick: number };

const amount = fc.bigInt({ min: 1n, max: 5_000_000n }); // 0.0001 to 500
const player = fc.nat({ max: 2 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), player, amount }),
  fc.record({ kind: fc.constant('request' as const), player, amount }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('claim' as const), player, amount, unit: fc.constantFrom('money' as const, 'tokens' as const, 'frozen' as const) }),
  fc.record({ kind: fc.constantFrom('stake' as const, 'win' as const), player, amount, provider: fc.nat({ max: 1 }) }),
  fc.record({ kind: fc.constant('rollback' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('adjust' as const), player, amount, credit: fc.boolean() }),
  fc.record({ kind: fc.constant('release' as const), player, amount }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
);

interface Wallet {
  balance: bigint;
  held: bigint;
  tokens: bigint;
  frozen: bigint;
}

/** What a sequence did: the model's wallets, the keys posted, pending holds and stakes still open. */
interface Run {
  prefix: string;
  players: TestSession[];
  wallets: Wallet[];
  /** Every request that moved money, replayable by its key: replaying must move nothing. */
  posted: (() => Promise<TransferResult>)[];
  pending: { key: string; player: number; amount: bigint }[];
  stakes: { key: string; player: number; amount: bigint; provider: number }[];
  counter: number;
}

const PROVIDERS = ['pgsoft', 'jili'];
/** What the append-only triggers raise (insufficient_privilege). */
const APPEND_ONLY = { code: '42501' };

describe.each(backends)('double-entry ledger on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend, poolSize: 12 });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function newRun(prefix: string): Promise<Run> {
    const players = [await newPlayer(db, 'casino1'), await newPlayer(db, 'casino1'), await newPlayer(db, 'slot5')];
    return { prefix, players, wallets: players.map(() => ({ balance: 0n, held: 0n, tokens: 0n, frozen: 0n })), posted: [], pending: [], stakes: [], counter: 0 };
  }

  function wallet(run: Run, index: number): AccountRef {
    return { playerId: run.players[index]!.playerId, wallet: 'balance' };
  }

  /**
   * Carries out one command. With `model`, checks the ledger's answer against the model and
   * updates it; without (concurrent runs), only records what moved.
   */
  async function apply(run: Run, cmd: Command, model: boolean): Promise<void> {
    const key = `${run.prefix}:${run.counter++}`;
    const site = (index: number) => run.players[index]!.siteId;
    const w = (index: number) => run.wallets[index]!;
    const post = async (request: Parameters<typeof transfer>[1], debitsPlayer: { index: number; field: keyof Wallet } | null, effect: () => void) => {
      const result = await transfer(db, request);
      if (model) {
        const enough = !debitsPlayer || w(debitsPlayer.index)[debitsPlayer.field] >= minor(request.amount);
        expect(result.ok, `${cmd.kind} ${request.amount}`).toBe(enough);
        if (result.ok) {
          expect(result.applied).toBe(true);
          effect();
        }
      }
      if (result.ok) run.posted.push(() => transfer(db, request));
      return result;
    };
    switch (cmd.kind) {
      case 'deposit':
        await post(
          { siteId: site(cmd.player), debit: { system: 'deposits' }, credit: wallet(run, cmd.player), amount: fromMinorUnits(cmd.amount), type: 'deposit', idempotencyKey: key },
          null,
          () => (w(cmd.player).balance += cmd.amount),
        );
        return;
      case 'request': {
        const request = { siteId: site(cmd.player), debit: wallet(run, cmd.player), credit: { system: 'withdrawals' } as const, amount: fromMinorUnits(cmd.amount), type: 'withdrawal', idempotencyKey: `${key}:hold` };
        const result = await reserve(db, request);
        if (model) {
          expect(result.ok).toBe(w(cmd.player).balance >= cmd.amount);
          if (result.ok) {
            w(cmd.player).balance -= cmd.amount;
            w(cmd.player).held += cmd.amount;
          }
        }
        if (result.ok) {
          run.pending.push({ key: `${key}:hold`, player: cmd.player, amount: cmd.amount });
          run.posted.push(() => reserve(db, request));
        }
        return;
      }
      case 'approve':
      case 'cancel': {
        if (run.pending.length === 0) return;
        const [hold] = run.pending.splice(cmd.pick % run.pending.length, 1);
        const settle = { siteId: site(hold!.player), pendingKey: hold!.key, type: cmd.kind === 'approve' ? 'withdrawal' : 'withdrawal_release', idempotencyKey: `${key}:${cmd.kind}` };
        const settled = cmd.kind === 'approve' ? await postPending(db, settle) : await voidPending(db, settle);
        expect(settled.applied).toBe(true);
        if (model) {
          w(hold!.player).held -= hold!.amount;
          if (cmd.kind === 'cancel') w(hold!.player).balance += hold!.amount;
        }
        run.posted.push(() => (cmd.kind === 'approve' ? postPending(db, settle) : voidPending(db, settle)));
        return;
      }
      case 'claim': {
        const into = cmd.unit === 'money' ? 'balance' : cmd.unit === 'tokens' ? 'tokens' : 'frozen_tokens';
        const field = cmd.unit === 'money' ? 'balance' : cmd.unit === 'tokens' ? 'tokens' : 'frozen';
        await post(
          {
            siteId: site(cmd.player),
            debit: { system: cmd.unit === 'money' ? 'bonuses' : 'rewards' },
            credit: { playerId: run.players[cmd.player]!.playerId, wallet: into },
            amount: fromMinorUnits(cmd.amount),
            type: 'claim',
            idempotencyKey: key,
          },
          null,
          () => (w(cmd.player)[field] += cmd.amount),
        );
        return;
      }
      case 'stake':
      case 'win': {
        const game = { system: gameAccount(PROVIDERS[cmd.provider]!) };
        const stake = cmd.kind === 'stake';
        const result = await post(
          { siteId: site(cmd.player), debit: stake ? wallet(run, cmd.player) : game, credit: stake ? game : wallet(run, cmd.player), amount: fromMinorUnits(cmd.amount), type: stake ? 'bet' : 'win', idempotencyKey: key },
          stake ? { index: cmd.player, field: 'balance' } : null,
          () => (w(cmd.player).balance += stake ? -cmd.amount : cmd.amount),
        );
        if (stake && result.ok) run.stakes.push({ key, player: cmd.player, amount: cmd.amount, provider: cmd.provider });
        return;
      }
      case 'rollback': {
        if (run.stakes.length === 0) return;
        const [stake] = run.stakes.splice(cmd.pick % run.stakes.length, 1);
        await post(
          {
            siteId: site(stake!.player),
            debit: { system: gameAccount(PROVIDERS[stake!.provider]!) },
            credit: wallet(run, stake!.player),
            amount: fromMinorUnits(stake!.amount),
            type: 'rollback',
            idempotencyKey: `${stake!.key}:rollback`,
          },
          null,
          () => (w(stake!.player).balance += stake!.amount),
        );
        return;
      }
      case 'adjust':
        await post(
          {
            siteId: site(cmd.player),
            debit: cmd.credit ? { system: 'adjustments' } : wallet(run, cmd.player),
            credit: cmd.credit ? wallet(run, cmd.player) : { system: 'adjustments' },
            amount: fromMinorUnits(cmd.amount),
            type: 'adjustment',
            idempotencyKey: key,
          },
          cmd.credit ? null : { index: cmd.player, field: 'balance' },
          () => (w(cmd.player).balance += cmd.credit ? cmd.amount : -cmd.amount),
        );
        return;
      case 'release': {
        const id = run.players[cmd.player]!.playerId;
        await post(
          { siteId: site(cmd.player), debit: { playerId: id, wallet: 'frozen_tokens' }, credit: { playerId: id, wallet: 'tokens' }, amount: fromMinorUnits(cmd.amount), type: 'frozen_release', idempotencyKey: key },
          { index: cmd.player, field: 'frozen' },
          () => {
            w(cmd.player).frozen -= cmd.amount;
            w(cmd.player).tokens += cmd.amount;
          },
        );
        return;
      }
      case 'replay': {
        if (run.posted.length === 0) return;
        const again = await run.posted[cmd.pick % run.posted.length]!();
        expect(again.ok && !again.applied).toBe(true);
        return;
      }
    }
  }

  /**
   * The books, checked from the tables themselves: of the whole database, and the wallets of `run`'s
   * players (of every player without one: a failed sequence then does not fail the next, and
   * fast-check shrinks to the sequence that broke them).
   */
  async function expectBooksBalance(run?: Run): Promise<void> {
    const players = JSON.stringify(run ? run.players.map((session) => session.playerId) : null);
    const crossing = await queryRows<{ id: number }>(
      db,
      sql`select t.id from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
          where d.site_id <> t.site_id or c.site_id <> t.site_id or d.unit <> t.unit or c.unit <> t.unit or t.amount <= 0`,
    );
    expect(crossing).toEqual([]);
    // Trial balance: per site and unit, the accounts' balances (posted, and pending held apart) sum to zero.
    const trial = await queryRows<{ site_id: number; unit: string; total: string }>(
      db,
      sql`select site_id, unit, sum(delta)::text as total from (
            select t.site_id, t.unit, case when t.kind in ('posted', 'post_pending') then t.amount else 0 end as delta from ledger_transfers t
            union all
            select t.site_id, t.unit, case when t.kind in ('posted', 'post_pending') then -t.amount else 0 end from ledger_transfers t
          ) x group by site_id, unit having sum(delta) <> 0`,
    );
    expect(trial).toEqual([]);
    const mismatched = await queryRows<{ player_id: number }>(
      db,
      sql`with unsettled as (
            select p.* from ledger_transfers p where p.kind = 'pending' and not exists (select 1 from ledger_transfers s where s.pending_id = p.id)
          ), sums as (
            select a.player_id,
              coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end) filter (where a.code = 'balance' and t.kind in ('posted', 'post_pending')), 0) as balance_posted,
              coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end) filter (where a.code = 'tokens' and t.kind = 'posted'), 0) as tokens,
              coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end) filter (where a.code = 'frozen_tokens' and t.kind = 'posted'), 0) as frozen_tokens
            from ledger_accounts a join ledger_transfers t on t.debit_account_id = a.id or t.credit_account_id = a.id
            where a.player_id is not null group by a.player_id
          ), held as (
            select a.player_id, sum(u.amount) as held from unsettled u join ledger_accounts a on a.id = u.debit_account_id where a.player_id is not null group by a.player_id
          )
          select w.player_id from wallets w left join sums s on s.player_id = w.player_id left join held h on h.player_id = w.player_id
          where (${players}::jsonb = 'null'::jsonb or ${players}::jsonb @> to_jsonb(w.player_id))
            and (w.balance <> coalesce(s.balance_posted, 0) - coalesce(h.held, 0) or w.held <> coalesce(h.held, 0)
             or w.tokens <> coalesce(s.tokens, 0) or w.frozen_tokens <> coalesce(s.frozen_tokens, 0)
             or w.balance < 0 or w.held < 0 or w.tokens < 0 or w.frozen_tokens < 0)`,
    );
    expect(mismatched).toEqual([]);
    const belowZero = await queryRows<{ id: number }>(
      db,
      sql`select id from ledger_transfers where debit_after < 0 or credit_after < 0 or held_after < 0`,
    );
    expect(belowZero).toEqual([]);
  }

  async function expectWalletsAsModelled(run: Run): Promise<void> {
    for (const [index, session] of run.players.entries()) {
      const [row] = await queryRows<{ balance: string; held: string; tokens: string; frozen_tokens: string }>(
        db,
        sql`select balance::text, held::text, tokens::text, frozen_tokens::text from wallets where player_id = ${session.playerId}`,
      );
      const expected = run.wallets[index]!;
      expect([minor(row!.balance), minor(row!.held), minor(row!.tokens), minor(row!.frozen_tokens)]).toEqual([expected.balance, expected.held, expected.tokens, expected.frozen]);
    }
  }

  it('keeps the books balanced and every wallet as modelled over random sequences, one at a time', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        const run = await newRun(`prop:${backend}:${runs++}`);
        for (const cmd of commands) await apply(run, cmd, true);
        await expectWalletsAsModelled(run);
        await expectBooksBalance(run);
      }),
      { numRuns: 15 },
    );
  });

  it('keeps the books balanced when the same sequences run all at once', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
        const run = await newRun(`conc:${backend}:${runs++}`);
        // Money first (so concurrent debits find some), then everything at once, replays included.
        for (const index of [0, 1, 2]) await apply(run, { kind: 'deposit', player: index, amount: 1_000_000n }, false);
        for (const index of [0, 1, 2]) await apply(run, { kind: 'claim', player: index, amount: 50_000n, unit: 'frozen' }, false);
        await Promise.all(commands.map((cmd) => apply(run, cmd, false)));
        await expectBooksBalance(run);
        await Promise.all(
          run.posted.map(async (again) => {
            const replayed = await again();
            expect(replayed.ok && !replayed.applied).toBe(true);
          }),
        );
        await expectBooksBalance();
      }),
      { numRuns: 8 },
    );
  });

  describe('what the database itself refuses', () => {
    it('settles a pending transfer once, with its own accounts and amount, and never changes a transfer', async () => {
      const run = await newRun(`db:${backend}`);
      const me = run.players[0]!;
      await transfer(db, { siteId: me.siteId, debit: { system: 'deposits' }, credit: wallet(run, 0), amount: '100', type: 'deposit', idempotencyKey: 'db:deposit' });
      await reserve(db, { siteId: me.siteId, debit: wallet(run, 0), credit: { system: 'withdrawals' }, amount: '40', type: 'withdrawal', idempotencyKey: 'db:hold' });
      expect(await readBalances(db, me.playerId)).toMatchObject({ balance: '60.0000' });
      const settle = { siteId: me.siteId, pendingKey: 'db:hold', type: 'withdrawal' };
      await postPending(db, { ...settle, idempotencyKey: 'db:pay' });
      // Voiding what was paid out: refused by the unique settlement, nothing returns.
      await expect(voidPending(db, { ...settle, idempotencyKey: 'db:void' })).rejects.toThrow();
      expect(await readBalances(db, me.playerId)).toMatchObject({ balance: '60.0000' });

      const [pending] = await queryRows<{ id: number; debit: number; credit: number }>(
        db,
        sql`select id::int, debit_account_id::int as debit, credit_account_id::int as credit from ledger_transfers where site_id = ${me.siteId} and idempotency_key = 'db:hold'`,
      );
      // A settlement that does not repeat its pending transfer's amount is refused by the database.
      await expect(
        db.execute(sql`insert into ledger_transfers (site_id, kind, debit_account_id, credit_account_id, unit, amount, pending_id, type, idempotency_key)
          values (${me.siteId}, 'void_pending', ${pending!.debit}, ${pending!.credit}, 'money', 39, ${pending!.id}, 'x', 'db:forged')`),
      ).rejects.toThrow();
      // Transfers are history.
      await expectDatabaseRefusal(db.execute(sql`update ledger_transfers set amount = 1 where id = ${pending!.id}`), APPEND_ONLY);
      await expectDatabaseRefusal(db.execute(sql`delete from ledger_transfers where id = ${pending!.id}`), APPEND_ONLY);
      await expectDatabaseRefusal(db.execute(sql`truncate ledger_transfers cascade`), APPEND_ONLY);
      // Both sides of a transfer belong to its site and unit: another site's account is refused.
      const [foreign] = await queryRows<{ id: number }>(
        db,
        sql`select id::int from ledger_accounts where player_id = ${run.players[2]!.playerId} and code = 'balance'`,
      );
      await expect(
        db.execute(sql`insert into ledger_transfers (site_id, kind, debit_account_id, credit_account_id, unit, amount, type, idempotency_key)
          values (${me.siteId}, 'posted', ${pending!.credit}, ${foreign!.id}, 'money', 1, 'x', 'db:cross-site')`),
      ).rejects.toThrow();
      await expectBooksBalance();
    });

    it('refuses a transfer between money and tokens, and a reservation of tokens', async () => {
      const run = await newRun(`unit:${backend}`);
      const me = run.players[0]!;
      await expect(
        transfer(db, { siteId: me.siteId, debit: { system: 'rewards' }, credit: wallet(run, 0), amount: '1', type: 'claim', idempotencyKey: 'unit:x' }),
      ).rejects.toThrow(/money|tokens/);
      await expect(
        reserve(db, { siteId: me.siteId, debit: { playerId: me.playerId, wallet: 'tokens' }, credit: { system: 'rewards' }, amount: '1', type: 'x', idempotencyKey: 'unit:y' }),
      ).rejects.toThrow(/balance/);
    });
  });
});
