/**
 * The simulated odds feed (issue 24 §3, ADR 0036) driven step by step with the moment passed in:
 * fixtures announced with prices, matches going live with their score, clock and moving prices,
 * suspended around a goal, and results that settle the bets on them exactly once.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIVE_SPORTS_PATH, liveSportsEvent, type LiveSportsEvent } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { readBalances } from '../../src/ledger/index.js';
import { COUNTRIES, fixtureOfSlot, newFeedMemory, runFeedTick, type SimulatedFeedOptions } from '../../src/sports/index.js';
import { simulateMatch } from '../../src/sports/feed/simulation.js';
import { backends, createTestServer, postJson, type TestServer } from './helpers.js';
import { newPlayer } from './rewards-fixtures.js';
import { credit, expectAllWalletsMatchLedger } from './banking-fixtures.js';

const MINUTE = 60_000;
/** Far from the real clock, so the demo's own matches never mix in. */
const T0 = Date.UTC(2031, 0, 1);

interface MatchRow {
  id: number;
  status: string;
  home_score: number | null;
  away_score: number | null;
  minute: number | null;
  suspended: boolean;
  resulted: boolean;
}

describe.each(backends)('simulated sports feed on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  // A fixed seed: every run plays the same matches (each test file has a database of its own).
  const options: SimulatedFeedOptions = { seed: 'feedtest', kickOffEveryMs: 2 * MINUTE, durationMs: 6 * MINUTE, announceAheadMs: 4 * MINUTE };
  const slot0 = T0 / options.kickOffEveryMs;
  const key = (slot: number) => `sim:${options.seed}:${slot}`;

  beforeAll(async () => {
    server = await createTestServer({ backend, services: { sportsInPlayDelayMs: 0 } });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const matchOf = async (slot: number) =>
    (
      await queryRows<MatchRow>(
        db,
        sql`select id, status, home_score, away_score, minute, suspended, resulted_at is not null as resulted from matches where feed_key = ${key(slot)}`,
      )
    )[0];
  const pricesOf = (matchId: number) =>
    queryRows<{ id: number; bet_type: string; home_away: string; criteria1: string; odds: string; version: number; open: boolean }>(
      db,
      sql`select id, bet_type, home_away, criteria1, odds::text as odds, version, open from match_odds where match_id = ${matchId} order by id`,
    );

  it('announces the coming fixtures with prices, and a second step at the same moment writes nothing', async () => {
    const memory = newFeedMemory();
    await runFeedTick(db, options, T0, memory);
    // The match of slot0 kicks off at T0; the next two are still to come.
    for (let slot = slot0 + 1; slot <= slot0 + 2; slot += 1) {
      const fixture = fixtureOfSlot(options, slot);
      const [row] = await queryRows<{ home_team_name: string; start_time: Date; status: string }>(db, sql`select home_team_name, start_time, status from matches where feed_key = ${key(slot)}`);
      expect(row).toMatchObject({ home_team_name: fixture.homeTeam, status: 'upcoming' });
      expect(new Date(row!.start_time).getTime()).toBe(slot * options.kickOffEveryMs);
    }
    const first = await matchOf(slot0 + 1);
    const prices = await pricesOf(first!.id);
    expect(new Set(prices.map((price) => price.bet_type))).toEqual(new Set(['1X2', 'HDP', 'OU']));
    // A new process (memory empty) at the same moment agrees with what is written: nothing moves.
    await runFeedTick(db, options, T0, newFeedMemory());
    expect(await pricesOf(first!.id)).toEqual(prices);
  });

  it('plays a match: live with the simulated score and clock, prices moving with them, then resulted', async () => {
    // A football match (tennis prices move only when a set ends).
    let slot = slot0 + 1;
    while (fixtureOfSlot(options, slot).sport !== 'soccer') slot += 1;
    const kickOff = slot * options.kickOffEveryMs;
    const fixture = fixtureOfSlot(options, slot);
    const memory = newFeedMemory();
    await runFeedTick(db, options, kickOff - MINUTE, memory);
    const match = (await matchOf(slot))!;
    const before = await pricesOf(match.id);

    await runFeedTick(db, options, kickOff + options.durationMs / 2, memory);
    const halfway = (await matchOf(slot))!;
    expect(halfway.status).toBe('live');
    expect(halfway.minute).toBeGreaterThan(0);
    expect(halfway.home_score).not.toBeNull();
    const during = await pricesOf(match.id);
    expect(during.some((price) => price.version > 1 || !before.some((old) => old.id === price.id))).toBe(true);

    const [{ home_team_name: home, away_team_name: away }] = (await queryRows<{ home_team_name: string; away_team_name: string }>(
      db,
      sql`select home_team_name, away_team_name from matches where id = ${match.id}`,
    )) as [{ home_team_name: string; away_team_name: string }];
    expect([home, away]).toEqual([fixture.homeTeam, fixture.awayTeam]);

    await runFeedTick(db, options, kickOff + options.durationMs + 1_000, memory);
    const ended = (await matchOf(slot))!;
    expect(ended).toMatchObject({ status: 'finished', resulted: true, suspended: false });
    expect((await pricesOf(match.id)).every((price) => !price.open)).toBe(true);
  });

  it('suspends a match just after a goal, and its bets are refused until it reopens', async () => {
    // The first fixture with a score change in its first half: its moment is known from the simulation.
    // Slots after the ones the tests above played.
    let slot = slot0 + 10;
    let change: { atMs: number } | undefined;
    for (; slot < slot0 + 50 && !change; slot += 1) {
      const fixture = fixtureOfSlot(options, slot);
      const strength = (team: string) => Object.values(COUNTRIES).find(([name]) => name === team)![2];
      const course = simulateMatch(
        options.seed,
        { key: fixture.feedKey, sport: fixture.sport as 'soccer', homeStrength: strength(fixture.homeTeam), awayStrength: strength(fixture.awayTeam) },
        { durationMs: options.durationMs },
      );
      if (fixture.sport === 'soccer') change = course.scoreChanges.find((entry) => entry.atMs < options.durationMs - MINUTE);
      if (change) break;
    }
    expect(change).toBeDefined();
    const kickOff = slot * options.kickOffEveryMs;
    const memory = newFeedMemory();
    await runFeedTick(db, options, kickOff + change!.atMs + 100, memory);
    const match = (await matchOf(slot))!;
    expect(match).toMatchObject({ status: 'live', suspended: true });

    const player = await newPlayer(db, 'casino1');
    await credit(db, player, '100', `feed-test-${player.playerId}`);
    const [price] = (await pricesOf(match.id)).filter((row) => row.open);
    const placed = await postJson(server.app, '/api/sports/place_bet', {
      account_id: player.account_id,
      auth: player.auth,
      selections: [{ selection_id: price!.id, odds: price!.odds }],
      stake: '5',
      odds_change: 'any',
      client_bet_id: `feed-${randomBytes(6).toString('hex')}`,
    });
    expect(placed.body).toEqual({ statusCode: 0, message: 'marketSuspended' });
    // Two minutes of the match later (a sixth of it), the suspension is over.
    await runFeedTick(db, options, kickOff + change!.atMs + options.durationMs / 6, memory);
    expect((await matchOf(slot))!.suspended).toBe(false);
  });

  it('settles the bets on a simulated match with its result, once, however many steps see it end', async () => {
    const slot = slot0 + 60;
    const kickOff = slot * options.kickOffEveryMs;
    const memory = newFeedMemory();
    await runFeedTick(db, options, kickOff - MINUTE, memory);
    const match = (await matchOf(slot))!;
    const prices = (await pricesOf(match.id)).filter((row) => row.open && row.bet_type === '1X2');
    const player = await newPlayer(db, 'casino1');
    await credit(db, player, '100', `feed-settle-${player.playerId}`);
    for (const price of prices) {
      const reply = await postJson(server.app, '/api/sports/place_bet', {
        account_id: player.account_id,
        auth: player.auth,
        selections: [{ selection_id: price.id, odds: price.odds }],
        stake: '10',
        odds_change: 'none',
        client_bet_id: `feed-${randomBytes(6).toString('hex')}`,
      });
      expect(reply.body.statusCode).toBe(1);
    }
    const afterStakes = (await readBalances(db, player.playerId)).balance;
    const end = kickOff + options.durationMs + 1_000;
    const resultedCount = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from matches where feed_key like ${`sim:${options.seed}:%`} and resulted_at is not null`))[0]!.n;
    const before = await resultedCount();
    // Two processes see the end at once: each match is resulted by one of them.
    const resulted = await Promise.all([runFeedTick(db, options, end, memory), runFeedTick(db, options, end, newFeedMemory())]);
    expect(resulted.reduce((sum, step) => sum + step.resulted, 0)).toBe((await resultedCount()) - before);
    expect((await matchOf(slot))!.resulted).toBe(true);
    await runFeedTick(db, options, end + MINUTE, newFeedMemory());
    const bets = await queryRows<{ status: string; payout: string }>(db, sql`select status, payout::text as payout from sports_bets where player_id = ${player.playerId} order by id`);
    // Every 1X2 outcome was backed: exactly one wins (or, for a level two-way match, all are void).
    const won = bets.filter((bet) => bet.status === 'won');
    expect(won.length === 1 || bets.every((bet) => bet.status === 'void')).toBe(true);
    const paid = bets.reduce((sum, bet) => sum + Number(bet.payout), 0);
    expect(Number((await readBalances(db, player.playerId)).balance)).toBeCloseTo(Number(afterStakes) + paid, 4);
    await expectAllWalletsMatchLedger(db);
  });

  it('pushes the matches a step changed to the pages watching the live board, at once and in one event', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const slot = slot0 + 80;
    const events: LiveSportsEvent[] = [];
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${address}${LIVE_SPORTS_PATH}`, resolve).on('error', reject));
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: matches\ndata: (.*)$/m.exec(frame)?.[1];
        if (data) events.push(liveSportsEvent.parse(JSON.parse(data)));
      }
    });
    try {
      await runFeedTick(db, options, slot * options.kickOffEveryMs - MINUTE, newFeedMemory());
      const announced = fixtureOfSlot(options, slot);
      const deadline = Date.now() + 10_000;
      // The fixture and its prices are two updates: a push may fall between them, so the match is
      // looked for in the latest event that has it.
      const seen = () =>
        events
          .flatMap((event) => event.value)
          .findLast((match) => match.home_team_name === announced.homeTeam && Date.parse(match.start_time) === announced.startTime.getTime());
      while (!seen()?.odds.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen()).toMatchObject({ status: 'upcoming', suspended: false });
      expect(seen()!.odds.length).toBeGreaterThan(0);
      expect(server.app.liveSports.size).toBe(1);
    } finally {
      stream.destroy();
    }
  });
});
