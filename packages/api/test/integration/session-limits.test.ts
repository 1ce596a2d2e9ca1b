/**
 * Session time limits and reality checks (issue 25 §2–§3, ADR 0041): a session limit counts the
 * minutes logged in over the last 24 hours (the union of the sessions); a session ends with
 * sessionLimitReached when it is used up, and a login then is refused until time is left again.
 * Lowering applies at once (also to the live sessions), raising waits 24 hours and a confirmation.
 * The reality check answers this session's stakes, wins and net result exactly.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { limitExceededReply, realityCheckReply, responsibleStatusReply, sessionLimitFailureReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/client.js';
import { bankingSettings, sessions } from '../../src/db/schema.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { call, createPlayer, siteOf, type TestPlayer } from './auth-fixtures.js';
import { callback, gameOf, launchGame, testGameProviders } from './games-fixtures.js';
import type { TestSession } from './rewards-fixtures.js';
import { BANKING, credit, receivingOf } from './banking-fixtures.js';

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const DOMAIN = 'casino1.localhost';
/** Clock slack between the test and the server's handling of a call. */
const SLACK = 3000;

describe.each(backends)('session time limits and reality checks on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend, services: { gameProviders: testGameProviders() } });
    db = server.database.db;
    await db.update(bankingSettings).set({ maxPendingDeposits: 20, minDeposit: '1', maxDeposit: '100000' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => call(server.app, path, payload);
  const login = async (player: TestPlayer) => (await post('/api/auth/login', { ...siteOf(DOMAIN), account_id: player.accountId, password: player.password })).body;
  async function session(player: TestPlayer): Promise<TestSession> {
    const body = await login(player);
    expect(body.statusCode, JSON.stringify(body)).toBe(1);
    return { playerId: player.id, siteId: player.siteId, account_id: player.accountId, auth: body.token as string };
  }
  const creds = (s: TestSession) => ({ account_id: s.account_id, auth: s.auth });
  const balance = (s: TestSession) => post('/api/auth/get_balance', creds(s));
  const setLimit = async (s: TestSession, kind: string, period: string, amount: string | null) => (await post('/api/responsible/limits', { ...creds(s), kind, period, amount })).body;
  const confirm = async (s: TestSession, kind: string, period: string) => (await post('/api/responsible/confirm_limit', { ...creds(s), kind, period })).body;
  const sessionLimitView = (body: Record<string, unknown>) => responsibleStatusReply.parse(body).limits.find((limit) => limit.kind === 'session');

  /** A session that lasted [now − fromMinutes, now − toMinutes] (logged out then), written straight to the database. */
  async function pastSession(player: TestPlayer, from: number, to: number): Promise<void> {
    const now = Date.now();
    await db.insert(sessions).values({
      siteId: player.siteId,
      playerId: player.id,
      tokenHash: randomBytes(32).toString('hex'),
      createdAt: new Date(now - from),
      lastSeenAt: new Date(now - to),
      expiresAt: new Date(now - from + 7 * DAY),
      revokedAt: new Date(now - to),
      revokedReason: 'logout',
    });
  }

  /** The limit ends of the player's live sessions. */
  const liveEnds = async (player: TestPlayer) =>
    (
      await queryRows<{ limit_ends_at: Date | string | null }>(
        db,
        sql`select limit_ends_at from sessions where player_id = ${player.id} and revoked_at is null order by id`,
      )
    ).map((row) => (row.limit_ends_at === null ? null : new Date(row.limit_ends_at).getTime()));

  const expectNear = (actual: number | null | undefined, expected: number) => {
    expect(actual).not.toBeNull();
    expect(Math.abs(actual! - expected), `${new Date(actual!).toISOString()} vs ${new Date(expected).toISOString()}`).toBeLessThanOrEqual(SLACK);
  };

  it('a 30-minute limit with 25 minutes used gives a session that ends 5 minutes after login, then answers sessionLimitReached', async () => {
    const player = await createPlayer(db, 'casino1');
    await pastSession(player, 60 * MIN, 35 * MIN);
    const first = await session(player);
    const set = await setLimit(first, 'session', 'day', '30');
    expect(sessionLimitView(set)).toMatchObject({ kind: 'session', period: 'day', amount: '30', used: '25', left: '5', pending: null });
    // A second device: it and the first end together, 5 minutes from now.
    const loggedInAt = Date.now();
    const second = await session(player);
    const ends = await liveEnds(player);
    expect(ends).toHaveLength(2);
    for (const end of ends) expectNear(end, loggedInAt + 5 * MIN);
    expect((await balance(second)).status).toBe(200);

    // Time passes: the limit's end is moved into the past rather than waited for.
    await db.execute(sql`update sessions set limit_ends_at = now() - interval '1 second' where player_id = ${player.id} and revoked_at is null`);
    const ended = await balance(second);
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({ statusCode: 0, message: 'sessionLimitReached' });
    expect((await balance(first)).body).toMatchObject({ statusCode: 0, message: 'sessionLimitReached' });
  });

  it('a login with the limit used up is refused until time is left again, exactly', async () => {
    const player = await createPlayer(db, 'casino1');
    // 20 minutes that start leaving the window in 10 minutes, and 10 minutes just now: 30 of 30.
    await pastSession(player, DAY - 10 * MIN, DAY - 30 * MIN);
    await pastSession(player, 10 * MIN, 0);
    const live = await session(player);
    expect(sessionLimitView(await setLimit(live, 'session', 'day', '30'))).toMatchObject({ used: '30', left: '0' });
    // The limit cuts the live session at once.
    expect((await balance(live)).body).toMatchObject({ statusCode: 0, message: 'sessionLimitReached' });
    const before = Date.now();
    const refusedReply = await post('/api/auth/login', { ...siteOf(DOMAIN), account_id: player.accountId, password: player.password });
    const refused = sessionLimitFailureReply.parse(refusedReply.body);
    expect(refusedReply.status).toBe(403);
    expectNear(new Date(refused.until).getTime(), before + 10 * MIN);
    // The window then holds less than the limit: a login is let in (its session has a moment).
    await db.execute(sql`update sessions set created_at = created_at - interval '11 minutes', last_seen_at = last_seen_at - interval '11 minutes',
      revoked_at = revoked_at - interval '11 minutes', limit_ends_at = limit_ends_at - interval '11 minutes' where player_id = ${player.id}`);
    expect(await login(player)).toMatchObject({ statusCode: 1 });
  });

  it('lowering mid-session cuts the live session at once; raising waits 24 hours and a confirmation, then moves the end', async () => {
    const player = await createPlayer(db, 'casino1');
    await pastSession(player, 120 * MIN, 80 * MIN);
    const s = await session(player);
    const at = Date.now();
    await setLimit(s, 'session', 'day', '120');
    expectNear((await liveEnds(player))[0]!, at + 80 * MIN);
    // A raise: waits; the end stays.
    const raised = sessionLimitView(await setLimit(s, 'session', 'day', '240'));
    expect(raised).toMatchObject({ amount: '120', pending: { amount: '240', confirmable: false } });
    expect(new Date(raised!.pending!.from).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
    expectNear((await liveEnds(player))[0]!, at + 80 * MIN);
    expect(await confirm(s, 'session', 'day')).toEqual({ statusCode: 0, message: 'limitNotReady' });
    await db.execute(sql`update player_limits set pending_from = now() - interval '1 minute' where player_id = ${player.id}`);
    expect(sessionLimitView(await confirm(s, 'session', 'day'))).toMatchObject({ amount: '240', pending: null });
    expectNear((await liveEnds(player))[0]!, Date.now() + 200 * MIN);
    // Lower than what is used: the session ends now.
    expect(sessionLimitView(await setLimit(s, 'session', 'day', '30'))).toMatchObject({ amount: '30', left: '0' });
    expect((await balance(s)).body).toMatchObject({ statusCode: 0, message: 'sessionLimitReached' });
  });

  it('a removal, once confirmed, lifts the end of the live sessions', async () => {
    const player = await createPlayer(db, 'casino1');
    const s = await session(player);
    await setLimit(s, 'session', 'day', '60');
    expectNear((await liveEnds(player))[0]!, Date.now() + 60 * MIN);
    expect(sessionLimitView(await setLimit(s, 'session', 'day', null))).toMatchObject({ amount: '60', pending: { amount: null } });
    await db.execute(sql`update player_limits set pending_from = now() - interval '1 minute' where player_id = ${player.id}`);
    expect(responsibleStatusReply.parse(await confirm(s, 'session', 'day')).limits).toEqual([]);
    expect(await liveEnds(player)).toEqual([null]);
    expect((await balance(s)).status).toBe(200);
  });

  it('refuses a session limit in another period or not in whole minutes of 1 to 1440', async () => {
    const s = await session(await createPlayer(db, 'casino1'));
    for (const [period, amount] of [['week', '60'], ['day', '0'], ['day', '1441'], ['day', '30.5']] as const) {
      expect(await setLimit(s, 'session', period, amount), `${period} ${amount}`).toMatchObject({ statusCode: 0, message: 'validationError' });
    }
    expect(sessionLimitView(await setLimit(s, 'session', 'day', '1440'))).toMatchObject({ amount: '1440' });
  });

  it('money limits and stakes still work beside a session limit', async () => {
    const player = await createPlayer(db, 'casino1');
    const s = await session(player);
    await setLimit(s, 'session', 'day', '600');
    await setLimit(s, 'deposit', 'day', '100');
    const deposit = async (amount: string) =>
      (await post(BANKING.deposit, { ...creds(s), ...(await receivingOf(db, s.siteId)), amount, transfer_reference: 'FT0001' })).body;
    expect(limitExceededReply.parse(await deposit('150'))).toEqual({ statusCode: 0, message: 'limitExceeded', kind: 'deposit', period: 'day', left: '100.0000' });
    expect(await deposit('100')).toMatchObject({ statusCode: 1 });
    // No stake limit: the stake guard lets a debit through, whatever the session limit.
    await credit(db, s, '50', `test:sl-funds:${player.id}`);
    const game = await gameOf(db, s.siteId, 'PG');
    const { token } = await launchGame(server.app, s, 'PG', game.gameCode);
    expect((await callback(server.app, 'debit', { token, transaction_id: `sl-${player.id}-1`, round_id: `sl-${player.id}`, amount: '7' })).status).toBe(200);
    const kinds = responsibleStatusReply.parse((await post('/api/responsible/status', creds(s))).body).limits.map((limit) => limit.kind);
    expect(kinds).toEqual(['deposit', 'session']);
  });

  it("reality check: the interval is saved, and the reply says this session's stakes, wins and net result exactly", async () => {
    const player = await createPlayer(db, 'casino1');
    const s = await session(player);
    await credit(db, s, '100', `test:rc-funds:${player.id}`);
    const game = await gameOf(db, s.siteId, 'PG');
    const { token } = await launchGame(server.app, s, 'PG', game.gameCode);
    let n = 0;
    const move = (type: 'debit' | 'credit', amount: string) =>
      callback(server.app, type, { token, transaction_id: `rc-${player.id}-${(n += 1)}`, round_id: `rc-${player.id}`, amount });
    // A stake before this session started does not count: the session is made to start after it.
    expect((await move('debit', '40')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await db.execute(sql`update sessions set created_at = now() where player_id = ${player.id} and revoked_at is null`);
    expect((await move('debit', '12.5')).status).toBe(200);
    expect((await move('credit', '2.25')).status).toBe(200);
    expect((await move('debit', '0.0001')).status).toBe(200);

    const reply = realityCheckReply.parse((await post('/api/responsible/reality_check', creds(s))).body);
    expect(reply).toMatchObject({ interval_minutes: null, session_ends_at: null, stakes: '12.5001', wins: '2.2500', net_result: '-10.2501' });
    expect(Date.now() - new Date(reply.session_started_at).getTime()).toBeLessThan(60_000);

    const saved = realityCheckReply.parse((await post('/api/responsible/reality_check/save', { ...creds(s), interval_minutes: 30 })).body);
    expect(saved).toMatchObject({ interval_minutes: 30, stakes: '12.5001' });
    for (const wrong of [10, 61, 20.5, '30']) {
      expect((await post('/api/responsible/reality_check/save', { ...creds(s), interval_minutes: wrong })).body, String(wrong)).toMatchObject({ statusCode: 0, message: 'validationError' });
    }
    // With a session limit, the reply says when it ends the session.
    await setLimit(s, 'session', 'day', '90');
    const limited = realityCheckReply.parse((await post('/api/responsible/reality_check', creds(s))).body);
    expect(limited.interval_minutes).toBe(30);
    expectNear(new Date(limited.session_ends_at!).getTime(), new Date(limited.session_started_at).getTime() + 90 * MIN);
    const off = realityCheckReply.parse((await post('/api/responsible/reality_check/save', { ...creds(s), interval_minutes: null })).body);
    expect(off.interval_minutes).toBeNull();
    expect((await post('/api/responsible/reality_check', { account_id: player.accountId, auth: 'x'.repeat(43) })).body).toMatchObject({ statusCode: 0, message: 'sessionExpired' });
  });
});
