/**
 * Home tickers and statistics (docs/product.md §7 fetch_transactions, §3 Statistics) and the winners board
 * (top10winner_withdrawal): real rows of the site only, newest or largest first, account ids
 * masked, statistics equal to what the rows say and following new data, validation, tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fetchTransactionsReply, top10WinnerWithdrawalReply } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { payments } from '../../src/db/schema.js';
import { maskAccountId } from '../../src/rewards/mask.js';
import { postToLedger } from '../../src/ledger/index.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { expectFailure, expectReply, minor, newPlayer, post as postCall, siteOf, siteRow, type TestSession } from './rewards-fixtures.js';

const FETCH = '/api/home/fetch_transactions';
const TOP10 = '/api/settings/top10winner_withdrawal';
const MASKED = /^[a-z0-9]{1,2}\*\*\*[a-z0-9]$/;
const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('transactions and winners on %s', (backend) => {
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

  async function fetchTransactions(domain: string) {
    const { status, body } = await post(FETCH, siteOf(domain));
    expect(status).toBe(200);
    return expectReply(fetchTransactionsReply, body);
  }

  async function top10(domain: string) {
    const { status, body } = await post(TOP10, siteOf(domain));
    expect(status).toBe(200);
    return expectReply(top10WinnerWithdrawalReply, body).value;
  }

  /** The site's approved payments of a kind, newest decided first, straight from the table. */
  async function approved(siteId: number, kind: 'deposit' | 'withdrawal', limit: number) {
    return queryRows<{ account_id: string; amount: string; decided_at: string }>(
      db,
      sql`select pl.account_id, p.amount::text as amount, p.decided_at::text as decided_at
          from payments p join players pl on pl.id = p.player_id
          where p.site_id = ${siteId} and p.kind = ${kind} and p.status = 'approved'
          order by p.decided_at desc, p.id desc limit ${limit}`,
    );
  }

  async function pay(session: TestSession, kind: 'deposit' | 'withdrawal', amount: string, status: 'approved' | 'pending', decidedAt: Date | null = new Date()) {
    const [row] = await db
      .insert(payments)
      .values({ siteId: session.siteId, playerId: session.playerId, kind, amount, status, createdAt: new Date((decidedAt ?? new Date()).getTime() - 60_000), decidedAt })
      .returning({ id: payments.id });
    return row!.id;
  }

  describe('fetch_transactions', () => {
    it("lists the site's latest approved deposits and withdrawals (at most 20 each), newest first, masked", async () => {
      const site = await siteRow(db, 'casino1');
      const reply = await fetchTransactions('casino1.localhost');
      for (const kind of ['deposit', 'withdrawal'] as const) {
        const rows = kind === 'deposit' ? reply.value.deposits : reply.value.withdrawals;
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.length).toBeLessThanOrEqual(20);
        const expected = await approved(site.id, kind, 20);
        expect(rows.map((row) => [row.account_id, row.amount])).toEqual(expected.map((row) => [maskAccountId(row.account_id), row.amount]));
        const times = rows.map((row) => Date.parse(row.created_at));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        for (const row of rows) {
          expect(row.account_id).toMatch(MASKED);
          expect(row.currency).toBe(site.currency);
          expect(minor(row.amount)).toBeGreaterThan(0n);
        }
      }
      // The seeded sites are busy enough to fill both tickers.
      expect(reply.value.deposits).toHaveLength(20);
    });

    it('answers statistics equal to what the rows say', async () => {
      const site = await siteRow(db, 'casino2');
      const { statistics } = await fetchTransactions('casino2.localhost');
      const [expected] = await queryRows<Record<string, string | number>>(
        db,
        sql`select
              (select coalesce(sum(amount), 0)::text from payments where site_id = ${site.id} and kind = 'withdrawal' and status = 'approved') as withrawal,
              (select count(distinct player_id)::int from payments where site_id = ${site.id} and kind = 'withdrawal' and status = 'approved') as winner,
              (select coalesce(sum(amount), 0)::text from payments where site_id = ${site.id} and kind = 'withdrawal' and status = 'approved'
                 and decided_at >= now() - interval '24 hours') as hour_withdrawal,
              (select count(*)::int from players where site_id = ${site.id}) as registered_player,
              (select count(distinct player_id)::int from payments where site_id = ${site.id} and kind = 'deposit' and status = 'approved') as deposited_player`,
      );
      expect(minor(statistics.withrawal)).toBe(minor(String(expected!.withrawal)));
      expect(minor(statistics.hour_withdrawal)).toBe(minor(String(expected!.hour_withdrawal)));
      expect(statistics.winner).toBe(expected!.winner);
      expect(statistics.registered_player).toBe(expected!.registered_player);
      expect(statistics.deposited_player).toBe(expected!.deposited_player);
      // The demo data looks alive: 25 to 40 players besides demo and blocked, most of them depositors.
      expect(statistics.registered_player).toBeGreaterThanOrEqual(27);
      expect(statistics.deposited_player).toBeGreaterThan(10);
      expect(statistics.winner).toBeGreaterThan(3);
      expect(statistics.active_player).toBeGreaterThan(0);
      expect(statistics.active_player).toBeLessThanOrEqual(statistics.registered_player);
      expect(minor(statistics.withrawal)).toBeGreaterThan(0n);
      expect(minor(statistics.hour_withdrawal)).toBeLessThanOrEqual(minor(statistics.withrawal));
    });

    it('follows new data: players, logins, approved payments; pending ones count for nothing', async () => {
      const before = await fetchTransactions('slot8.localhost');
      const player = await newPlayer(db, 'slot8'); // registers and logs in
      const afterSignup = await fetchTransactions('slot8.localhost');
      expect(afterSignup.statistics.registered_player).toBe(before.statistics.registered_player + 1);
      expect(afterSignup.statistics.active_player).toBe(before.statistics.active_player + 1);

      await pay(player, 'deposit', '999.9900', 'pending', null);
      await pay(player, 'withdrawal', '888.8800', 'pending', null);
      const afterPending = await fetchTransactions('slot8.localhost');
      expect(afterPending.statistics).toEqual(afterSignup.statistics);
      expect(afterPending.value).toEqual(afterSignup.value);

      await pay(player, 'deposit', '1234.5600', 'approved');
      await pay(player, 'withdrawal', '777.0100', 'approved');
      const after = await fetchTransactions('slot8.localhost');
      const masked = maskAccountId(player.account_id);
      expect(after.value.deposits[0]).toMatchObject({ account_id: masked, amount: '1234.5600', currency: 'CNY' });
      expect(after.value.withdrawals[0]).toMatchObject({ account_id: masked, amount: '777.0100', currency: 'CNY' });
      expect(after.statistics.deposited_player).toBe(before.statistics.deposited_player + 1);
      expect(after.statistics.winner).toBe(before.statistics.winner + 1);
      expect(minor(after.statistics.withrawal) - minor(before.statistics.withrawal)).toBe(minor('777.01'));
      expect(minor(after.statistics.hour_withdrawal) - minor(before.statistics.hour_withdrawal)).toBe(minor('777.01'));

      // A withdrawal approved two days ago counts in the total, not in the last 24 hours.
      await pay(player, 'withdrawal', '100', 'approved', new Date(Date.now() - 2 * DAY));
      const later = await fetchTransactions('slot8.localhost');
      expect(minor(later.statistics.withrawal) - minor(after.statistics.withrawal)).toBe(minor('100'));
      expect(later.statistics.hour_withdrawal).toBe(after.statistics.hour_withdrawal);
      expect(later.statistics.winner).toBe(after.statistics.winner);
    });
  });

  describe('top10winner_withdrawal', () => {
    it("answers the site's 10 largest withdrawals approved in the last 30 days, largest first, masked", async () => {
      const site = await siteRow(db, 'casino1');
      const value = await top10('casino1.localhost');
      const expected = await queryRows<{ account_id: string; amount: string }>(
        db,
        sql`select pl.account_id, p.amount::text as amount from payments p join players pl on pl.id = p.player_id
            where p.site_id = ${site.id} and p.kind = 'withdrawal' and p.status = 'approved' and p.decided_at >= now() - interval '30 days'
            order by p.amount desc, p.decided_at desc limit 10`,
      );
      expect(value).toHaveLength(Math.min(10, expected.length));
      expect(value.length).toBe(10);
      expect(value.map((row) => [row.account_id, row.amount])).toEqual(expected.map((row) => [maskAccountId(row.account_id), row.amount]));
      for (const row of value) {
        expect(row.account_id).toMatch(MASKED);
        expect(row.currency).toBe(site.currency);
        expect(Date.now() - Date.parse(row.created_at)).toBeLessThanOrEqual(30 * DAY);
      }
      const amounts = value.map((row) => minor(row.amount));
      expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      // Big withdrawals in the demo data come after a win at a named game.
      expect(value.some((row) => row.game_name !== null)).toBe(true);
    });

    it('leaves out withdrawals older than 30 days, pending ones and other sites; names the game of the last win', async () => {
      const player = await newPlayer(db, 'casino6');
      const huge = '99999999.0000';
      await pay(player, 'withdrawal', huge, 'approved', new Date(Date.now() - 31 * DAY));
      await pay(player, 'withdrawal', '99999998.0000', 'pending', null);
      expect((await top10('casino6.localhost')).map((row) => row.amount)).not.toContain(huge);

      // A win at a catalogue game, then a record withdrawal: top of the board, with the game's name.
      const [game] = await queryRows<{ code: string; game_code: string; game_name: string }>(
        db,
        sql`select p.code, g.game_code, g.game_name from games g join providers p on p.id = g.provider_id order by g.id limit 1`,
      );
      const win = await postToLedger(db, { counter: 'adjustments',
        siteId: player.siteId,
        playerId: player.playerId,
        account: 'balance',
        amount: '99999997',
        type: 'win',
        reference: `game:${game!.code}:${game!.game_code}`,
        idempotencyKey: `test:win:${player.playerId}`,
      });
      expect(win.ok).toBe(true);
      await pay(player, 'withdrawal', '99999997.0000', 'approved');
      const board = await top10('casino6.localhost');
      expect(board[0]).toMatchObject({ account_id: maskAccountId(player.account_id), amount: '99999997.0000', game_name: game!.game_name });
      expect(board.length).toBeLessThanOrEqual(10);
      expect(board.filter((row) => row.amount === '99999997.0000')).toHaveLength(1);
      // Another site never shows it.
      expect((await top10('casino7.localhost')).map((row) => row.amount)).not.toContain('99999997.0000');
    });
  });

  describe('validation', () => {
    it.each([
      [FETCH, 'fetch_transactions'],
      [TOP10, 'top10winner_withdrawal'],
    ])('%s refuses malformed payloads and names the field', async (path) => {
      const missing = await post(path, { domain_name: 'casino1.localhost' });
      expect(missing.status).toBe(400);
      expectFailure(missing.body, 'validationError');
      expect(missing.body.errors).toMatchObject({ external_id: ['required'] });
      const badDomain = await post(path, { domain_name: 'casino1 localhost', external_id: 'casino1' });
      expectFailure(badDomain.body, 'validationError');
      expect(Object.keys(badDomain.body.errors as object)).toEqual(['domain_name']);
      const extra = await post(path, { ...siteOf('casino1.localhost'), limit: 100 });
      expectFailure(extra.body, 'validationError');
      expect(extra.body.errors).toMatchObject({ limit: ['unknownField'] });
      const wrongType = await post(path, { domain_name: 42, external_id: 'casino1' });
      expectFailure(wrongType.body, 'validationError');
      expect(wrongType.body.errors).toMatchObject({ domain_name: ['invalidType'] });
    });

    it.each([FETCH, TOP10])('%s answers underMaintenance while the site is under maintenance', async (path) => {
      expectFailure((await post(path, siteOf('maintenance.localhost'))).body, 'underMaintenance');
    });

    it.each([FETCH, TOP10])('%s answers siteNotFound for an unknown domain or a domain of another site', async (path) => {
      expectFailure((await post(path, { domain_name: 'nowhere.example', external_id: 'casino1' })).body, 'siteNotFound');
      // slot5's domain with casino1's external id: they must belong together.
      expectFailure((await post(path, { domain_name: 'slot5.localhost', external_id: 'casino1' })).body, 'siteNotFound');
    });
  });

  describe('tenant isolation', () => {
    it("slot5's tickers never list casino1's payments, and its statistics count slot5's rows only", async () => {
      const casino = await newPlayer(db, 'casino1');
      const marker = '987654.3210';
      await pay(casino, 'deposit', marker, 'approved');
      await pay(casino, 'withdrawal', marker, 'approved');
      const casinoReply = await fetchTransactions('casino1.localhost');
      expect(casinoReply.value.deposits[0]!.amount).toBe(marker);
      expect(casinoReply.value.withdrawals[0]!.amount).toBe(marker);

      const slot5 = await siteRow(db, 'slot5');
      const reply = await fetchTransactions('slot5.localhost');
      const listed = [...reply.value.deposits, ...reply.value.withdrawals];
      expect(listed.map((row) => row.amount)).not.toContain(marker);
      for (const row of listed) expect(row.currency).toBe(slot5.currency);
      const own = [...(await approved(slot5.id, 'deposit', 20)), ...(await approved(slot5.id, 'withdrawal', 20))];
      expect(listed.map((row) => row.amount).sort()).toEqual(own.map((row) => row.amount).sort());
      const [counts] = await queryRows<{ players: number }>(db, sql`select count(*)::int as players from players where site_id = ${slot5.id}`);
      expect(reply.statistics.registered_player).toBe(counts!.players);
    });
  });
});
