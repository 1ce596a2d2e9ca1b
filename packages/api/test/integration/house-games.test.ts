/**
 * The house studio mounted in the platform (issue 23 §1, §3, §4; ADR 0029): a player launches a
 * HOUSE game, the studio's page opens on its own host with a session, and each round is a signed
 * debit and credit over real HTTP through the platform's seamless wallet, posted to the ledger.
 * Rounds are provably fair (recomputed here from the revealed seeds), limits hold, and a round
 * left half-paid by a fault (an unanswered call, a dead studio) is finished by the recovery job
 * with the books still balanced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HOUSE_GAMES, fairRoundRandom } from '@wl/house-games/games';
import { bootData, type BootData, type RoundView } from '@wl/house-games';
import { createWalletClient, houseStudio, recoverRounds } from '@wl/house-games/server';
import { queryRows, type Db } from '../../src/db/client.js';
import { studioSqlOf } from '../../src/games/house-mount.js';
import { booksOf } from '../../src/banking/books.js';
import { backends, openSeededTestDatabase, type TestDatabase } from './helpers.js';
import { siteRow, type TestSession } from './rewards-fixtures.js';
import { credit, expectAllWalletsMatchLedger } from './banking-fixtures.js';
import { launchGame } from './games-fixtures.js';
import { fundedPlayer as fundedPlayerOf, mountStudio, openHouseGame, studioCall, walletBalanceOf, type MountedStudio } from './house-fixtures.js';

const SECRET = 'house-test-secret-0123456789';
const silentLog = { warn: () => undefined, error: () => undefined };

describe.each(backends)('house studio on %s', (backend) => {
  let testDb: TestDatabase;
  let db: Db;
  let mounted: MountedStudio;
  let app: FastifyInstance;
  let clientDir: string;
  let studioHost: string;
  let walletUrl: string;

  beforeAll(async () => {
    testDb = await openSeededTestDatabase(backend);
    db = testDb.database.db;
    mounted = await mountStudio(testDb.database, { secret: SECRET, limits: { sites: { casino2: { maxBet: '50.00' } } } });
    ({ app, clientDir, studioHost, walletUrl } = mounted);
  });
  afterAll(async () => {
    await mounted?.close();
    await testDb?.close();
  });

  const balanceOf = (player: TestSession) => walletBalanceOf(db, player);
  const fundedPlayer = (site?: string, amount?: string) => fundedPlayerOf(db, site, amount);
  const openGame = (player: TestSession, game: string, studio?: FastifyInstance) => openHouseGame(mounted, player, game, studio);
  const call = (boot: BootData, name: string, body: unknown = {}, studio?: FastifyInstance) => studioCall(mounted, boot, name, body, studio);

  it('opens a launched game on its own host, framed only by the site that launched it', async () => {
    const player = await fundedPlayer();
    const launched = await launchGame(app, player, 'HOUSE', 'HASH-PARITY');
    const url = new URL(launched.url);
    expect(launched.mode).toBe('iframe');
    expect(url.searchParams.get('player')).toBe(String(player.playerId));
    expect(url.searchParams.get('site')).toBe('casino1');
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: studioHost } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://casino1.localhost');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    // The session is in the page, never in a URL; the page names the built client's files.
    expect(page.body).toContain('/house/assets/main-test.js');
    // Another host (a site's) is not the studio's: its pages must not share an origin with the sites.
    const onSite = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: 'casino1.localhost' } });
    expect(onSite.statusCode).toBe(404);
    // A changed player, site or game breaks the signature.
    for (const [name, value] of [['player', '1'], ['site', 'casino2'], ['game', 'MINES']] as const) {
      const forged = new URL(url);
      forged.searchParams.set(name, value);
      const refused = await app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}`, headers: { host: studioHost } });
      expect(refused.statusCode, name).toBe(403);
    }
  });

  it('plays a round as a signed debit and credit through the wallet, posted to the ledger, and the books balance', async () => {
    const player = await fundedPlayer();
    const { boot } = await openGame(player, 'HASH-PARITY');
    const state = await call(boot, 'state');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ ok: true, balance: '100.00', currency: 'PHP', game: { code: 'HASH-PARITY', rtp: HOUSE_GAMES['HASH-PARITY']!.rtp } });

    const played = await call(boot, 'start', { bet: { stake: '10', pick: 'odd' } });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const round = played.body.round as RoundView;
    expect(round.status).toBe('settled');
    const won = (round.view as { won: boolean }).won;
    expect(round.win).toBe(won ? '19.40' : '0.00');
    const expected = won ? '109.4000' : '90.0000';
    expect(await balanceOf(player)).toBe(expected);
    expect(played.body.balance).toBe(won ? '109.40' : '90.00');

    const moves = await queryRows<{ kind: string; amount: string; round_id: string; provider_tx_id: string }>(
      db,
      sql`select kind, amount::text as amount, round_id, provider_tx_id from provider_transactions where player_id = ${player.playerId} order by id`,
    );
    expect(moves).toEqual([
      { kind: 'debit', amount: '10.0000', round_id: round.id, provider_tx_id: `${round.id}:debit` },
      { kind: 'credit', amount: won ? '19.4000' : '0.0000', round_id: round.id, provider_tx_id: `${round.id}:credit` },
    ]);
    const ledger = await queryRows<{ type: string; amount: string }>(
      db,
      sql`select type, amount::text as amount from ledger_entries where player_id = ${player.playerId} and type in ('bet', 'win') order by id`,
    );
    expect(ledger.map((row) => row.type)).toEqual(won ? ['bet', 'win'] : ['bet']);
    const books = await booksOf(db, (await siteRow(db, 'casino1')).id);
    expect(books.mismatches).toEqual([]);
    await expectAllWalletsMatchLedger(db);
  });

  it('plays mines step by step, one open round at a time, and each round verifies from its revealed seeds', async () => {
    const player = await fundedPlayer();
    const { boot } = await openGame(player, 'MINES');
    const started = await call(boot, 'start', { bet: { stake: '5', mines: 1 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const round = started.body.round as RoundView;
    expect(round.status).toBe('open');
    expect((round.view as { minePositions: number[] | null }).minePositions).toBeNull();
    expect(await balanceOf(player)).toBe('95.0000');

    // One open round per game; the seeds cannot be rotated under it (its server seed would show the mines).
    expect((await call(boot, 'start', { bet: { stake: '5', mines: 1 } })).body).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
    expect((await call(boot, 'rotateSeeds', {})).body).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
    // A reload finds the round again.
    expect(((await call(boot, 'state')).body.openRound as RoundView).id).toBe(round.id);

    // Reveal cells until one is safe, then cash out (with one mine in 25, a mine on the first pick ends it).
    let current = round;
    for (let cell = 0; cell < 25 && current.status === 'open'; cell += 1) {
      const revealed = await call(boot, 'act', { roundId: round.id, action: { type: 'reveal', cell } });
      expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
      current = revealed.body.round as RoundView;
      if (current.status === 'open') {
        const cashed = await call(boot, 'act', { roundId: round.id, action: { type: 'cashout' } });
        current = cashed.body.round as RoundView;
        expect(cashed.body.balance).toBe(current.win === '0.00' ? '95.00' : (Number('95') + Number(current.win)).toFixed(2));
      }
    }
    expect(current.status).toBe('settled');
    expect((current.view as { minePositions: number[] }).minePositions).toHaveLength(1);
    // Over: no more actions.
    expect((await call(boot, 'act', { roundId: round.id, action: { type: 'cashout' } })).body).toMatchObject({ ok: false, code: 'ROUND_NOT_OPEN' });

    const rotated = await call(boot, 'rotateSeeds', { clientSeed: 'my-own-seed' });
    expect(rotated.status).toBe(200);
    const revealed = rotated.body.revealed as { serverSeed: string; serverSeedHash: string; clientSeed: string };
    expect(revealed.serverSeedHash).toBe(round.fair.serverSeedHash);
    expect((rotated.body.seeds as { clientSeed: string; nonce: number }).clientSeed).toBe('my-own-seed');

    const history = await call(boot, 'history');
    const past = (history.body.rounds as RoundView[]).find((entry) => entry.id === round.id)!;
    expect(past.fair.serverSeed).toBe(revealed.serverSeed);
    // Recomputed from the seeds alone: the same mines.
    const mines = HOUSE_GAMES.MINES!;
    const replay = mines.start(past.bet, fairRoundRandom({ serverSeed: past.fair.serverSeed!, clientSeed: past.fair.clientSeed, nonce: past.fair.nonce }));
    expect(mines.view(replay.state, true).minePositions).toEqual((past.view as { minePositions: number[] }).minePositions);
    await expectAllWalletsMatchLedger(db);
  });

  it('keeps rounds within the limits and the balance, and a session to its own player', async () => {
    const player = await fundedPlayer('casino2', '80.00');
    const { boot } = await openGame(player, 'HASH-PARITY');
    // casino2's maximum bet is 50 (HOUSE_GAMES_LIMITS); the default minimum is 0.10.
    expect((await call(boot, 'start', { bet: { stake: '60', pick: 'odd' } })).body).toMatchObject({ ok: false, code: 'BET_LIMIT' });
    expect((await call(boot, 'start', { bet: { stake: '0.05', pick: 'odd' } })).body).toMatchObject({ ok: false, code: 'BET_LIMIT' });
    expect((await call(boot, 'start', { bet: { stake: 'ten', pick: 'odd' } })).body).toMatchObject({ ok: false, code: 'VALIDATION' });
    // Drain the balance to below a stake: the wallet refuses, nothing moves.
    await credit(db, player, '-75.00', `house-test-drain-${player.playerId}`);
    const refused = await call(boot, 'start', { bet: { stake: '10', pick: 'odd' } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(player)).toBe('5.0000');

    // Another player's session cannot touch this player's rounds.
    const other = await fundedPlayer();
    const mine = await openGame(other, 'MINES');
    const open = (await call(mine.boot, 'start', { bet: { stake: '1', mines: 3 } })).body.round as RoundView;
    const stranger = await openGame(player, 'MINES');
    expect((await call(stranger.boot, 'act', { roundId: open.id, action: { type: 'cashout' } })).body).toMatchObject({ ok: false, code: 'ROUND_NOT_OPEN' });
    // No session, or a made-up one: refused.
    const anonymous = await app.inject({ method: 'POST', url: '/house/api/state', headers: { host: studioHost, 'content-type': 'application/json' }, payload: '{}' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call({ ...boot, session: 'x'.repeat(43) }, 'state')).status).toBe(401);
    // A script hammering the calls is slowed down (20 a second per page). 45 calls: even split
    // across two one-second windows, one of them holds more than 20.
    const burst = await Promise.all(Array.from({ length: 45 }, () => call(mine.boot, 'history')));
    expect(burst.filter((reply) => reply.status === 429).length).toBeGreaterThan(0);
    expect(burst.find((reply) => reply.status === 429)!.body).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
  });

  it('plays with play money in demo mode, with no wallet and no player', async () => {
    const page = await app.inject({ method: 'GET', url: '/house/demo?game=ROULETTE&lang=vi&currency=PHP', headers: { host: studioHost } });
    expect(page.statusCode).toBe(200);
    const boot = bootData.parse(JSON.parse(/id="house-boot">(.*?)<\/script>/s.exec(page.body)![1]!));
    expect(boot).toMatchObject({ demo: true, game: 'ROULETTE', locale: 'VI', currency: 'PHP' });
    const before = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from provider_transactions`);
    const played = await call(boot, 'start', { bet: { chips: [{ bet: 'red', amount: '10' }] } });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const round = played.body.round as RoundView;
    expect(played.body.balance).toBe(round.win === '20.00' ? '1010.00' : '990.00');
    const after = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from provider_transactions`);
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  describe('faults', () => {
    /** A studio of its own on the same database and wallet, whose wallet line `fault` may cut. */
    async function faultyStudio(fault: (action: string) => 'pass' | 'lose-reply' | 'fail'): Promise<FastifyInstance> {
      const faultyFetch: typeof fetch = async (input, init) => {
        const action = String(input).split('/').pop()!;
        const mode = fault(action);
        if (mode === 'fail') throw new TypeError('fetch failed');
        const response = await fetch(input, init);
        // The wallet did the work; its answer is lost on the way back.
        if (mode === 'lose-reply') throw new DOMException('The operation timed out.', 'TimeoutError');
        return response;
      };
      const studio = Fastify({ logger: false });
      await houseStudio(studio, {
        sql: studioSqlOf(db),
        providerCode: 'HOUSE',
        secret: SECRET,
        walletUrl: () => walletUrl,
        games: HOUSE_GAMES,
        hosts: () => [],
        clientDir,
        recovery: false,
        wallet: createWalletClient({ walletUrl: () => walletUrl, providerCode: 'HOUSE', secret: SECRET, fetch: faultyFetch }),
      });
      await studio.ready();
      return studio;
    }

    const healthyWallet = () => createWalletClient({ walletUrl: () => walletUrl, providerCode: 'HOUSE', secret: SECRET });
    const recover = () => recoverRounds(studioSqlOf(db), healthyWallet(), silentLog, 0);

    async function roundStatus(id: string): Promise<string> {
      const [row] = await studioSqlOf(db).query<{ status: string }>('select status from house.rounds where id = $1', [id]);
      return row!.status;
    }

    it('gives the stake back when the debit is taken but its answer is lost', async () => {
      const player = await fundedPlayer();
      const studio = await faultyStudio((action) => (action === 'debit' ? 'lose-reply' : 'pass'));
      const { boot } = await openGame(player, 'HASH-PARITY', studio);
      const played = await call(boot, 'start', { bet: { stake: '10', pick: 'even' } }, studio);
      expect(played.status).toBe(503);
      expect(played.body).toMatchObject({ ok: false, code: 'WALLET_UNAVAILABLE' });
      expect(await balanceOf(player)).toBe('100.0000');
      const [row] = await studioSqlOf(db).query<{ id: string; status: string }>('select id, status from house.rounds where player = $1', [String(player.playerId)]);
      expect(row!.status).toBe('rolled_back');
      await expectAllWalletsMatchLedger(db);
      await studio.close();
    });

    it('pays a decided win later when the credit goes unanswered, exactly once', async () => {
      const player = await fundedPlayer();
      const studio = await faultyStudio((action) => (action === 'credit' ? 'fail' : 'pass'));
      const { boot } = await openGame(player, 'ROULETTE', studio);
      // Every number but zero: a win is likely, and either way the round must end with a credit.
      const chips = Array.from({ length: 36 }, (_, index) => ({ bet: `straight:${index + 1}`, amount: '1' }));
      const played = await call(boot, 'start', { bet: { chips } }, studio);
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      const round = played.body.round as RoundView;
      expect(await roundStatus(round.id)).toBe('crediting');
      expect(await balanceOf(player)).toBe('64.0000');

      const first = await recover();
      expect(first.settled).toBeGreaterThanOrEqual(1);
      expect(await roundStatus(round.id)).toBe('settled');
      const paid = (64 + Number(round.win)).toFixed(4);
      expect(await balanceOf(player)).toBe(paid);
      // Again: nothing left to do, nothing paid twice (the credit's id is already settled).
      await recover();
      expect(await balanceOf(player)).toBe(paid);
      await expectAllWalletsMatchLedger(db);
      await studio.close();
    });

    it('rolls back a round whose studio died between the debit and the credit', async () => {
      const player = await fundedPlayer();
      // The studio takes the stake and dies before it records anything further: the rollback fails too.
      const studio = await faultyStudio((action) => (action === 'rollback' || action === 'credit' ? 'fail' : action === 'debit' ? 'lose-reply' : 'pass'));
      const { boot } = await openGame(player, 'KENO', studio);
      const played = await call(boot, 'start', { bet: { stake: '7', picks: [1, 2, 3] } }, studio);
      expect(played.body).toMatchObject({ ok: false, code: 'WALLET_UNAVAILABLE' });
      await studio.close();
      expect(await balanceOf(player)).toBe('93.0000');
      // Also a round the dead studio left in debiting (its process gone before even the rollback).
      const [left] = await studioSqlOf(db).query<{ id: string; status: string }>('select id, status from house.rounds where player = $1', [String(player.playerId)]);
      expect(left!.status).toBe('rolling_back');

      const recovered = await recover();
      expect(recovered.rolledBack).toBeGreaterThanOrEqual(1);
      expect(await roundStatus(left!.id)).toBe('rolled_back');
      expect(await balanceOf(player)).toBe('100.0000');
      await expectAllWalletsMatchLedger(db);
      const books = await booksOf(db, player.siteId);
      expect(books.mismatches).toEqual([]);
    });

    it('rolls back a round left in debiting, and a late debit of it is refused for good', async () => {
      const player = await fundedPlayer();
      const studio = await faultyStudio(() => 'pass');
      const { boot } = await openGame(player, 'HASH-PARITY', studio);
      await call(boot, 'state', {}, studio);
      await studio.close();
      // A round recorded as debiting whose studio died before its wallet call came back.
      const sqlOf = studioSqlOf(db);
      const [pair] = await sqlOf.query<{ id: string }>(`select id::text from house.seed_pairs where player = $1 and revealed_at is null`, [String(player.playerId)]);
      const [session] = await sqlOf.query<{ wallet_token: string }>('select wallet_token from house.sessions where player = $1', [String(player.playerId)]);
      const token = session!.wallet_token;
      await sqlOf.query(
        `insert into house.rounds (id, site, player, game, currency, demo, seed_pair_id, nonce, bet, state, multi_step, stake, win, status, wallet_token)
         values ($1, 'casino1', $2, 'HASH-PARITY', 'PHP', false, $3, 999, '{}', '{}', false, 10, 0, 'debiting', $4)`,
        [`left-${player.playerId}`, String(player.playerId), pair!.id, token],
      );
      await recover();
      expect(await roundStatus(`left-${player.playerId}`)).toBe('rolled_back');
      // The debit arriving after all (a request stuck in a queue): the wallet refuses it for good.
      const late = await healthyWallet().debit({ token, transactionId: `left-${player.playerId}:debit`, roundId: `left-${player.playerId}`, amount: '10.0000' });
      expect(late).toMatchObject({ kind: 'refused', code: 'TRANSACTION_ROLLED_BACK' });
      expect(await balanceOf(player)).toBe('100.0000');
      await expectAllWalletsMatchLedger(db);
    });
  });
});
