/**
 * The back office's dashboard (ADR 0046): for each site in the actor's scope, the figures opsReport
 * answers for the same days (ADR 0028); totals per currency, never across currencies, and player
 * counts of every site together; a site-scoped account sees its own site only; the server refuses
 * a role without reports.view; an unknown site and a bad period are refused with their keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { OPERATOR_CALLS, ROLE_PERMISSIONS, opsDashboardReply, opsReportReply, type OperatorRole, type Permission } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { brandOwners, operatorAccounts, operators, siteDomains, sites } from '../../src/db/schema.js';
import { createOperatorAccount } from '../../src/backoffice/index.js';
import { gameAccount, transfer, type AccountRef } from '../../src/ledger/index.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { backends, createTestServer, siteIdOf, type TestServer } from './helpers.js';
import { operatorKey, opsCall } from './banking-fixtures.js';
import { expectFailure, expectReply, newPlayer } from './rewards-fixtures.js';

const DASHBOARD = OPERATOR_CALLS.opsDashboard.path;
const REPORT = OPERATOR_CALLS.opsReport.path;
const MONEY = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'adjustments'] as const;
const COUNTS = ['active_players', 'new_players', 'first_depositors'] as const;

/** Exact sums of four-decimal strings, as ten-thousandths. */
const units = (amount: string) => BigInt(amount.replace('.', ''));
const sumOf = (amounts: string[]) => {
  const total = amounts.reduce((sum, amount) => sum + units(amount), 0n);
  const digits = (total < 0n ? -total : total).toString().padStart(5, '0');
  return `${total < 0n ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
};

describe.each(backends)('the dashboard on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let key: string;
  let brandOwnerId: number;
  let accounts = 0;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    key = await operatorKey(db, `dashboard-all-${backend}`);
    const [owner] = await db.select({ id: brandOwners.id }).from(brandOwners).orderBy(brandOwners.id).limit(1);
    brandOwnerId = owner!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = async (path: string, payload: unknown, as: string | null = key) => opsCall(server.app, path, as, payload);

  /** A back-office account of a role (and sites), and a key made for it: the key acts as the account (ADR 0044). */
  async function accountKey(role: OperatorRole, siteIds: number[] | null = null): Promise<string> {
    const username = `dash${++accounts}${backend}`;
    const created = await createOperatorAccount(db, { brandOwnerId, username, password: 'right-pass-1', role, siteIds, createdBy: 'test' });
    expect(created.ok).toBe(true);
    const [account] = await db.select({ id: operatorAccounts.id }).from(operatorAccounts).where(eq(operatorAccounts.username, username));
    const secret = `wlop_${'d'.repeat(20)}${accounts}${backend}`;
    await db.insert(operators).values({ name: `key-of-${username}`, keyHash: hashToken(secret), accountId: account!.id });
    return secret;
  }

  it("answers each site's figures exactly as opsReport does for the same days, today's movements included", async () => {
    // Today's movements on casino1: a new player deposits, bets and wins.
    const siteId = await siteIdOf(db, 'casino1');
    const player = await newPlayer(db, 'casino1');
    const wallet: AccountRef = { playerId: player.playerId, wallet: 'balance' };
    const game: AccountRef = { system: gameAccount('dashboard-test') };
    const moves: [AccountRef, AccountRef, string, string][] = [
      [{ system: 'deposits' }, wallet, '700', 'deposit'],
      [wallet, game, '120.5', 'bet'],
      [game, wallet, '20.25', 'win'],
    ];
    for (const [index, [debit, credit, amount, type]] of moves.entries()) {
      expect((await transfer(db, { siteId, debit, credit, amount, type, idempotencyKey: `dashboard-test:${backend}:${index}` })).ok).toBe(true);
    }

    const domains = new Map(
      (await db.select({ externalId: sites.externalId, domain: siteDomains.domain }).from(siteDomains).innerJoin(sites, eq(sites.id, siteDomains.siteId)).orderBy(asc(siteDomains.domain))).map(
        (row) => [row.externalId, row.domain],
      ),
    );
    const before = expectReply(opsDashboardReply, (await call(DASHBOARD, { period: '30d' })).body);
    expect(before.period).toBe('30d');
    expect(before.sites.length).toBeGreaterThan(1);
    for (const site of before.sites) {
      expect(site.days).toHaveLength(30);
      const report = expectReply(opsReportReply, (await call(REPORT, { site: domains.get(site.site), from: site.from, to: site.to })).body);
      expect({ ...site, site_name: undefined }).toEqual({ site: report.site, site_name: undefined, currency: report.currency, time_zone: report.time_zone, from: report.from, to: report.to, totals: report.totals, days: report.days });
    }
    // The demo has movements in the last 30 days; today's of casino1 show on today's dashboard.
    expect(before.sites.some((site) => units(site.totals.deposits) > 0n)).toBe(true);
    const today = expectReply(opsDashboardReply, (await call(DASHBOARD, { site: 'casino1.localhost', period: 'today' })).body);
    expect(today.sites).toHaveLength(1);
    const [casino1] = today.sites;
    expect(casino1).toMatchObject({ site: 'casino1', currency: 'PHP' });
    expect(casino1!.from).toBe(casino1!.to);
    expect(casino1!.days).toEqual([{ date: casino1!.to, ...casino1!.totals }]);
    expect(units(casino1!.totals.deposits)).toBeGreaterThanOrEqual(units('700.0000'));
    expect(casino1!.totals.new_players).toBeGreaterThanOrEqual(1);
    expect(casino1!.totals.first_depositors).toBeGreaterThanOrEqual(1);
    const report = expectReply(opsReportReply, (await call(REPORT, { site: 'casino1.localhost', from: casino1!.from, to: casino1!.to })).body);
    expect(casino1!.totals).toEqual(report.totals);
    // The one site's dashboard is its own currency's total.
    expect(today.currencies).toEqual([{ currency: 'PHP', sites: ['casino1'], totals: casino1!.totals, days: casino1!.days }]);

    const week = expectReply(opsDashboardReply, (await call(DASHBOARD, { site: 'casino1.localhost', period: '7d' })).body);
    expect(week.sites[0]!.days).toHaveLength(7);
    expect(week.sites[0]!.days.at(-1)!.date).toBe(casino1!.to);
  });

  it('totals each currency apart, never adding two currencies, and counts players of every site together', async () => {
    const board = expectReply(opsDashboardReply, (await call(DASHBOARD, { period: '30d' })).body);
    const currencies = [...new Set(board.sites.map((site) => site.currency))].sort();
    expect(board.currencies.map((group) => group.currency)).toEqual(currencies);
    expect(currencies.length).toBeGreaterThan(1);
    for (const group of board.currencies) {
      const members = board.sites.filter((site) => site.currency === group.currency);
      expect(group.sites).toEqual(members.map((site) => site.site));
      for (const field of MONEY) expect(group.totals[field], `${group.currency} ${field}`).toBe(sumOf(members.map((site) => site.totals[field])));
      for (const field of COUNTS) expect(group.totals[field]).toBe(members.reduce((sum, site) => sum + site.totals[field], 0));
      // Per date: the sites' days of that date added.
      for (const day of group.days) {
        const same = members.flatMap((site) => site.days.filter((other) => other.date === day.date));
        expect(day.deposits).toBe(sumOf(same.map((other) => other.deposits)));
        expect(day.ngr).toBe(sumOf(same.map((other) => other.ngr)));
      }
    }
    for (const field of COUNTS) expect(board.players[field]).toBe(board.sites.reduce((sum, site) => sum + site.totals[field], 0));
    const allDates = [...new Set(board.sites.flatMap((site) => site.days.map((day) => day.date)))].sort();
    expect(board.players.days.map((day) => day.date)).toEqual(allDates);
    const last = board.players.days.at(-1)!;
    expect(last.new_players).toBe(board.sites.reduce((sum, site) => sum + (site.days.find((day) => day.date === last.date)?.new_players ?? 0), 0));
  });

  it("keeps a site-scoped account to its own site's figures, through a key and a site-scoped platform key", async () => {
    const casino2 = await siteIdOf(db, 'casino2');
    const scoped = await accountKey('finance', [casino2]);
    const own = expectReply(opsDashboardReply, (await call(DASHBOARD, { period: '7d' }, scoped)).body);
    expect(own.sites.map((site) => site.site)).toEqual(['casino2']);
    expect(own.currencies.map((group) => group.sites)).toEqual([['casino2']]);
    expect(own.players.new_players).toBe(own.sites[0]!.totals.new_players);
    const denied = await call(DASHBOARD, { site: 'casino1.localhost', period: '7d' }, scoped);
    expect(denied.status).toBe(403);
    expectFailure(denied.body, 'permissionDenied');
    expect((await call(DASHBOARD, { site: 'casino2.localhost', period: '7d' }, scoped)).body).toMatchObject({ statusCode: 1 });

    const siteKey = await operatorKey(db, `dashboard-casino2-${backend}`, casino2);
    expect(expectReply(opsDashboardReply, (await call(DASHBOARD, { period: 'today' }, siteKey)).body).sites.map((site) => site.site)).toEqual(['casino2']);
    expectFailure((await call(DASHBOARD, { site: 'casino1.localhost', period: 'today' }, siteKey)).body, 'permissionDenied');
    expect((await call(DASHBOARD, { period: 'today' }, null)).status).toBe(401);
  });

  it('refuses a role without reports.view on the server', async () => {
    // Every role may view reports today (ADR 0044); take the permission from viewer for this test,
    // so that what is checked is the server's own refusal of the call.
    const viewer = await accountKey('viewer');
    expect((await call(DASHBOARD, { period: 'today' }, viewer)).body).toMatchObject({ statusCode: 1 });
    const roles = ROLE_PERMISSIONS as Record<OperatorRole, readonly Permission[]>;
    const saved = roles.viewer;
    roles.viewer = saved.filter((permission) => permission !== 'reports.view');
    try {
      const refused = await call(DASHBOARD, { period: 'today' }, viewer);
      expect(refused.status).toBe(403);
      expectFailure(refused.body, 'permissionDenied');
    } finally {
      roles.viewer = saved;
    }
  });

  it('refuses an unknown site and a bad period with their keys', async () => {
    expectFailure((await call(DASHBOARD, { site: 'nowhere.localhost', period: '7d' })).body, 'siteNotFound');
    const bad = await call(DASHBOARD, { period: '90d' });
    expectFailure(bad.body, 'validationError');
    expect(bad.body.errors).toEqual({ period: ['invalidValue'] });
    expect((await call(DASHBOARD, {})).body.errors).toEqual({ period: ['invalidValue'] });
    expect((await call(DASHBOARD, { period: '7d', from: '2020-01-01' })).body).toMatchObject({ message: 'validationError' });
  });
});
