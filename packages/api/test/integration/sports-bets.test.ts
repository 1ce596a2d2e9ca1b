/**
 * The sportsbook (issue 24 §2, §4, ADR 0035) over HTTP: POST /api/sports/place_bet places singles
 * and accumulators at the prices the player saw or as their odds-change choice allows, within the
 * site's limits and the balance, once per client bet id; settleMatch settles every bet on a match
 * exactly once, an accumulator when its last leg settles. Concurrency runs on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { toMinorUnits } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { matches, matchOdds, siteSettings } from '../../src/db/schema.js';
import { readBalances } from '../../src/ledger/index.js';
import { forgetSportsLimits, settleMatch } from '../../src/sports/index.js';
import { backends, createTestServer, postJson, TEST_DATABASE_URL, type TestServer } from './helpers.js';
import { expectReply } from './content-fixtures.js';
import { newPlayer, type TestSession } from './rewards-fixtures.js';
import { credit, expectAllWalletsMatchLedger, operatorKey, opsCall } from './banking-fixtures.js';

const IN_PLAY_DELAY_MS = 400;

interface TestMatch {
  id: number;
  /** Selection ids by "type:side". */
  selections: Record<string, number>;
}

/** A match of its own for each test, so tests never share prices: 1X2, HDP −0.25 and OU 2.5 (quarter and half lines). */
async function addMatch(db: Db, status: 'upcoming' | 'live' = 'upcoming'): Promise<TestMatch> {
  const [match] = await db
    .insert(matches)
    .values({
      sport: 'soccer',
      league: 'Test League',
      startTime: new Date(Date.now() + (status === 'live' ? -30 : 120) * 60_000),
      status,
      homeTeamName: `Home ${randomBytes(3).toString('hex')}`,
      awayTeamName: 'Away',
      homeScore: status === 'live' ? 0 : null,
      awayScore: status === 'live' ? 0 : null,
    })
    .returning({ id: matches.id });
  const rows = await db
    .insert(matchOdds)
    .values([
      { matchId: match!.id, betType: '1X2', homeAway: 'home', criteria1: '', odds: '2.000' },
      { matchId: match!.id, betType: '1X2', homeAway: 'draw', criteria1: '', odds: '3.400' },
      { matchId: match!.id, betType: '1X2', homeAway: 'away', criteria1: '', odds: '3.800' },
      { matchId: match!.id, betType: 'HDP', homeAway: 'home', criteria1: '-0.25', odds: '1.900' },
      { matchId: match!.id, betType: 'HDP', homeAway: 'away', criteria1: '-0.25', odds: '1.950' },
      { matchId: match!.id, betType: 'OU', homeAway: 'over', criteria1: '2.5', odds: '1.850' },
      { matchId: match!.id, betType: 'OU', homeAway: 'under', criteria1: '2.5', odds: '2.050' },
    ])
    .returning({ id: matchOdds.id, betType: matchOdds.betType, homeAway: matchOdds.homeAway });
  return { id: match!.id, selections: Object.fromEntries(rows.map((row) => [`${row.betType}:${row.homeAway}`, row.id])) };
}

const setPrice = (db: Db, selectionId: number, odds: string) => db.execute(sql`update match_odds set odds = ${odds}, version = version + 1 where id = ${selectionId}`);

describe.each(backends)('sportsbook bets on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend, poolSize: backend === 'postgres' ? 24 : 4, services: { sportsInPlayDelayMs: IN_PLAY_DELAY_MS } });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function fundedPlayer(amount = '1000'): Promise<TestSession> {
    const player = await newPlayer(db, 'casino1');
    await credit(db, player, amount, `sports-test-fund-${player.playerId}`);
    return player;
  }

  const place = async (player: TestSession, body: { selections: { selection_id: number; odds: string }[]; stake: string; odds_change?: string; client_bet_id?: string }) => {
    const { response, body: reply } = await postJson(server.app, '/api/sports/place_bet', {
      account_id: player.account_id,
      auth: player.auth,
      odds_change: 'none',
      client_bet_id: `slip-${randomBytes(8).toString('hex')}`,
      ...body,
    });
    return { status: response.statusCode, reply };
  };
  /** Places a bet that must be taken: [match, "type:side", price seen] per leg. */
  const placeOk = async (player: TestSession, legs: [TestMatch, string, string][], stake: string) => {
    const reply = expectReply('placeBet', (await place(player, { selections: legs.map(([match, key, odds]) => ({ selection_id: match.selections[key]!, odds })), stake })).reply);
    if (reply.statusCode !== 1) throw new Error(`refused: ${reply.message}`);
    return reply;
  };
  const balanceOf = async (player: TestSession) => (await readBalances(db, player.playerId)).balance;
  const money = (value: string) => toMinorUnits(value);

  it('match_list names every price by its selection id and shows a match suspended or under way', async () => {
    const match = await addMatch(db, 'live');
    await db.execute(sql`update matches set suspended = true, minute = 31 where id = ${match.id}`);
    const { body } = await server.app.inject({ method: 'GET', url: '/api/home/match_list' }).then((response) => ({ body: JSON.parse(response.body) as unknown }));
    const listed = expectReply('matchList', body).value.find((entry) => entry.match_id === match.id)!;
    expect(listed).toMatchObject({ suspended: true, minute: 31, status: 'live' });
    expect(listed.odds.find((selection) => selection.bet_type === '1X2' && selection.home_away === 'home')).toMatchObject({ selection_id: match.selections['1X2:home'], odds: '2.00' });
  });

  it('places a single: the stake leaves the balance through the ledger, and the same client bet id places once', async () => {
    const player = await fundedPlayer();
    const match = await addMatch(db);
    const slip = { selections: [{ selection_id: match.selections['1X2:home']!, odds: '2.00' }], stake: '25.50', client_bet_id: `slip-${randomBytes(8).toString('hex')}` };
    const first = await place(player, slip);
    expect(first.status).toBe(200);
    const placed = expectReply('placeBet', first.reply);
    if (placed.statusCode !== 1) throw new Error('not placed');
    expect(placed).toMatchObject({ placed: true, balance: '974.5000', bet: { kind: 'single', status: 'pending', stake: '25.5000', odds: '2.00', potential_return: '51.0000', in_play: false } });
    expect(placed.bet.legs).toEqual([expect.objectContaining({ selection_id: match.selections['1X2:home'], match_id: match.id, bet_type: '1X2', home_away: 'home', criteria1: null, odds: '2.00', result: null })]);

    const again = expectReply('placeBet', (await place(player, slip)).reply);
    expect(again).toMatchObject({ statusCode: 1, placed: false, bet: { bet_id: placed.bet.bet_id, ticket: placed.bet.ticket } });
    expect(await balanceOf(player)).toBe('974.5000');
    // The same id for another bet is a client's bug, not a second bet.
    expect((await place(player, { ...slip, stake: '30' })).reply).toMatchObject({ statusCode: 0, message: 'idempotencyConflict' });

    const [entry] = await queryRows<{ amount: string; type: string; n: number }>(
      db,
      sql`select sum(amount)::text as amount, min(type) as type, count(*)::int as n from ledger_entries where player_id = ${player.playerId} and type = 'bet'`,
    );
    expect(entry).toEqual({ amount: '-25.5000', type: 'bet', n: 1 });
    const history = await postJson(server.app, '/api/banking/bet_history', { account_id: player.account_id, auth: player.auth, kind: 'sports', page: 1 });
    expect(history.body).toMatchObject({ statusCode: 1, total: 1, value: [{ bet_id: placed.bet.bet_id, status: 'pending', stake: '25.5000', reference: placed.bet.ticket }] });
    await expectAllWalletsMatchLedger(db);
  });

  it('places an accumulator of different matches at the product of its prices, and refuses two selections of one match', async () => {
    const player = await fundedPlayer();
    const [a, b] = [await addMatch(db), await addMatch(db)];
    await db.execute(sql`update matches set local_names = ${JSON.stringify({ vi: { home: 'Đội nhà', away: 'Đội khách' } })}::jsonb where id = ${b.id}`);
    const reply = await placeOk(player, [[a, '1X2:home', '2.00'], [b, 'OU:over', '1.85']], '10');
    expect(reply).toMatchObject({ statusCode: 1, bet: { kind: 'accumulator', odds: '3.70', potential_return: '37.0000' } });
    // Every leg names its teams in each language its match has (the second too, not only the first).
    expect(reply.bet.legs[1]).toMatchObject({ home_name_vi: 'Đội nhà', away_name_vi: 'Đội khách', home_name_en: expect.stringMatching(/^Home /), away_name_en: 'Away' });
    expect((await historyOf(player)).value[0]!.legs[1]).toMatchObject({ home_name_vi: 'Đội nhà', away_name_vi: 'Đội khách' });
    const same = await place(player, {
      selections: [
        { selection_id: a.selections['1X2:home']!, odds: '2.00' },
        { selection_id: a.selections['OU:over']!, odds: '1.85' },
      ],
      stake: '10',
    });
    expect(same.reply).toEqual({ statusCode: 0, message: 'sameMatchSelections' });
    expect(await balanceOf(player)).toBe('990.0000');
  });

  it('follows the odds-change choice: none refuses any move with the prices now, higher takes only a rise, any takes either', async () => {
    const player = await fundedPlayer();
    const match = await addMatch(db);
    const home = match.selections['1X2:home']!;
    await setPrice(db, home, '2.100');
    const seen = [{ selection_id: home, odds: '2.00' }];
    expect((await place(player, { selections: seen, stake: '5', odds_change: 'none' })).reply).toEqual({
      statusCode: 0,
      message: 'oddsChanged',
      prices: [{ selection_id: home, odds: '2.10', open: true }],
    });
    expect((await place(player, { selections: seen, stake: '5', odds_change: 'higher' })).reply).toMatchObject({ statusCode: 1, bet: { odds: '2.10', potential_return: '10.5000' } });
    await setPrice(db, home, '1.900');
    expect((await place(player, { selections: seen, stake: '5', odds_change: 'higher' })).reply).toMatchObject({ statusCode: 0, message: 'oddsChanged', prices: [{ odds: '1.90' }] });
    expect((await place(player, { selections: seen, stake: '5', odds_change: 'any' })).reply).toMatchObject({ statusCode: 1, bet: { odds: '1.90' } });
    expect(await balanceOf(player)).toBe('990.0000');
  });

  it("refuses a bet above what the player's wager limit leaves, with the amount left, and places nothing (issue 25 §2)", async () => {
    const player = await fundedPlayer();
    const match = await addMatch(db);
    await db.execute(sql`insert into player_limits (site_id, player_id, kind, period, amount) values (${player.siteId}, ${player.playerId}, 'wager', 'day', 25)`);
    await placeOk(player, [[match, '1X2:home', '2.00']], '20');
    const before = await balanceOf(player);
    const refused = await place(player, { selections: [{ selection_id: match.selections['1X2:home']!, odds: '2.00' }], stake: '6' });
    expect(refused.reply).toEqual({ statusCode: 0, message: 'limitExceeded', kind: 'wager', period: 'day', left: '5.0000' });
    expect(await balanceOf(player)).toBe(before);
    await placeOk(player, [[match, '1X2:home', '2.00']], '5');
  });

  it('takes no bet on a suspended match, a withdrawn line, a finished match or an unknown selection', async () => {
    const player = await fundedPlayer();
    const match = await addMatch(db);
    const selection = { selection_id: match.selections['OU:under']!, odds: '2.05' };
    await db.execute(sql`update matches set suspended = true where id = ${match.id}`);
    expect((await place(player, { selections: [selection], stake: '5' })).reply).toEqual({ statusCode: 0, message: 'marketSuspended' });
    await db.execute(sql`update matches set suspended = false where id = ${match.id}`);
    await db.execute(sql`update match_odds set open = false where id = ${selection.selection_id}`);
    expect((await place(player, { selections: [selection], stake: '5' })).reply).toEqual({ statusCode: 0, message: 'marketClosed' });
    await db.execute(sql`update matches set status = 'finished' where id = ${match.id}`);
    expect((await place(player, { selections: [{ selection_id: match.selections['1X2:draw']!, odds: '3.40' }], stake: '5' })).reply).toEqual({ statusCode: 0, message: 'marketClosed' });
    expect((await place(player, { selections: [{ selection_id: 2_000_000_000, odds: '3.40' }], stake: '5' })).reply).toEqual({ statusCode: 0, message: 'marketClosed' });
    expect(await balanceOf(player)).toBe('1000.0000');
  });

  it("holds the stake within the site's limits, the return within its maximum payout and the balance", async () => {
    const player = await fundedPlayer('50');
    const match = await addMatch(db);
    const away = [{ selection_id: match.selections['1X2:away']!, odds: '3.80' }];
    await db
      .insert(siteSettings)
      .values([
        { siteId: player.siteId, key: 'sports.min_stake', value: '2' },
        { siteId: player.siteId, key: 'sports.max_stake', value: '500' },
        { siteId: player.siteId, key: 'sports.max_payout', value: '1000' },
      ])
      .onConflictDoNothing();
    // Limits are read at most every few seconds per site: this test's change applies now.
    forgetSportsLimits(player.siteId);
    try {
      expect((await place(player, { selections: away, stake: '1.99' })).reply).toEqual({ statusCode: 0, message: 'amountTooSmall' });
      expect((await place(player, { selections: away, stake: '500.01' })).reply).toEqual({ statusCode: 0, message: 'amountTooLarge' });
      // 300 × 3.80 = 1,140 > 1,000.
      expect((await place(player, { selections: away, stake: '300' })).reply).toEqual({ statusCode: 0, message: 'payoutTooLarge' });
      expect((await place(player, { selections: away, stake: '50.01' })).reply).toEqual({ statusCode: 0, message: 'insufficientBalance' });
      expect((await place(player, { selections: away, stake: '50' })).reply).toMatchObject({ statusCode: 1, balance: '0.0000' });
    } finally {
      await db.execute(sql`delete from site_settings where site_id = ${player.siteId} and key like 'sports.%'`);
      forgetSportsLimits(player.siteId);
    }
    const [{ bets }] = (await queryRows<{ bets: number }>(db, sql`select count(*)::int as bets from sports_bets where player_id = ${player.playerId}`)) as [{ bets: number }];
    expect(bets).toBe(1);
  });

  it('waits the in-play delay and refuses a bet whose price moved or whose match was suspended meanwhile', async () => {
    const player = await fundedPlayer();
    const match = await addMatch(db, 'live');
    const home = match.selections['1X2:home']!;
    const started = Date.now();
    const calm = await place(player, { selections: [{ selection_id: home, odds: '2.00' }], stake: '5' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IN_PLAY_DELAY_MS - 20);
    expect(calm.reply).toMatchObject({ statusCode: 1, bet: { in_play: true } });

    const moved = place(player, { selections: [{ selection_id: home, odds: '2.00' }], stake: '5' });
    await new Promise((resolve) => setTimeout(resolve, IN_PLAY_DELAY_MS / 4));
    await setPrice(db, home, '1.800');
    expect((await moved).reply).toMatchObject({ statusCode: 0, message: 'oddsChanged', prices: [{ selection_id: home, odds: '1.80' }] });

    const suspended = place(player, { selections: [{ selection_id: home, odds: '1.80' }], stake: '5', odds_change: 'any' });
    await new Promise((resolve) => setTimeout(resolve, IN_PLAY_DELAY_MS / 4));
    await db.execute(sql`update matches set suspended = true where id = ${match.id}`);
    expect((await suspended).reply).toEqual({ statusCode: 0, message: 'marketSuspended' });
    expect(await balanceOf(player)).toBe('995.0000');
  });

  it('settles a match once: singles, half results of a quarter line, and an accumulator when its last leg settles', async () => {
    const player = await fundedPlayer();
    const [a, b] = [await addMatch(db), await addMatch(db)];
    const bet = async (legs: [TestMatch, string, string][], stake: string) => (await placeOk(player, legs, stake)).bet.bet_id.slice(2);
    const home = await bet([[a, '1X2:home', '2.00']], '10'); // 1-1: lost
    const draw = await bet([[a, '1X2:draw', '3.40']], '10'); // won: 34
    const hdp = await bet([[a, 'HDP:home', '1.90']], '10'); // home −0.25 at 1-1: half lost, 5 back
    const hdpAway = await bet([[a, 'HDP:away', '1.95']], '10'); // half won: 5 × 1.95 + 5 = 14.75
    const acca = await bet([[a, 'OU:under', '2.05'], [b, '1X2:away', '3.80']], '10');
    const before = money(await balanceOf(player));

    expect(await settleMatch(db, a.id, { homeScore: 1, awayScore: 1 })).toMatchObject({ applied: true, selections: 7, bets: 4 });
    expect(await settleMatch(db, a.id, { homeScore: 1, awayScore: 1 })).toEqual({ applied: false, selections: 0, bets: 0 });
    const status = async (id: string) =>
      (await queryRows<{ status: string; payout: string }>(db, sql`select status, payout::text as payout from sports_bets where id = ${Number(id)}`))[0];
    expect(await status(home)).toEqual({ status: 'lost', payout: '0.0000' });
    expect(await status(draw)).toEqual({ status: 'won', payout: '34.0000' });
    expect(await status(hdp)).toEqual({ status: 'won', payout: '5.0000' });
    expect(await status(hdpAway)).toEqual({ status: 'won', payout: '14.7500' });
    expect(await status(acca)).toEqual({ status: 'pending', payout: '0.0000' });
    expect(money(await balanceOf(player)) - before).toBe(money('53.75'));

    await settleMatch(db, b.id, { homeScore: 0, awayScore: 2 });
    // 10 × 2.05 × 3.80 = 77.90
    expect(await status(acca)).toEqual({ status: 'won', payout: '77.9000' });
    expect(money(await balanceOf(player)) - before).toBe(money('131.65'));
    const history = await postJson(server.app, '/api/banking/bet_history', { account_id: player.account_id, auth: player.auth, kind: 'sports', status: 'won', page: 1 });
    expect(history.body).toMatchObject({ statusCode: 1, total: 4 });
    await expectAllWalletsMatchLedger(db);
  });

  const cashOut = async (player: TestSession, betId: string, amount: string) =>
    (await postJson(server.app, '/api/sports/cash_out', { account_id: player.account_id, auth: player.auth, bet_id: betId, amount })).body;
  const historyOf = async (player: TestSession) =>
    expectReply('betHistory', (await postJson(server.app, '/api/banking/bet_history', { account_id: player.account_id, auth: player.auth, kind: 'sports', page: 1 })).body);

  it('offers a cash-out from the prices now, pays it once, and leaves nothing for settlement to pay', async () => {
    const player = await fundedPlayer();
    const [a, b] = [await addMatch(db), await addMatch(db)];
    const placed = await placeOk(player, [[a, '1X2:home', '2.00'], [b, 'OU:over', '1.85']], '10');
    // Home shortens to 1.60: 10 × 2.00/1.60 × 1.85/1.85 × 0.95 = 11.875.
    await setPrice(db, a.selections['1X2:home']!, '1.600');
    const [listed] = (await historyOf(player)).value;
    expect(listed).toMatchObject({ bet_id: placed.bet.bet_id, status: 'pending', bet_kind: 'accumulator', potential_return: '37.0000', cash_out: '11.8750' });
    expect(listed!.legs.map((leg) => [leg.selection_id, leg.odds, leg.match_status])).toEqual([
      [a.selections['1X2:home'], '2.00', 'upcoming'],
      [b.selections['OU:over'], '1.85', 'upcoming'],
    ]);

    // Asking more than the offer: the offer now comes back and nothing moves.
    expect(await cashOut(player, placed.bet.bet_id, '12')).toEqual({ statusCode: 0, message: 'cashOutChanged', cash_out: '11.8750' });
    await db.execute(sql`update matches set suspended = true where id = ${b.id}`);
    expect(await cashOut(player, placed.bet.bet_id, '11.875')).toEqual({ statusCode: 0, message: 'cashOutUnavailable' });
    await db.execute(sql`update matches set suspended = false where id = ${b.id}`);
    const before = money(await balanceOf(player));
    expect(await cashOut(player, placed.bet.bet_id, '11.875')).toMatchObject({ statusCode: 1, amount: '11.8750', bet: { status: 'cashed_out' } });
    expect(money(await balanceOf(player)) - before).toBe(money('11.875'));
    expect(await cashOut(player, placed.bet.bet_id, '1')).toEqual({ statusCode: 0, message: 'cashOutUnavailable' });

    await settleMatch(db, a.id, { homeScore: 2, awayScore: 0 });
    await settleMatch(db, b.id, { homeScore: 2, awayScore: 1 });
    expect(money(await balanceOf(player)) - before).toBe(money('11.875'));
    const [after] = (await historyOf(player)).value;
    expect(after).toMatchObject({ status: 'cashed_out', payout: '11.8750', cash_out: null });
    expect(after!.legs.map((leg) => leg.result)).toEqual(['won', 'won']);
    // Another player's bet is not found.
    const other = await fundedPlayer();
    expect(await cashOut(other, placed.bet.bet_id, '1')).toEqual({ statusCode: 0, message: 'notFound' });
    await expectAllWalletsMatchLedger(db);
  });

  it('settles an accumulator as lost as soon as one leg loses', async () => {
    const player = await fundedPlayer();
    const [a, b] = [await addMatch(db), await addMatch(db)];
    await placeOk(player, [[a, '1X2:away', '3.80'], [b, '1X2:home', '2.00']], '10');
    await settleMatch(db, a.id, { homeScore: 1, awayScore: 0 });
    const [listed] = (await historyOf(player)).value;
    expect(listed).toMatchObject({ status: 'lost', payout: '0.0000', cash_out: null });
    expect(listed!.legs.map((leg) => leg.result)).toEqual(['lost', null]);
  });

  it("lets an operator of every site hold a match, read its liability, void a market and enter the result, each audited; a site's operator only reads", async () => {
    const platform = await operatorKey(db, `sports-${backend}-${randomBytes(3).toString('hex')}`);
    const player = await fundedPlayer();
    const siteKey = await operatorKey(db, `sports-site-${backend}-${randomBytes(3).toString('hex')}`, player.siteId);
    const match = await addMatch(db);
    const bet = async (selection: string, odds: string, stake: string) => (await placeOk(player, [[match, selection, odds]], stake)).bet;
    const home = await bet('1X2:home', '2.00', '10');
    await bet('1X2:home', '2.00', '5');
    const handicap = await bet('HDP:away', '1.95', '20');

    const held = await opsCall(server.app, '/api/ops/sports/hold', platform, { match_id: match.id, held: true, reason: 'Checking a red card' });
    expect(held.body).toMatchObject({ statusCode: 1, held: true });
    expect((await place(player, { selections: [{ selection_id: match.selections['1X2:draw']!, odds: '3.40' }], stake: '5' })).reply).toEqual({ statusCode: 0, message: 'marketSuspended' });
    expect(await cashOut(player, home.bet_id, '1')).toEqual({ statusCode: 0, message: 'cashOutUnavailable' });
    await opsCall(server.app, '/api/ops/sports/hold', platform, { match_id: match.id, held: false, reason: 'Checked' });

    const liability = await opsCall(server.app, '/api/ops/sports/liability', siteKey, { match_id: match.id });
    expect(liability.body).toMatchObject({ statusCode: 1, match_id: match.id, status: 'upcoming' });
    const rows = liability.body.value as { selection_id: number; bets: number; stakes: string; potential_return: string; currency: string | null }[];
    expect(rows.find((row) => row.selection_id === match.selections['1X2:home'])).toMatchObject({ bets: 2, stakes: '15.0000', potential_return: '30.0000' });
    expect(rows.find((row) => row.selection_id === match.selections['HDP:away'])).toMatchObject({ bets: 1, stakes: '20.0000', potential_return: '39.0000' });
    expect(rows.every((row) => row.currency === 'PHP')).toBe(true);
    // Without a site, each currency is summed apart: a bet on a ringgit site is its own row.
    const abroad = await newPlayer(db, 'casino2');
    await credit(db, abroad, '100', `sports-test-fund-${abroad.playerId}`);
    await placeOk(abroad, [[match, '1X2:home', '2.00']], '7');
    const everywhere = (await opsCall(server.app, '/api/ops/sports/liability', platform, { match_id: match.id })).body.value as { selection_id: number; bets: number; stakes: string; currency: string | null }[];
    expect(everywhere.filter((row) => row.selection_id === match.selections['1X2:home']).map(({ bets, stakes, currency }) => ({ bets, stakes, currency }))).toEqual([
      { bets: 1, stakes: '7.0000', currency: 'MYR' },
      { bets: 2, stakes: '15.0000', currency: 'PHP' },
    ]);
    expect(everywhere.find((row) => row.selection_id === match.selections['1X2:draw'])).toMatchObject({ bets: 0, currency: null });

    // A site's operator may not change the platform's shared matches.
    for (const [path, payload] of [
      ['/api/ops/sports/result', { match_id: match.id, home_score: 1, away_score: 0, reason: 'Final whistle' }],
      ['/api/ops/sports/void', { match_id: match.id, reason: 'Abandoned' }],
      ['/api/ops/sports/hold', { match_id: match.id, held: true, reason: 'Why not' }],
    ] as const) {
      expect((await opsCall(server.app, path, siteKey, payload)).body).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    }

    const before = money(await balanceOf(player));
    const voided = await opsCall(server.app, '/api/ops/sports/void', platform, { match_id: match.id, bet_type: 'HDP', line: '-0.25', reason: 'Wrong line published' });
    expect(voided.body).toMatchObject({ statusCode: 1, selections: 2, bets: 1 });
    expect(money(await balanceOf(player)) - before).toBe(money('20'));
    const result = await opsCall(server.app, '/api/ops/sports/result', platform, { match_id: match.id, home_score: 2, away_score: 0, reason: 'Final whistle' });
    expect(result.body).toMatchObject({ statusCode: 1, applied: true, bets: 3 });
    expect(money(await balanceOf(player)) - before).toBe(money('50'));
    expect((await opsCall(server.app, '/api/ops/sports/result', platform, { match_id: match.id, home_score: 0, away_score: 3, reason: 'Again' })).body).toMatchObject({ statusCode: 1, applied: false, bets: 0 });
    expect(money(await balanceOf(player)) - before).toBe(money('50'));
    const statuses = await queryRows<{ status: string }>(db, sql`select status from sports_bets where id in (${Number(home.bet_id.slice(2))}, ${Number(handicap.bet_id.slice(2))}) order by id`);
    expect(statuses.map((row) => row.status)).toEqual(['won', 'void']);
    const audit = await queryRows<{ action: string }>(db, sql`select action from operator_audit where target_type = 'match' and target_id = ${String(match.id)} order by id`);
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['sports.hold', 'sports.release', 'sports.void', 'sports.result']));
    await expectAllWalletsMatchLedger(db);
  });

  it("an operator's corrected result settles the bets again: differences paid or taken back, never below zero, voids and cash-outs kept", async () => {
    const platform = await operatorKey(db, `sports-correct-${backend}-${randomBytes(3).toString('hex')}`);
    const correct = async (match: TestMatch, home: number, away: number) =>
      (await opsCall(server.app, '/api/ops/sports/correct', platform, { match_id: match.id, home_score: home, away_score: away, reason: 'Goal awarded after review' })).body;
    const player = await fundedPlayer();
    const spender = await fundedPlayer('100');
    const [match, other] = [await addMatch(db), await addMatch(db)];
    const home = (await placeOk(player, [[match, '1X2:home', '2.00']], '10')).bet;
    const away = (await placeOk(player, [[match, '1X2:away', '3.80']], '10')).bet;
    const accumulator = (await placeOk(player, [[match, '1X2:home', '2.00'], [other, '1X2:home', '2.00']], '10')).bet;
    const handicap = (await placeOk(player, [[match, 'HDP:away', '1.95']], '20')).bet;
    const cashedOut = (await placeOk(player, [[match, 'OU:over', '1.85']], '10')).bet;
    expect(await cashOut(player, cashedOut.bet_id, '0.01')).toMatchObject({ statusCode: 1 });
    const spent = (await placeOk(spender, [[match, '1X2:home', '2.00']], '100')).bet;

    expect(await correct(match, 0, 1)).toEqual({ statusCode: 0, message: 'notResulted' });
    await opsCall(server.app, '/api/ops/sports/void', platform, { match_id: match.id, bet_type: 'HDP', reason: 'Wrong line published' });
    await opsCall(server.app, '/api/ops/sports/result', platform, { match_id: match.id, home_score: 2, away_score: 0, reason: 'Final whistle' });
    // The spender won 200 and spends 150 of it before the correction.
    await credit(db, spender, '-150', `sports-test-spend-${spender.playerId}`);
    const before = money(await balanceOf(player));

    // 2-0 becomes 0-1: home loses (20 taken back), away wins (38 paid), the accumulator loses; the
    // voided handicap stays void and the cash-out stands. The spender's 200 is taken back as far as 50 goes.
    const first = await correct(match, 0, 1);
    expect(first).toMatchObject({ statusCode: 1, applied: true, selections: 2, bets: 4, paid: '38.0000', reclaimed: '70.0000' });
    expect(first.unrecovered).toEqual([{ site: expect.any(String), account_id: spender.account_id, ticket: spent.ticket, amount: '150.0000' }]);
    expect(money(await balanceOf(player)) - before).toBe(money('18'));
    expect(await balanceOf(spender)).toBe('0.0000');
    expect((await correct(match, 0, 1)).applied).toBe(false);

    // Back to 2-0: the accumulator is open again (its other match has no result), and the spender
    // gets only what was taken back (200 won, 150 still held).
    expect(await correct(match, 2, 0)).toMatchObject({ statusCode: 1, applied: true, selections: 2, bets: 4, paid: '70.0000', reclaimed: '38.0000', unrecovered: [] });
    expect(money(await balanceOf(player)) - before).toBe(money('0'));
    expect(await balanceOf(spender)).toBe('50.0000');
    const statusOf = async (bet: { bet_id: string }) =>
      (await queryRows<{ status: string; payout: string; unrecovered: string }>(db, sql`select status, payout::text as payout, unrecovered::text as unrecovered from sports_bets where id = ${Number(bet.bet_id.slice(2))}`))[0];
    expect(await statusOf(accumulator)).toEqual({ status: 'pending', payout: '0.0000', unrecovered: '0.0000' });
    await settleMatch(db, other.id, { homeScore: 1, awayScore: 0 });
    // The accumulator settles with its other match: 10 × 2.00 × 2.00.
    expect(money(await balanceOf(player)) - before).toBe(money('40'));
    expect(await statusOf(home)).toMatchObject({ status: 'won', payout: '20.0000' });
    expect(await statusOf(away)).toMatchObject({ status: 'lost', payout: '0.0000' });
    expect(await statusOf(accumulator)).toMatchObject({ status: 'won', payout: '40.0000' });
    expect(await statusOf(handicap)).toMatchObject({ status: 'void', payout: '20.0000' });
    expect(await statusOf(cashedOut)).toMatchObject({ status: 'cashed_out' });
    expect(await statusOf(spent)).toEqual({ status: 'won', payout: '200.0000', unrecovered: '0.0000' });
    const audit = await queryRows<{ action: string }>(db, sql`select action from operator_audit where target_type = 'match' and target_id = ${String(match.id)} and action = 'sports.correct'`);
    expect(audit).toHaveLength(3);
    await expectAllWalletsMatchLedger(db);
  });

  it('an operator recovers what a correction left unrecovered: a debit that names the bet, booked against the sportsbook, once, never more than owed', async () => {
    const platform = await operatorKey(db, `sports-recover-${backend}-${randomBytes(3).toString('hex')}`);
    const spender = await fundedPlayer('100');
    const match = await addMatch(db);
    const spent = (await placeOk(spender, [[match, '1X2:home', '2.00']], '100')).bet;
    await opsCall(server.app, '/api/ops/sports/result', platform, { match_id: match.id, home_score: 1, away_score: 0, reason: 'Final whistle' });
    await credit(db, spender, '-180', `sports-test-spend-${spender.playerId}`);
    const corrected = await opsCall(server.app, '/api/ops/sports/correct', platform, { match_id: match.id, home_score: 0, away_score: 1, reason: 'Goal awarded after review' });
    expect(corrected.body.unrecovered).toEqual([expect.objectContaining({ ticket: spent.ticket, amount: '180.0000' })]);
    const owedOf = async () => (await queryRows<{ unrecovered: string }>(db, sql`select unrecovered::text as unrecovered from sports_bets where ticket = ${spent.ticket}`))[0]!.unrecovered;
    const adjust = async (body: Record<string, unknown>) =>
      (await opsCall(server.app, '/api/ops/adjust', platform, { site: 'casino1.localhost', account_id: spender.account_id, reason: 'Recovering a corrected payout', ...body })).body;

    // The player deposits 50 later; the operator takes back 30 of what the bet owes.
    await credit(db, spender, '50', `sports-test-deposit-${spender.playerId}`);
    const recovered = await adjust({ amount: '-30', sports_ticket: spent.ticket, idempotency_key: `recover-${spender.playerId}` });
    expect(recovered).toMatchObject({ statusCode: 1, applied: true, balance_after: '20.0000' });
    expect(await owedOf()).toBe('150.0000');
    // Sent again: once.
    expect(await adjust({ amount: '-30', sports_ticket: spent.ticket, idempotency_key: `recover-${spender.playerId}` })).toMatchObject({ statusCode: 1, applied: false });
    expect(await owedOf()).toBe('150.0000');
    // The same key for a plain adjustment, or another bet, is a conflict.
    expect(await adjust({ amount: '-30', idempotency_key: `recover-${spender.playerId}` })).toEqual({ statusCode: 0, message: 'idempotencyConflict' });
    // Never more than owed, nor a credit, nor someone else's ticket.
    await credit(db, spender, '500', `sports-test-deposit-2-${spender.playerId}`);
    expect(await adjust({ amount: '-150.01', sports_ticket: spent.ticket })).toEqual({ statusCode: 0, message: 'amountTooLarge' });
    expect(await adjust({ amount: '10', sports_ticket: spent.ticket })).toMatchObject({ statusCode: 0, message: 'validationError', errors: { sports_ticket: ['invalidValue'] } });
    const other = await fundedPlayer();
    expect((await opsCall(server.app, '/api/ops/adjust', platform, { site: 'casino1.localhost', account_id: other.account_id, amount: '-1', reason: 'Wrong player', sports_ticket: spent.ticket })).body).toEqual({
      statusCode: 0,
      message: 'notFound',
    });
    expect(await owedOf()).toBe('150.0000');
    // The rest, in full: the bet owes nothing, and the recovery is a rollback of the sportsbook's win.
    expect(await adjust({ amount: '-150', sports_ticket: spent.ticket })).toMatchObject({ statusCode: 1, applied: true });
    expect(await owedOf()).toBe('0.0000');
    const entries = await queryRows<{ type: string; reference: string }>(db, sql`select type, reference from ledger_entries where player_id = ${spender.playerId} and idempotency_key like 'adjustment:%' order by id`);
    expect(entries).toEqual([
      { type: 'rollback', reference: `sports:${spent.ticket}` },
      { type: 'rollback', reference: `sports:${spent.ticket}` },
    ]);
    // A later correction nets against what is held now (payout 0, nothing owed): back to 1-0 pays the 200 again.
    const before = await balanceOf(spender);
    await opsCall(server.app, '/api/ops/sports/correct', platform, { match_id: match.id, home_score: 1, away_score: 0, reason: 'Review reversed' });
    expect(money(await balanceOf(spender)) - money(before)).toBe(money('200'));
    await expectAllWalletsMatchLedger(db);
  });

  it.runIf(backend === 'postgres')('the same client bet id sent 20 times at once places one bet and takes one stake', async () => {
    const player = await fundedPlayer();
    const match = await addMatch(db);
    const slip = { selections: [{ selection_id: match.selections['1X2:draw']!, odds: '3.40' }], stake: '7', client_bet_id: `slip-${randomBytes(8).toString('hex')}` };
    const replies = await Promise.all(Array.from({ length: 20 }, () => place(player, slip)));
    expect(replies.every((reply) => reply.reply.statusCode === 1)).toBe(true);
    expect(replies.filter((reply) => reply.reply.placed === true)).toHaveLength(1);
    expect(new Set(replies.map((reply) => (reply.reply.bet as { bet_id: string }).bet_id)).size).toBe(1);
    expect(await balanceOf(player)).toBe('993.0000');
    await expectAllWalletsMatchLedger(db);
  });

  it.runIf(backend === 'postgres')("prices changing while bets are placed: no bet is ever taken at a price the player's choice refuses", async () => {
    // The feed has a connection of its own, as a real feed does: on the app's pool its writes queued
    // behind the bets' queries and it moved three or four times in 40 bets, never while one was at
    // its lock. Bets of one player queue on its wallet holding their selection FOR SHARE, which can
    // starve a writer too, so eight players share the bets.
    const players = await Promise.all(Array.from({ length: 8 }, () => fundedPlayer('10000')));
    const [{ name }] = (await queryRows<{ name: string }>(db, sql`select current_database() as name`)) as [{ name: string }];
    const feedUrl = new URL(TEST_DATABASE_URL!);
    feedUrl.pathname = `/${name}`;
    const feedConnection = new pg.Client({ connectionString: feedUrl.toString() });
    await feedConnection.connect();
    onTestFinished(() => feedConnection.end());
    let takenAtHigherPrice = 0;
    let taken: { odds: string; client_bet_id: string }[] = [];
    // Which bets meet which price is up to the scheduler (about one round in three), so races repeat until one bet has met the higher price
    // (the checks below hold in every round; the loop only keeps the test from passing on a round that proved nothing).
    for (let round = 0; round < 30 && takenAtHigherPrice === 0; round += 1) {
      const match = await addMatch(db);
      const home = match.selections['1X2:home']!;
      // The race starts above the price the players saw, so a bet that reaches its lock before the
      // feed's first move meets the higher price whatever the scheduler does.
      await setPrice(db, home, '2.100');
      let running = true;
      let moves = 0;
      // The feed moves the price at random, as fast as it can, while 40 bets arrive.
      const feed = (async () => {
        const prices = ['2.000', '2.100', '1.900'];
        while (running) {
          await feedConnection.query('update match_odds set odds = $1, version = version + 1 where id = $2', [prices[Math.floor(Math.random() * prices.length)]!, home]);
          moves += 1;
        }
      })();
      const attempts = await Promise.all(
        Array.from({ length: 40 }, (_, index) => {
          const choice = index % 2 === 0 ? 'none' : 'higher';
          return place(players[index % players.length]!, { selections: [{ selection_id: home, odds: '2.00' }], stake: '1', odds_change: choice, client_bet_id: `${choice}-${randomBytes(6).toString('hex')}` });
        }),
      );
      const movesDuringBets = moves;
      running = false;
      await feed;
      for (const attempt of attempts) expect(attempt.reply.statusCode === 1 || attempt.reply.message === 'oddsChanged').toBe(true);
      taken = await queryRows<{ odds: string; client_bet_id: string }>(
        db,
        sql`select odds::text as odds, client_bet_id from sports_bets where match_id = ${match.id} and player_id in (${sql.join(players.map((player) => sql`${player.playerId}`), sql`, `)})`,
      );
      // 'none' takes only the price seen; 'higher' never a lower one (here: 2.00 or 2.10, never 1.90).
      for (const bet of taken) {
        if (bet.client_bet_id.startsWith('none-')) expect(Number(bet.odds)).toBe(2);
        else expect([2, 2.1]).toContain(Number(bet.odds));
      }
      // A round where the feed never moved during the bets proved nothing about a race.
      takenAtHigherPrice = movesDuringBets > 0 ? taken.filter((bet) => Number(bet.odds) === 2.1).length : 0;
    }
    expect(takenAtHigherPrice).toBeGreaterThan(0);
    const stakes = await queryRows<{ player_id: number; bets: number }>(
      db,
      sql`select player_id, count(*)::int as bets from sports_bets where player_id in (${sql.join(players.map((player) => sql`${player.playerId}`), sql`, `)}) group by player_id`,
    );
    for (const player of players) {
      const bets = stakes.find((row) => row.player_id === player.playerId)?.bets ?? 0;
      expect(money(await balanceOf(player))).toBe(money('10000') - BigInt(bets) * money('1'));
    }
    await expectAllWalletsMatchLedger(db);
  });

  it.runIf(backend === 'postgres')('settlement run twice at once settles once, and an accumulator settled by two matches at once settles once', async () => {
    const player = await fundedPlayer();
    const [a, b] = [await addMatch(db), await addMatch(db)];
    await placeOk(player, [[a, '1X2:home', '2.00']], '10');
    await placeOk(player, [[a, 'OU:over', '1.85'], [b, '1X2:home', '2.00']], '10');
    const before = money(await balanceOf(player));
    const runs = await Promise.all([
      settleMatch(db, a.id, { homeScore: 3, awayScore: 0 }),
      settleMatch(db, a.id, { homeScore: 3, awayScore: 0 }),
      settleMatch(db, b.id, { homeScore: 1, awayScore: 0 }),
      settleMatch(db, b.id, { homeScore: 1, awayScore: 0 }),
    ]);
    expect(runs.filter((run) => run.applied)).toHaveLength(2);
    // Single 10 × 2.00 = 20; accumulator 10 × 1.85 × 2.00 = 37.
    expect(money(await balanceOf(player)) - before).toBe(money('57'));
    const [{ payouts }] = (await queryRows<{ payouts: number }>(
      db,
      sql`select count(*)::int as payouts from ledger_entries where player_id = ${player.playerId} and type = 'win'`,
    )) as [{ payouts: number }];
    expect(payouts).toBe(2);
    await expectAllWalletsMatchLedger(db);
  });
  it.runIf(backend === 'postgres')('a correction reopening an accumulator racing the result of its other match settles it once, at its full price', async () => {
    const platform = await operatorKey(db, `sports-race-${randomBytes(3).toString('hex')}`);
    for (let round = 0; round < 5; round += 1) {
      const player = await fundedPlayer();
      const [match, other] = [await addMatch(db), await addMatch(db)];
      const accumulator = (await placeOk(player, [[match, '1X2:home', '2.00'], [other, '1X2:home', '2.00']], '10')).bet;
      await settleMatch(db, match.id, { homeScore: 0, awayScore: 1 });
      const before = money(await balanceOf(player));
      await Promise.all([
        opsCall(server.app, '/api/ops/sports/correct', platform, { match_id: match.id, home_score: 2, away_score: 0, reason: 'Goals awarded after review' }),
        settleMatch(db, other.id, { homeScore: 1, awayScore: 0 }),
      ]);
      const [row] = await queryRows<{ status: string; payout: string }>(db, sql`select status, payout::text as payout from sports_bets where id = ${Number(accumulator.bet_id.slice(2))}`);
      expect(row).toEqual({ status: 'won', payout: '40.0000' });
      expect(money(await balanceOf(player)) - before).toBe(money('40'));
    }
    await expectAllWalletsMatchLedger(db);
  });
  it.runIf(backend === 'postgres')('a cash-out racing the settlement of its bet ends in exactly one of the two', async () => {
    for (let round = 0; round < 5; round += 1) {
      const player = await fundedPlayer();
      const match = await addMatch(db);
      const placed = await placeOk(player, [[match, '1X2:home', '2.00']], '10');
        const before = money(await balanceOf(player));
      // Offer 10 × 2.00/2.00 × 0.95 = 9.50; a home win pays 20.
      const [cashed] = await Promise.all([cashOut(player, placed.bet.bet_id, '9.5'), settleMatch(db, match.id, { homeScore: 1, awayScore: 0 })]);
      const gained = money(await balanceOf(player)) - before;
      const [row] = await queryRows<{ status: string; payout: string }>(db, sql`select status, payout::text as payout from sports_bets where id = ${Number(placed.bet.bet_id.slice(2))}`);
      if (cashed.statusCode === 1) {
        expect(row).toEqual({ status: 'cashed_out', payout: '9.5000' });
        expect(gained).toBe(money('9.5'));
      } else {
        expect(cashed).toEqual({ statusCode: 0, message: 'cashOutUnavailable' });
        expect(row).toEqual({ status: 'won', payout: '20.0000' });
        expect(gained).toBe(money('20'));
      }
    }
    await expectAllWalletsMatchLedger(db);
  });
});
