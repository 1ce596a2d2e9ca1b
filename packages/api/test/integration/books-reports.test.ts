/**
 * The operator's money reports and books check (ADR 0028): the report of a site with known
 * movements answers the exact figures per day of the site's time zone; a site-scoped operator
 * cannot read another site's report; the books check passes on the demo data and fails, naming
 * the wallet, once a wallet row is changed behind the ledger's back; `npm run ops -- report` and
 * `books --check` work through a running server (OPS_URL) and on the data folder.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { opsBooksReply, opsReportReply, type OpsReportReply, type ReportFigures } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { gameAccount, postPending, reserve, transfer, voidPending, type AccountRef } from '../../src/ledger/index.js';
import { buildApiApp, openTestDatabase, siteIdOf, type TestDatabase } from './helpers.js';
import { operatorKey, opsCall } from './banking-fixtures.js';
import { expectFailure, expectReply, newPlayer, type TestSession } from './rewards-fixtures.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');
/** Each CLI run starts tsx and opens the database: seconds. */
const SLOW = 180_000;

function ops(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'DATA_DIR', 'OPS_URL', 'OPS_KEY'].includes(key)));
    execFile(TSX, ['scripts/ops.mjs', ...args], { cwd: REPO, env: { ...clean, ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const zero: ReportFigures = {
  deposits: '0.0000',
  withdrawals: '0.0000',
  bets: '0.0000',
  wins: '0.0000',
  ggr: '0.0000',
  bonuses: '0.0000',
  ngr: '0.0000',
  adjustments: '0.0000',
  active_players: 0,
  new_players: 0,
  first_depositors: 0,
};

/** Days of casino1 in Asia/Manila (UTC+8): movements at 16:00 UTC or later fall on the next day there. */
const EXPECTED_DAYS: OpsReportReply['days'] = [
  {
    date: '2020-03-01',
    ...zero,
    deposits: '1500.0000',
    bets: '150.0000',
    wins: '250.0000',
    ggr: '-100.0000',
    ngr: '-100.0000',
    active_players: 2,
    new_players: 2,
    first_depositors: 2,
  },
  {
    date: '2020-03-02',
    ...zero,
    deposits: '200.0000',
    withdrawals: '300.0000',
    bets: '200.0000',
    ggr: '200.0000',
    bonuses: '40.0000',
    ngr: '160.0000',
    adjustments: '-10.0000',
    active_players: 1,
  },
  { date: '2020-03-03', ...zero },
];

describe('money reports and the books check', () => {
  let dir: string;
  let testDb: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  let url: string;
  let key: string;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    // A copy of the run's seeded data folder: the server holds it first, the CLI opens it after.
    dir = mkdtempSync(path.join(tmpdir(), 'wl-books-'));
    cpSync(inject('seededPgliteDir'), dir, { recursive: true });
    testDb = await openTestDatabase('pglite', dir);
    db = testDb.database.db;
    app = await buildApiApp(testDb.database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    key = await operatorKey(db, 'books-all');
  }, SLOW);

  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the books of the fresh demo balanced, with every site and unit summing to zero', async () => {
    const { status, body } = await opsCall(app, '/api/ops/books', key, {});
    expect(status).toBe(200);
    const books = expectReply(opsBooksReply, body);
    expect(books.mismatches).toEqual([]);
    expect(books.balanced).toBe(true);
    expect(books.sites.length).toBeGreaterThan(1);
    for (const site of books.sites) for (const unit of site.units) expect(unit.total).toBe('0.0000');
    const casino1 = books.sites.find((site) => site.site === 'casino1')!;
    const money = casino1.units.find((unit) => unit.unit === 'money')!;
    // The demo has deposits: money came in from banks, so the deposits account gave it (below zero).
    expect(money.system.find((account) => account.code === 'deposits')!.balance).toMatch(/^-\d/);
    expect(Number(money.players)).toBeGreaterThan(0);
  });

  it("answers a site's exact figures per day of its time zone, from the ledger's transfers", async () => {
    const siteId = await siteIdOf(db, 'casino1');
    await db.execute(sql`update sites set time_zone = 'Asia/Manila' where id = ${siteId}`);
    [alice, bob] = [await newPlayer(db, 'casino1'), await newPlayer(db, 'casino1')];
    // Alice signs up on 1 March there; Bob at 04:00 there, still 29 February in UTC.
    await db.execute(sql`update players set created_at = '2020-03-01T02:00:00Z' where id = ${alice.playerId}`);
    await db.execute(sql`update players set created_at = '2020-02-29T20:00:00Z' where id = ${bob.playerId}`);
    const a: AccountRef = { playerId: alice.playerId, wallet: 'balance' };
    const b: AccountRef = { playerId: bob.playerId, wallet: 'balance' };
    const game: AccountRef = { system: gameAccount('books-test') };
    const sportsbook: AccountRef = { system: 'sportsbook' };
    let n = 0;
    const move = async (debit: AccountRef, credit: AccountRef, amount: string, type: string, at: string) => {
      const moved = await transfer(db, { siteId, debit, credit, amount, type, idempotencyKey: `books-test:${++n}`, createdAt: new Date(at) });
      expect(moved.ok).toBe(true);
    };
    // 1 March in Manila (UTC+8).
    await move({ system: 'deposits' }, a, '1000', 'deposit', '2020-03-01T03:00:00Z');
    await move({ system: 'deposits' }, b, '500', 'deposit', '2020-02-29T18:00:00Z');
    await move(a, game, '100', 'bet', '2020-03-01T04:00:00Z');
    await move(game, a, '250', 'win', '2020-03-01T04:01:00Z');
    await move(b, sportsbook, '50', 'bet', '2020-03-01T05:00:00Z');
    await move(b, game, '30', 'bet', '2020-03-01T05:10:00Z');
    await move(game, b, '30', 'rollback', '2020-03-01T05:11:00Z'); // the stake returned: not a bet, not a win
    // 2 March in Manila.
    await move(a, game, '200', 'bet', '2020-03-01T17:00:00Z');
    await move(game, a, '80', 'win', '2020-03-01T17:01:00Z');
    await move(a, game, '80', 'rollback', '2020-03-01T17:02:00Z'); // the win taken back
    const withdrawals: AccountRef = { system: 'withdrawals' };
    expect((await reserve(db, { siteId, debit: a, credit: withdrawals, amount: '300', type: 'withdrawal', idempotencyKey: 'books-test:w1', createdAt: new Date('2020-03-02T02:00:00Z') })).ok).toBe(true);
    await postPending(db, { siteId, pendingKey: 'books-test:w1', type: 'withdrawal', idempotencyKey: 'books-test:w1:paid', createdAt: new Date('2020-03-02T03:00:00Z') });
    // A withdrawal requested and cancelled moved nothing.
    expect((await reserve(db, { siteId, debit: b, credit: withdrawals, amount: '100', type: 'withdrawal', idempotencyKey: 'books-test:w2', createdAt: new Date('2020-03-02T03:00:00Z') })).ok).toBe(true);
    await voidPending(db, { siteId, pendingKey: 'books-test:w2', type: 'withdrawal_release', idempotencyKey: 'books-test:w2:void', createdAt: new Date('2020-03-02T03:30:00Z') });
    await move({ system: 'bonuses' }, a, '40', 'promotion', '2020-03-02T04:00:00Z');
    await move(a, { system: 'adjustments' }, '10', 'adjustment', '2020-03-02T05:00:00Z');
    await move({ system: 'deposits' }, a, '200', 'deposit', '2020-03-02T06:00:00Z'); // Alice's second: no first deposit

    const { status, body } = await opsCall(app, '/api/ops/report', key, { site: 'casino1.localhost', from: '2020-03-01', to: '2020-03-03' });
    expect(status).toBe(200);
    const report = expectReply(opsReportReply, body);
    expect(report).toMatchObject({ site: 'casino1', currency: 'PHP', time_zone: 'Asia/Manila', from: '2020-03-01', to: '2020-03-03' });
    expect(report.days).toEqual(EXPECTED_DAYS);
    expect(report.totals).toEqual({
      deposits: '1700.0000',
      withdrawals: '300.0000',
      bets: '350.0000',
      wins: '250.0000',
      ggr: '100.0000',
      bonuses: '40.0000',
      ngr: '60.0000',
      adjustments: '-10.0000',
      active_players: 2,
      new_players: 2,
      first_depositors: 2,
    });

    // In UTC, Bob's sign-up and deposit fall on 29 February and Alice's 2 March bet on 1 March.
    await db.execute(sql`update sites set time_zone = 'UTC' where id = ${siteId}`);
    const utc = expectReply(opsReportReply, (await opsCall(app, '/api/ops/report', key, { site: 'casino1.localhost', from: '2020-02-29', to: '2020-03-01' })).body);
    expect(utc.days.map((day) => [day.date, day.deposits, day.bets, day.new_players, day.first_depositors])).toEqual([
      ['2020-02-29', '500.0000', '0.0000', 1, 1],
      ['2020-03-01', '1000.0000', '350.0000', 1, 1],
    ]);
    await db.execute(sql`update sites set time_zone = 'Asia/Manila' where id = ${siteId}`);

    // Without dates: the last 30 days, ending today in the site's time zone.
    const recent = expectReply(opsReportReply, (await opsCall(app, '/api/ops/report', key, { site: 'casino1.localhost' })).body);
    expect(recent.days).toHaveLength(30);
    expect(recent.days.at(-1)!.date).toBe(recent.to);
    // Given only `from`: 30 days from it.
    const month = expectReply(opsReportReply, (await opsCall(app, '/api/ops/report', key, { site: 'casino1.localhost', from: '2020-03-02' })).body);
    expect([month.from, month.to, month.days.length]).toEqual(['2020-03-02', '2020-03-31', 30]);
    expect(month.days[0]).toEqual(EXPECTED_DAYS[1]);
  });

  it('refuses a period that is backwards or longer than a year, and an unknown site', async () => {
    const backwards = await opsCall(app, '/api/ops/report', key, { site: 'casino1.localhost', from: '2020-03-02', to: '2020-03-01' });
    expectFailure(backwards.body, 'validationError');
    expect(backwards.body.errors).toEqual({ to: ['invalidValue'] });
    const long = await opsCall(app, '/api/ops/report', key, { site: 'casino1.localhost', from: '2020-01-01', to: '2021-01-01' });
    expect(long.body.errors).toEqual({ to: ['invalidValue'] });
    const badDay = await opsCall(app, '/api/ops/report', key, { site: 'casino1.localhost', from: '2020-02-30' });
    expect(badDay.body.errors).toEqual({ from: ['invalidValue'] });
    expectFailure((await opsCall(app, '/api/ops/report', key, { site: 'nowhere.localhost' })).body, 'siteNotFound');
  });

  it("keeps a site-scoped operator to its own site's report and books", async () => {
    const scoped = await operatorKey(db, 'books-casino2', await siteIdOf(db, 'casino2'));
    const denied = await opsCall(app, '/api/ops/report', scoped, { site: 'casino1.localhost', from: '2020-03-01', to: '2020-03-03' });
    expect(denied.status).toBe(403);
    expectFailure(denied.body, 'permissionDenied');
    expectFailure((await opsCall(app, '/api/ops/books', scoped, { site: 'casino1.localhost' })).body, 'permissionDenied');
    const own = expectReply(opsBooksReply, (await opsCall(app, '/api/ops/books', scoped, {})).body);
    expect(own.sites.map((site) => site.site)).toEqual(['casino2']);
    expect((await opsCall(app, '/api/ops/report', scoped, { site: 'casino2.localhost' })).status).toBe(200);
    expect((await opsCall(app, '/api/ops/report', null, { site: 'casino2.localhost' })).status).toBe(401);
  });

  it('prints the report and checks the books through OPS_URL; a wallet changed behind the ledger fails the check, named', async () => {
    const env = { OPS_URL: url, OPS_KEY: key };
    const csv = await ops(['report', '--site', 'casino1.localhost', '--from', '2020-03-01', '--to', '2020-03-03', '--csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.trim().split('\n')).toEqual([
      'date,deposits,withdrawals,bets,wins,ggr,bonuses,ngr,adjustments,active_players,new_players,first_depositors',
      '2020-03-01,1500.0000,0.0000,150.0000,250.0000,-100.0000,0.0000,-100.0000,0.0000,2,2,2',
      '2020-03-02,200.0000,300.0000,200.0000,0.0000,200.0000,40.0000,160.0000,-10.0000,1,0,0',
      '2020-03-03,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0,0,0',
      'total,1700.0000,300.0000,350.0000,250.0000,100.0000,40.0000,60.0000,-10.0000,2,2,2',
    ]);

    const table = await ops(['report', '--site', 'casino1.localhost', '--from', '2020-03-01', '--to', '2020-03-03'], env);
    expect(table.stdout).toContain('casino1: 2020-03-01 to 2020-03-03, days in Asia/Manila, amounts in PHP');
    expect(table.stdout).toMatch(/\nTOTAL\s+1700\.0000\s+300\.0000\s+350\.0000/);

    const balanced = await ops(['books', '--check'], env);
    expect(balanced.code, balanced.stdout + balanced.stderr).toBe(0);
    expect(balanced.stdout).toContain('casino1 (PHP): balanced');
    expect(balanced.stdout).toContain('The books balance.');

    // Alice's wallet gains 5 that no transfer gave her.
    await db.execute(sql`update wallets set balance = balance + 5 where player_id = ${alice.playerId}`);
    const tampered = await ops(['books', '--check'], env);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(`wallet of ${alice.account_id}: balance is 885.0000, its transfers make 880.0000`);
    expect(tampered.stdout).toContain('The books do NOT balance.');
    const json = await ops(['books', '--check', '--site', 'casino1.localhost', '--json'], env);
    expect(json.code).toBe(1);
    const books = expectReply(opsBooksReply, JSON.parse(json.stdout) as Record<string, unknown>);
    expect(books.mismatches).toEqual([
      { kind: 'wallet', site: 'casino1', account_id: alice.account_id, transfer_id: null, field: 'balance', expected: '880.0000', actual: '885.0000' },
    ]);
    // The trial balance itself still holds: only the wallet row lies.
    expect(books.sites[0]!.balanced).toBe(true);
  }, SLOW);

  it('works on the data folder with the server stopped', async () => {
    await app.close();
    await testDb.close();
    const env = { DATA_DIR: dir };
    const report = await ops(['report', '--site', 'casino1.localhost', '--from', '2020-03-01', '--to', '2020-03-03', '--json'], env);
    expect(report.code, report.stderr).toBe(0);
    expect(expectReply(opsReportReply, JSON.parse(report.stdout) as Record<string, unknown>).days).toEqual(EXPECTED_DAYS);
    const failed = await ops(['books', '--check'], env);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(`wallet of ${alice.account_id}`);
    const other = await ops(['books', '--check', '--site', 'casino2.localhost'], env);
    expect(other.code, other.stdout + other.stderr).toBe(0);
    expect(other.stdout).toContain('The books balance.');
  }, SLOW);
});
