/**
 * Rocket, the house studio's crash game (issue 23 §2–§4, ADR 0032): rounds shared by every player
 * of a site on a timetable written in the database; bets taken only while a round takes them;
 * automatic and manual cash-outs paid through the seamless wallet, a cash-out after the crash
 * refused; the round's maximum payout caps every bet still flying; crash points verified from the
 * seed chain; two studios on one database show the same rounds; the books balance.
 * Rounds are short here (bets for 700 ms, 300 ms between rounds, ten times the growth); the crash points are the
 * chain's, so a test that needs a long flight waits for one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { chainParent, crashPointOfHash, CRASH_GROWTH_PER_MS, type CrashBetView } from '@wl/house-games/games';
import { type BootData, type HouseReply, type RoundView } from '@wl/house-games';
import { createWalletClient, houseStudio, recoverRounds, type WalletClient } from '@wl/house-games/server';
import { queryRows, type Db } from '../../src/db/client.js';
import { studioSqlOf } from '../../src/games/house-mount.js';
import { booksOf } from '../../src/banking/books.js';
import { backends, openSeededTestDatabase, type TestDatabase } from './helpers.js';
import type { TestSession } from './rewards-fixtures.js';
import { expectAllWalletsMatchLedger } from './banking-fixtures.js';
import { fundedPlayer as fundedPlayerOf, mountStudio, openHouseGame, studioCall, walletBalanceOf, type MountedStudio } from './house-fixtures.js';

const SECRET = 'house-crash-secret-0123456789';
const BETTING_MS = 700;
const PAUSE_MS = 300;
/** Ten times the real growth: ×10 in 3.8 s, ×100 in 7.7 s. */
const GROWTH = CRASH_GROWTH_PER_MS * 10;
const silentLog = { warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type CrashNow = HouseReply<'crash'>;

describe.each(backends)('house crash game on %s', (backend) => {
  let testDb: TestDatabase;
  let db: Db;
  let mounted: MountedStudio;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openSeededTestDatabase(backend);
    db = testDb.database.db;
    mounted = await mountStudio(testDb.database, {
      secret: SECRET,
      crashBettingMs: BETTING_MS,
      crashPauseMs: PAUSE_MS,
      crashGrowthPerMs: GROWTH,
      // casino2's rounds pay at most 20.00 all together.
      limits: { sites: { casino2: { crashExposure: '20.00' } } },
    });
    ({ app } = mounted);
  });
  afterAll(async () => {
    await mounted?.close();
    await testDb?.close();
  });

  const balanceOf = (player: TestSession) => walletBalanceOf(db, player);
  const fundedPlayer = (site?: string, amount?: string) => fundedPlayerOf(db, site, amount);
  const openRocket = async (player: TestSession, studio?: FastifyInstance) => (await openHouseGame(mounted, player, 'ROCKET', studio)).boot;
  const call = (boot: BootData, name: string, body: unknown = {}, studio?: FastifyInstance) => studioCall(mounted, boot, name, body, studio);

  /** Another studio process on the same database (its own memory, no recovery timer). */
  async function otherStudio(wallet?: WalletClient): Promise<FastifyInstance> {
    const studio = Fastify({ logger: false });
    await houseStudio(studio, {
      sql: studioSqlOf(db),
      providerCode: 'HOUSE',
      secret: SECRET,
      walletUrl: () => mounted.walletUrl,
      games: {},
      hosts: () => [],
      clientDir: mounted.clientDir,
      recovery: false,
      crashBettingMs: BETTING_MS,
      crashPauseMs: PAUSE_MS,
      crashGrowthPerMs: GROWTH,
      ...(wallet ? { wallet } : {}),
    });
    await studio.ready();
    return studio;
  }

  async function now(boot: BootData, studio: FastifyInstance = app): Promise<CrashNow> {
    const reply = await call(boot, 'crash', {}, studio);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as unknown as CrashNow;
  }

  /** Waits for a round that takes bets for at least `margin` ms more; answers its number. */
  async function bettingRound(boot: BootData, margin = 300): Promise<number> {
    for (let tries = 0; tries < 400; tries += 1) {
      const state = await now(boot);
      const left = Date.parse(state.round.flightAt) - Date.parse(state.serverTime);
      if (state.round.phase === 'betting' && left > margin) return state.round.round;
      await sleep(80);
    }
    throw new Error('no round took bets');
  }

  async function crashPointOf(site: string, round: number): Promise<string> {
    const [row] = await studioSqlOf(db).query<{ crash_point: string }>('select crash_point::text as crash_point from house.crash_rounds where site = $1 and round = $2', [site, round]);
    return row!.crash_point;
  }

  /** Waits until the player's bet `id` is settled (the pages watching settle it). */
  async function settled(boot: BootData, id: string): Promise<void> {
    for (let tries = 0; tries < 600; tries += 1) {
      await now(boot);
      const [row] = await studioSqlOf(db).query<{ status: string }>('select status from house.rounds where id = $1', [id]);
      if (row!.status === 'settled') return;
      await sleep(80);
    }
    throw new Error(`bet ${id} was not settled`);
  }

  it('takes a bet while the round takes bets, pays its automatic cash-out when the crash point reached it, and the round verifies from the chain', async () => {
    const player = await fundedPlayer();
    const boot = await openRocket(player);
    const state = await call(boot, 'state');
    expect(state.body).toMatchObject({ ok: true, balance: '100.00', game: { code: 'ROCKET', rtp: '0.9700' }, openRound: null });
    expect((state.body.limits as { crashExposure: string }).crashExposure).toBe('1000000.00');

    const round = await bettingRound(boot);
    const placed = await call(boot, 'start', { bet: { stake: '10', autoCashout: '1.50' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.balance).toBe('90.00');
    const bet = placed.body.round as RoundView;
    expect(bet).toMatchObject({ status: 'open', stake: '10.00', win: null, view: { round, autoCashout: '1.50', cashedOut: null, crashPoint: null } });
    // The round's hash stays secret until the crash.
    expect(bet.fair.serverSeed).toBeNull();
    // The live list shows it to the player as theirs (each process reads a round at most every 200 ms).
    let listed = await now(boot);
    for (let tries = 0; tries < 20 && !listed.myBet; tries += 1) {
      await sleep(80);
      listed = await now(boot);
    }
    expect(listed.round.bets).toContainEqual({ player: expect.stringMatching(/^[0-9a-f]{4}$/), mine: true, stake: '10.00', cashedOut: null, win: null });
    expect(listed.myBet?.id).toBe(bet.id);
    expect(listed.growthPerMs).toBe(GROWTH);

    await settled(boot, bet.id);
    const point = await crashPointOf('casino1', round);
    const won = Number(point) >= 1.5;
    expect(await balanceOf(player)).toBe(won ? '105.0000' : '90.0000');

    const history = await call(boot, 'history');
    const past = (history.body.rounds as RoundView[]).find((entry) => entry.id === bet.id)!;
    expect(past).toMatchObject({ status: 'settled', win: won ? '15.00' : '0.00' });
    expect((past.view as CrashBetView).crashPoint).toBe(point);
    expect((past.view as CrashBetView).cashedOut).toBe(won ? '1.50' : null);
    // Provably fair: the revealed hash gives the crash point, and hashes to the link before it.
    expect(past.fair.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(crashPointOfHash(past.fair.serverSeed!, past.fair.clientSeed)) / 100).toBe(Number(point));
    expect(chainParent(past.fair.serverSeed!)).toBe(past.fair.serverSeedHash);

    const moves = await queryRows<{ kind: string; amount: string }>(
      db,
      sql`select kind, amount::text as amount from provider_transactions where player_id = ${player.playerId} order by id`,
    );
    expect(moves).toEqual([
      { kind: 'debit', amount: '10.0000' },
      { kind: 'credit', amount: won ? '15.0000' : '0.0000' },
    ]);
    await expectAllWalletsMatchLedger(db);
  });

  it('cashes out by hand during the flight at the multiplier of that moment, and refuses a cash-out after the crash', async () => {
    const player = await fundedPlayer();
    const boot = await openRocket(player);
    // A round whose flight lasts a while: most do (P(point ≥ 1.30) = 0.97 / 1.3).
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const round = await bettingRound(boot);
      const point = Number(await crashPointOf('casino1', round));
      const before = Number(await balanceOf(player));
      const placed = await call(boot, 'start', { bet: { stake: '5' } });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const bet = placed.body.round as RoundView;
      if (point < 1.3) {
        await settled(boot, bet.id);
        continue;
      }
      // Before the flight: nothing to cash out yet.
      expect((await call(boot, 'act', { roundId: bet.id, action: { type: 'cashout' } })).body).toMatchObject({ ok: false, code: 'ROUND_NOT_OPEN' });
      let state = await now(boot);
      while (state.round.phase === 'betting') {
        await sleep(80);
        state = await now(boot);
      }
      // 1.06 is reached about 0.1 s into the flight.
      await sleep(Math.log(1.06) / GROWTH);
      const cashed = await call(boot, 'act', { roundId: bet.id, action: { type: 'cashout' } });
      expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
      const view = (cashed.body.round as RoundView).view as CrashBetView;
      const at = Number(view.cashedOut);
      expect(at).toBeGreaterThanOrEqual(1.05);
      expect(at).toBeLessThan(point);
      const win = (Math.floor(5 * at * 100 + 1e-6) / 100).toFixed(2);
      expect((cashed.body.round as RoundView).win).toBe(win);
      expect(cashed.body.balance).toBe((before - 5 + Number(win)).toFixed(2));
      // Twice: the bet is over.
      expect((await call(boot, 'act', { roundId: bet.id, action: { type: 'cashout' } })).body).toMatchObject({ ok: false, code: 'ROUND_NOT_OPEN' });
      await settled(boot, bet.id);
      expect(await balanceOf(player)).toBe((before - 5 + Number(win)).toFixed(4));

      // Another bet held to the crash: a cash-out after it is refused, and the stake is lost.
      const next = await bettingRound(boot);
      const lost = (await call(boot, 'start', { bet: { stake: '1' } })).body.round as RoundView;
      const nextPoint = await crashPointOf('casino1', next);
      let after = await now(boot);
      while (after.round.round === next && after.round.phase !== 'crashed') {
        await sleep(80);
        after = await now(boot);
      }
      expect((await call(boot, 'act', { roundId: lost.id, action: { type: 'cashout' } })).body).toMatchObject({ ok: false, code: 'ROUND_NOT_OPEN' });
      await settled(boot, lost.id);
      const [row] = await studioSqlOf(db).query<{ win: string }>('select win::text as win from house.rounds where id = $1', [lost.id]);
      expect(row!.win, `crash point ${nextPoint}`).toBe('0.0000');
      await expectAllWalletsMatchLedger(db);
      return;
    }
    throw new Error('no round flew long enough in 12 rounds');
  });

  it('refuses bets during the flight, a second bet in a round, a cash-out target under 1.01, and bets beyond the round maximum payout', async () => {
    const player = await fundedPlayer();
    const boot = await openRocket(player);
    expect((await call(boot, 'start', { bet: { stake: '1', autoCashout: '1.00' } })).body).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect((await call(boot, 'start', { bet: { stake: '1', autoCashout: 'x' } })).body).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect((await call(boot, 'start', { bet: { stake: '5000' } })).body).toMatchObject({ ok: false, code: 'BET_LIMIT' });
    expect((await call(boot, 'rotateSeeds', {})).body).toMatchObject({ ok: false, code: 'VALIDATION' });

    await bettingRound(boot);
    expect((await call(boot, 'start', { bet: { stake: '1' } })).status).toBe(200);
    expect((await call(boot, 'start', { bet: { stake: '1' } })).body).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
    let state = await now(boot);
    while (state.round.phase === 'betting') {
      await sleep(80);
      state = await now(boot);
    }
    if (state.round.phase === 'flying') {
      const during = await call(boot, 'start', { bet: { stake: '1' } });
      // Closed while flying (or the player's bet of this round is still open).
      expect(['BETTING_CLOSED', 'ROUND_IN_PROGRESS']).toContain(during.body.code);
    }

    // casino2: at most 20.00 paid per round. 10 fits (10 × 1.01 ≤ 20), a second 10 does not.
    const first = await fundedPlayer('casino2');
    const second = await fundedPlayer('casino2');
    const firstBoot = await openRocket(first);
    const secondBoot = await openRocket(second);
    const round = await bettingRound(firstBoot, 400);
    const big = await call(firstBoot, 'start', { bet: { stake: '10', autoCashout: '5.00' } });
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    const full = await call(secondBoot, 'start', { bet: { stake: '10' } });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ ok: false, code: 'ROUND_FULL' });
    expect(await balanceOf(second)).toBe('100.0000');
    // The first bet is capped at 20.00 / 10.00 = 2.00×, whatever its own target.
    const bet = big.body.round as RoundView;
    await settled(firstBoot, bet.id);
    const point = Number(await crashPointOf('casino2', round));
    expect(await balanceOf(first)).toBe(point >= 2 ? '110.0000' : '90.0000');
    await expectAllWalletsMatchLedger(db);
  });

  it('pays a won bet whose credit went unanswered when the recovery job runs, exactly once', async () => {
    const player = await fundedPlayer();
    const failingCredit: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/credit')) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const studio = await otherStudio(createWalletClient({ walletUrl: () => mounted.walletUrl, providerCode: 'HOUSE', secret: SECRET, fetch: failingCredit }));
    try {
      const boot = await openRocket(player, studio);
      let placed: { status: number; body: Record<string, unknown> } | null = null;
      for (let tries = 0; tries < 100 && placed?.status !== 200; tries += 1) {
        placed = await call(boot, 'start', { bet: { stake: '3', autoCashout: '1.01' } }, studio);
        if (placed.status !== 200) await sleep(100);
      }
      expect(placed!.status, JSON.stringify(placed!.body)).toBe(200);
      const bet = placed!.body.round as RoundView;
      const round = (bet.view as CrashBetView).round;
      // The page watching the round after its crash settles it; the credit goes unanswered.
      let status = 'open';
      for (let tries = 0; tries < 300 && status === 'open'; tries += 1) {
        await sleep(80);
        await call(boot, 'crash', {}, studio);
        [{ status }] = (await studioSqlOf(db).query<{ status: string }>('select status from house.rounds where id = $1', [bet.id])) as [{ status: string }];
      }
      const point = Number(await crashPointOf('casino1', round));
      const paid = point >= 1.01 ? '100.0300' : '97.0000';
      // The platform's own recovery timer may have paid it already; otherwise the job does now.
      if (status === 'crediting') {
        expect(await balanceOf(player)).toBe('97.0000');
        const healthy = createWalletClient({ walletUrl: () => mounted.walletUrl, providerCode: 'HOUSE', secret: SECRET });
        await recoverRounds(studioSqlOf(db), healthy, silentLog, 0);
      }
      expect(await balanceOf(player)).toBe(paid);
      await recoverRounds(studioSqlOf(db), createWalletClient({ walletUrl: () => mounted.walletUrl, providerCode: 'HOUSE', secret: SECRET }), silentLog, 0);
      expect(await balanceOf(player)).toBe(paid);
      const [row] = await studioSqlOf(db).query<{ status: string }>('select status from house.rounds where id = $1', [bet.id]);
      expect(row!.status).toBe('settled');
      await expectAllWalletsMatchLedger(db);
    } finally {
      await studio.close();
    }
  });

  it("shares a site's rounds between its players and between two studios on one database, never with another site", async () => {
    const one = await fundedPlayer();
    const two = await fundedPlayer();
    const elsewhere = await fundedPlayer('casino2');
    const oneBoot = await openRocket(one);
    const twoBoot = await openRocket(two);
    const elsewhereBoot = await openRocket(elsewhere);
    await bettingRound(oneBoot);
    expect((await call(oneBoot, 'start', { bet: { stake: '2' } })).status).toBe(200);

    // A second studio process on the same database: the same round, the same bets.
    const other = await otherStudio();
    try {
      const seenHere = await now(oneBoot);
      const seenThere = await now(twoBoot, other);
      expect(seenThere.round.round).toBe(seenHere.round.round);
      expect(seenThere.round.flightAt).toBe(seenHere.round.flightAt);
      const line = seenThere.round.bets.find((entry) => entry.stake === '2.00' && !entry.mine);
      expect(line, JSON.stringify(seenThere.round.bets)).toBeDefined();
      expect(seenThere.myBet).toBeNull();
      // The tag hides the account id.
      expect(line!.player).not.toContain(String(one.playerId));
    } finally {
      await other.close();
    }
    const seenElsewhere = await now(elsewhereBoot);
    expect(seenElsewhere.round.bets.some((entry) => entry.stake === '2.00')).toBe(false);
    expect(seenElsewhere.round.fair.salt).toContain('casino2');
    const books = await booksOf(db, one.siteId);
    expect(books.mismatches).toEqual([]);
  });
});
