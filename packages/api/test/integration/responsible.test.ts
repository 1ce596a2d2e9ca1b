/**
 * Time-outs and self-exclusion (issue 25 §3, ADR 0039): POST /api/responsible/self_exclude ends
 * every session of the person on the brand owner's sites at once, and until the term ends login
 * (password and one-time code), signup of the same person and stakes of a game left open are
 * refused on every site of that owner, never on another owner's. Nothing shortens a term.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { excludedFailureReply, limitExceededReply, responsibleStatusReply, selfExcludeReply, walletErrorReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/client.js';
import { bankingSettings, brandOwners, sites } from '../../src/db/schema.js';
import { createSession } from '../../src/accounts/sessions.js';
import { postToLedger, readBalances } from '../../src/ledger/index.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { call, createPlayer, freshAccountId, latestTac, siteOf, type TestPlayer } from './auth-fixtures.js';
import { callback, gameOf, launchGame, testGameProviders } from './games-fixtures.js';
import { credentials, newPlayer, type TestSession } from './rewards-fixtures.js';
import { BANKING, credit, receivingOf } from './banking-fixtures.js';

const HOUR = 60 * 60 * 1000;
const DOMAINS: Record<string, string> = { casino1: 'casino1.localhost', slot2: 'slot2.localhost', slot5: 'slot5.localhost', sportsbook1: 'sportsbook1.localhost' };

describe.each(backends)('time-outs and self-exclusion on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend, services: { gameProviders: testGameProviders() } });
    db = server.database.db;
    // sportsbook1 belongs to another brand owner in these tests: a term taken elsewhere does not reach it.
    const [other] = await db.insert(brandOwners).values({ name: 'Another operator' }).returning({ id: brandOwners.id });
    await db.update(sites).set({ brandOwnerId: other!.id }).where(eq(sites.externalId, 'sportsbook1'));
    // The site's own deposit rules out of the way: the player's limits are what is tested.
    await db.update(bankingSettings).set({ maxPendingDeposits: 20, minDeposit: '1', maxDeposit: '100000' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => call(server.app, path, payload);

  /** One person (a phone and an email) with an account on each named demo site. */
  async function person(externalIds: string[]): Promise<Record<string, TestPlayer & { externalId: string }>> {
    const phone = `639${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
    const email = `${freshAccountId('p')}@example.com`;
    const accounts: Record<string, TestPlayer & { externalId: string }> = {};
    for (const [index, externalId] of externalIds.entries()) {
      // The same email in another case and with spaces is the same person.
      const spelled = index % 2 === 0 ? email : ` ${email.toUpperCase()} `;
      accounts[externalId] = { ...(await createPlayer(db, externalId, { phone, email: spelled })), externalId };
    }
    return accounts;
  }

  async function login(account: TestPlayer & { externalId: string }) {
    return (await post('/api/auth/login', { ...siteOf(DOMAINS[account.externalId]!), account_id: account.accountId, password: account.password })).body;
  }

  async function tokenOf(account: TestPlayer & { externalId: string }): Promise<string> {
    const body = await login(account);
    expect(body.statusCode, JSON.stringify(body)).toBe(1);
    return body.token as string;
  }

  async function balanceCall(account: TestPlayer, auth: string) {
    return (await post('/api/auth/get_balance', { account_id: account.accountId, auth })).body;
  }

  async function selfExclude(account: TestPlayer, auth: string, period: string) {
    return (await post('/api/responsible/self_exclude', { account_id: account.accountId, auth, period })).body;
  }

  /** A session made straight in the database, as one started a moment before a term would be. */
  const sessionMadeBefore = (account: TestPlayer) => createSession(db, { id: account.id, siteId: account.siteId }, { ip: '127.0.0.1', userAgent: 'vitest' });

  const exclusionRows = async (playerId: number) =>
    queryRows<{ kind: string; period: string }>(db, sql`select kind, period from player_exclusions where player_id = ${playerId} order by id`);

  it("a time-out ends the person's sessions on every site of the owner and refuses their logins; another owner's site and other players are untouched", async () => {
    const accounts = await person(['casino1', 'slot2', 'slot5', 'sportsbook1']);
    const stranger = { ...(await createPlayer(db, 'casino1')), externalId: 'casino1' };
    const tokens = Object.fromEntries(await Promise.all(Object.values(accounts).map(async (account) => [account.externalId, await tokenOf(account)] as const)));
    const strangerToken = await tokenOf(stranger);

    const before = Date.now();
    const reply = selfExcludeReply.parse(await selfExclude(accounts.casino1!, tokens.casino1!, '24h'));
    expect(reply).toMatchObject({ kind: 'timeout', period: '24h' });
    const until = new Date(reply.until!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR + 1000);

    // Sessions end at once on the owner's sites; the other owner's site and the stranger keep theirs.
    for (const site of ['casino1', 'slot2', 'slot5']) expect(await balanceCall(accounts[site]!, tokens[site]!), site).toMatchObject({ statusCode: 0, message: 'sessionExpired' });
    expect(await balanceCall(accounts.sportsbook1!, tokens.sportsbook1!)).toMatchObject({ statusCode: 1 });
    expect(await balanceCall(stranger, strangerToken)).toMatchObject({ statusCode: 1 });

    // Logins: refused with the end date on the owner's sites, by password and by one-time code.
    for (const site of ['casino1', 'slot2', 'slot5']) {
      const refused = excludedFailureReply.parse(await login(accounts[site]!));
      expect(refused).toEqual({ statusCode: 0, message: 'timedOut', until: reply.until });
    }
    const domain = DOMAINS.slot5!;
    expect((await post('/api/auth/tac/request_login', { ...siteOf(domain), account_id: accounts.slot5!.accountId })).body).toMatchObject({ statusCode: 1 });
    const tac = await latestTac(server.app, domain, accounts.slot5!.accountId);
    expect((await post('/api/auth/login_tac', { ...siteOf(domain), account_id: accounts.slot5!.accountId, tac })).body).toMatchObject({ statusCode: 0, message: 'timedOut' });
    expect(await login(accounts.sportsbook1!)).toMatchObject({ statusCode: 1 });
    expect(await login(stranger)).toMatchObject({ statusCode: 1 });
    // One row per covered account: the three of this owner.
    expect((await exclusionRows(accounts.slot2!.id)).map((row) => row.period)).toEqual(['24h']);
    expect(await exclusionRows(accounts.sportsbook1!.id)).toEqual([]);
  });

  it('a shorter term changes nothing, a longer one takes over, and a term ends only by its date', async () => {
    const { casino1: player } = await person(['casino1']);
    const first = selfExcludeReply.parse(await selfExclude(player!, await tokenOf(player!), '1w'));
    // A session started a moment before (another device) asks for less: the week stands.
    const shorter = selfExcludeReply.parse(await selfExclude(player!, await sessionMadeBefore(player!), '24h'));
    expect(shorter).toEqual({ ...first, statusCode: 1, message: 'OK' });
    expect(await exclusionRows(player!.id)).toEqual([{ kind: 'timeout', period: '1w' }]);
    // Asking for more: a self-exclusion of six months, and logins now say so.
    const longer = selfExcludeReply.parse(await selfExclude(player!, await sessionMadeBefore(player!), '6m'));
    expect(longer.kind).toBe('exclusion');
    expect(new Date(longer.until!).getTime()).toBeGreaterThan(new Date(first.until!).getTime() + 100 * 24 * HOUR);
    expect(await login(player!)).toEqual({ statusCode: 0, message: 'selfExcluded', until: longer.until });
    // Once the dates are past (moved back here), the player logs in again.
    await db.execute(sql`update player_exclusions set starts_at = starts_at - interval '400 days', ends_at = ends_at - interval '400 days' where player_id = ${player!.id}`);
    expect(await login(player!)).toMatchObject({ statusCode: 1 });
  });

  it('a permanent self-exclusion answers no end date', async () => {
    const { slot2: player } = await person(['slot2']);
    const reply = selfExcludeReply.parse(await selfExclude(player!, await tokenOf(player!), 'permanent'));
    expect(reply).toMatchObject({ kind: 'exclusion', period: 'permanent', until: null });
    expect(await login(player!)).toEqual({ statusCode: 0, message: 'selfExcluded', until: null });
  });

  it("signing up again as the same person is refused on every site of the owner, and not on another owner's", async () => {
    const { casino1: player } = await person(['casino1']);
    await selfExclude(player!, await tokenOf(player!), '6w');
    const [row] = await queryRows<{ contact_email: string }>(db, sql`select contact_email from players where id = ${player!.id}`);
    async function signUp(domain: string, extra: { contact_phone: string; contact_email: string }) {
      const accountId = freshAccountId('s');
      await post('/api/auth/tac/request_new_register', { ...siteOf(domain), account_id: accountId, contact_phone: extra.contact_phone });
      const tac = await latestTac(server.app, domain, accountId);
      await post('/api/auth/tac/verify', { ...siteOf(domain), account_id: accountId, tac });
      return (await post('/api/auth/signup', { ...siteOf(domain), account_id: accountId, password: 'newpass123', birth_date: '1990-01-01', ...extra })).body;
    }
    // The same phone with another email, and the same email (any case) with another phone.
    expect(await signUp(DOMAINS.slot5!, { contact_phone: player!.phone, contact_email: `${freshAccountId('o')}@example.com` })).toMatchObject({ statusCode: 0, message: 'timedOut' });
    expect(await signUp(DOMAINS.slot2!, { contact_phone: '639111222333', contact_email: row!.contact_email.toUpperCase() })).toMatchObject({ statusCode: 0, message: 'timedOut' });
    expect(await signUp(DOMAINS.sportsbook1!, { contact_phone: player!.phone, contact_email: row!.contact_email })).toMatchObject({ statusCode: 1 });
  });

  it('a game left open takes no stake during the term: the debit answers PLAYER_EXCLUDED and moves nothing', async () => {
    const { casino1: player } = await person(['casino1']);
    const auth = await tokenOf(player!);
    await postToLedger(db, { counter: 'adjustments', siteId: player!.siteId, playerId: player!.id, account: 'balance', amount: '50', type: 'adjustment', idempotencyKey: `test:funds:${player!.id}` });
    const game = await gameOf(db, player!.siteId, 'PG');
    const { token } = await launchGame(server.app, { playerId: player!.id, siteId: player!.siteId, account_id: player!.accountId, auth }, 'PG', game.gameCode);
    expect((await callback(server.app, 'debit', { token, transaction_id: `rg-${player!.id}-1`, round_id: `r-${player!.id}`, amount: '1' })).status).toBe(200);
    await selfExclude(player!, auth, '1m');
    const refused = await callback(server.app, 'debit', { token, transaction_id: `rg-${player!.id}-2`, round_id: `r-${player!.id}`, amount: '1' });
    expect(refused.status).toBe(403);
    expect(walletErrorReply.parse(refused.body).code).toBe('PLAYER_EXCLUDED');
    expect((await readBalances(db, player!.id)).balance).toBe('49.0000');
    // The round already staked still settles: its win is paid.
    expect((await callback(server.app, 'credit', { token, transaction_id: `rg-${player!.id}-3`, round_id: `r-${player!.id}`, amount: '3' })).status).toBe(200);
    expect((await readBalances(db, player!.id)).balance).toBe('52.0000');
  });

  it('refuses a period it does not know and a call without a live session, and writes nothing', async () => {
    const { slot5: player } = await person(['slot5']);
    const auth = await tokenOf(player!);
    const wrong = await selfExclude(player!, auth, '3d');
    expect(wrong).toMatchObject({ statusCode: 0, message: 'validationError' });
    expect(await selfExclude(player!, 'x'.repeat(43), '24h')).toMatchObject({ statusCode: 0, message: 'sessionExpired' });
    expect(await exclusionRows(player!.id)).toEqual([]);
    expect(await balanceCall(player!, auth)).toMatchObject({ statusCode: 1 });
  });

  describe('limits', () => {
    const status = async (player: TestSession) => responsibleStatusReply.parse((await post('/api/responsible/status', credentials(player))).body).limits;
    const setLimit = async (player: TestSession, kind: string, period: string, amount: string | null) =>
      (await post('/api/responsible/limits', { ...credentials(player), kind, period, amount })).body;
    const confirm = async (player: TestSession, kind: string, period: string) => (await post('/api/responsible/confirm_limit', { ...credentials(player), kind, period })).body;
    const deposit = async (player: TestSession, amount: string) =>
      (await post(BANKING.deposit, { ...credentials(player), ...(await receivingOf(db, player.siteId)), amount, transfer_reference: 'FT0001' })).body;
    /** Moves a waiting change's time into the past, as if 24 hours had gone by. */
    const waitADay = (player: TestSession) => db.execute(sql`update player_limits set pending_from = now() - interval '1 minute' where player_id = ${player.playerId}`);

    it('a daily deposit limit refuses a deposit above what is left and says how much is left; lowering applies at once', async () => {
      const player = await newPlayer(db, 'casino1');
      expect(await setLimit(player, 'deposit', 'day', '1000')).toMatchObject({ statusCode: 1 });
      expect(await deposit(player, '600')).toMatchObject({ statusCode: 1 });
      const refused = limitExceededReply.parse(await deposit(player, '500'));
      expect(refused).toEqual({ statusCode: 0, message: 'limitExceeded', kind: 'deposit', period: 'day', left: '400.0000' });
      expect(await deposit(player, '400')).toMatchObject({ statusCode: 1 });
      expect(await status(player)).toEqual([{ kind: 'deposit', period: 'day', amount: '1000.0000', used: '1000.0000', left: '0.0000', pending: null }]);
      // A lower limit: at once, and nothing more goes in.
      await setLimit(player, 'deposit', 'day', '200');
      expect(limitExceededReply.parse(await deposit(player, '100')).left).toBe('0.0000');
      // A weekly limit beside it counts the same deposits.
      await setLimit(player, 'deposit', 'week', '5000');
      expect((await status(player)).map((limit) => [limit.period, limit.used])).toEqual([['day', '1000.0000'], ['week', '1000.0000']]);
    });

    it('raising or removing a limit waits 24 hours, then needs the player to confirm it', async () => {
      const player = await newPlayer(db, 'slot2');
      await setLimit(player, 'deposit', 'week', '100');
      const raised = responsibleStatusReply.parse(await setLimit(player, 'deposit', 'week', '500')).limits[0]!;
      expect(raised).toMatchObject({ amount: '100.0000', pending: { amount: '500.0000', confirmable: false } });
      expect(new Date(raised.pending!.from).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
      expect(await confirm(player, 'deposit', 'week')).toEqual({ statusCode: 0, message: 'limitNotReady' });
      // Still the old limit in force.
      expect(limitExceededReply.parse(await deposit(player, '150')).left).toBe('100.0000');
      await waitADay(player);
      expect((await status(player))[0]!.pending!.confirmable).toBe(true);
      expect(responsibleStatusReply.parse(await confirm(player, 'deposit', 'week')).limits[0]).toMatchObject({ amount: '500.0000', pending: null });
      expect(await deposit(player, '150')).toMatchObject({ statusCode: 1 });
      // Removing: waits as well; confirmed, the limit is gone.
      expect(responsibleStatusReply.parse(await setLimit(player, 'deposit', 'week', null)).limits[0]).toMatchObject({ amount: '500.0000', pending: { amount: null } });
      await waitADay(player);
      expect(responsibleStatusReply.parse(await confirm(player, 'deposit', 'week')).limits).toEqual([]);
      expect(await confirm(player, 'deposit', 'week')).toEqual({ statusCode: 0, message: 'limitNotReady' });
    });

    it('a loss limit refuses a game stake above what is left (LIMIT_EXCEEDED) and a win makes room; a wager limit counts stakes only', async () => {
      const player = await newPlayer(db, 'casino1');
      await credit(db, player, '500', `test:rg-funds:${player.playerId}`);
      const game = await gameOf(db, player.siteId, 'PG');
      const { token } = await launchGame(server.app, player, 'PG', game.gameCode);
      let n = 0;
      // One round throughout: a win belongs to a round whose stake was taken.
      const move = (type: 'debit' | 'credit', amount: string) => callback(server.app, type, { token, transaction_id: `lim-${player.playerId}-${(n += 1)}`, round_id: `r-${player.playerId}`, amount });
      const debit = (amount: string) => move('debit', amount);
      const win = (amount: string) => move('credit', amount);
      await setLimit(player, 'loss', 'day', '30');
      expect((await debit('20')).status).toBe(200);
      const refused = await debit('15');
      expect(refused.status).toBe(403);
      expect(walletErrorReply.parse(refused.body)).toMatchObject({ code: 'LIMIT_EXCEEDED', balance: '480.0000' });
      expect((await win('10')).status).toBe(200);
      // Lost 20, won 10: 20 of the 30 are left.
      expect((await debit('15')).status).toBe(200);
      expect((await status(player))[0]).toMatchObject({ kind: 'loss', used: '25.0000', left: '5.0000' });
      // A wager limit of 40 counts the 35 staked, whatever was won.
      await setLimit(player, 'wager', 'day', '40');
      expect(walletErrorReply.parse((await debit('5.01')).body).code).toBe('LIMIT_EXCEEDED');
      expect((await debit('5')).status).toBe(200);
    });

    it('ten stakes at once never pass a loss limit together', async () => {
      const player = await newPlayer(db, 'casino1');
      await credit(db, player, '500', `test:rg-race:${player.playerId}`);
      const game = await gameOf(db, player.siteId, 'PG');
      const { token } = await launchGame(server.app, player, 'PG', game.gameCode);
      await setLimit(player, 'loss', 'week', '50');
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, index) => callback(server.app, 'debit', { token, transaction_id: `race-${player.playerId}-${index}`, round_id: `rr-${player.playerId}-${index}`, amount: '10' })),
      );
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(5);
      expect(replies.filter((reply) => reply.status === 403).every((reply) => reply.body.code === 'LIMIT_EXCEEDED')).toBe(true);
      expect((await readBalances(db, player.playerId)).balance).toBe('450.0000');
    });

    it('refuses a kind, period or amount it does not know, and a removal of no limit changes nothing', async () => {
      const player = await newPlayer(db, 'slot5');
      for (const [kind, period, amount] of [['time', 'day', '60'], ['session', 'week', '60'], ['session', 'day', '1.5'], ['session', 'day', '1441'], ['deposit', 'year', '10'], ['deposit', 'day', '-5'], ['deposit', 'day', '0'], ['loss', 'day', '1.23456']] as const) {
        expect(await setLimit(player, kind, period, amount), `${kind} ${period} ${amount}`).toMatchObject({ statusCode: 0, message: 'validationError' });
      }
      expect(responsibleStatusReply.parse(await setLimit(player, 'wager', 'month', null)).limits).toEqual([]);
      expect(await status(player)).toEqual([]);
    });
  });
});

