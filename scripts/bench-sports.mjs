// `npm run bench:sports`: sports bets placed against a moving feed, and settlement timed (issue 24
// §5). It creates a throwaway database on the server of BENCH_DATABASE_URL, starts the built server
// on it (packages/api/dist/main.js: run `npm run build` first) with the simulated feed running and
// no in-play delay (the target excludes it), funds BENCH_PLAYERS players on casino1, and for
// BENCH_SECONDS places bets at BENCH_RATE a second (open loop: a bet starts on time whether or not
// the ones before have answered): singles and accumulators of 2 or 3 selections of different
// matches, on the prices match_list gave a moment ago, accepting any price change. It prints the
// placed rate, the latency of place_bet at the 50th and 99th percentiles (target p99 < 100 ms) and
// the refusals by key, checks the books (every site balanced, each player's balance = funds −
// stakes + payouts of their bets), then times the settlement of BENCH_SETTLE_BETS open bets
// (100,000) on one match. Exit code 1 when the books are wrong or nothing was placed; timings are
// printed, never asserted (the machines are shared).
//
//   BENCH_DATABASE_URL=postgres://user:password@host:5432/postgres   the server (default: local, user postgres)
//   BENCH_PLAYERS=200   BENCH_RATE=500   BENCH_SECONDS=30   BENCH_WARMUP_SECONDS=5   BENCH_SETTLE_BETS=100000
//   BENCH_CLIENT_NICE=10 (the players' priority)   BENCH_KEEP=1 (keep the database)
//
// Run with tsx (the setup uses the server's TypeScript modules): `npm run bench:sports`.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { createThrowawayDatabase } from './lib/throwaway-database.mjs';
import { freePort, makePlayers, mulberry32, request, startServer } from './lib/bench-server.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS || 200);
const RATE = Number(process.env.BENCH_RATE || 500);
const SECONDS = Number(process.env.BENCH_SECONDS || 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const CLIENT_NICE = Number(process.env.BENCH_CLIENT_NICE ?? 10);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const FUNDS = '100000.00';
const STAKE = '1.00';
const HOST = 'casino1.localhost';

process.exitCode = await main();

async function main() {
  let throwaway;
  try {
    throwaway = await createThrowawayDatabase(SERVER_URL, 'wl_bench_sports');
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  let server;
  try {
    const port = await freePort();
    server = await startServer(throwaway.url, port, { SPORTS_FEED: 'simulated', SPORTS_FEED_SEED: 'bench', SPORTS_IN_PLAY_DELAY_MS: '0' });
    const players = await makePlayers(throwaway.url, PLAYERS, { funds: FUNDS, userAgent: 'bench-sports' });
    os.setPriority(CLIENT_NICE);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    const call = async (path, body) => {
      const reply = await request({ agent, port, method: 'POST', path, host: HOST, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: reply.status, body: JSON.parse(reply.text) };
    };
    let board = await waitForBoard(agent, port);
    const refresh = setInterval(() => {
      readBoard(agent, port).then((next) => (board = next.length ? next : board), () => undefined);
    }, 1_000);
    console.log(`One server process on PostgreSQL (database ${throwaway.name}), ${players.length} players on casino1, ${RATE} bets/s offered for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, simulated feed running.`);

    const latencies = [];
    const refusals = new Map();
    let placed = 0;
    let inFlight = 0;
    let skipped = 0;
    const started = performance.now();
    const measuredFrom = started + WARMUP_SECONDS * 1000;
    const until = measuredFrom + SECONDS * 1000;
    const random = mulberry32(7);
    const pending = new Set();
    for (let index = 0; ; index += 1) {
      const due = started + (index * 1000) / RATE;
      if (due >= until) break;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      // More than this in flight means the server is far behind: the bet is counted as not offered.
      if (inFlight >= 1000) {
        skipped += 1;
        continue;
      }
      const player = players[index % players.length];
      const selections = pickSelections(board, random);
      if (selections.length === 0) continue;
      inFlight += 1;
      const t0 = performance.now();
      const done = call('/api/sports/place_bet', {
        account_id: player.accountId,
        auth: player.auth,
        selections,
        stake: STAKE,
        odds_change: 'any',
        client_bet_id: `bench-${randomBytes(8).toString('hex')}`,
      })
        .then((reply) => {
          const ms = performance.now() - t0;
          if (reply.body.statusCode === 1) {
            if (t0 >= measuredFrom) {
              latencies.push(ms);
              placed += 1;
            }
          } else refusals.set(reply.body.message ?? reply.status, (refusals.get(reply.body.message ?? reply.status) ?? 0) + 1);
        })
        .catch((error) => refusals.set(error.code ?? 'network', (refusals.get(error.code ?? 'network') ?? 0) + 1))
        .finally(() => {
          inFlight -= 1;
          pending.delete(done);
        });
      pending.add(done);
    }
    await Promise.all(pending);
    clearInterval(refresh);
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    console.log(`Placed: ${placed} bets in ${SECONDS} s = ${(placed / SECONDS).toFixed(0)} bets/s (offered ${RATE}/s${skipped ? `, ${skipped} not sent: over 1,000 in flight` : ''})`);
    console.log(`place_bet latency: p50 ${pick(0.5).toFixed(1)} ms, p99 ${pick(0.99).toFixed(1)} ms, max ${pick(1).toFixed(1)} ms (target p99 < 100 ms: ${pick(0.99) < 100 ? 'met' : 'NOT met'})`);
    if (refusals.size) console.log(`Refused: ${[...refusals].map(([key, count]) => `${key} ×${count}`).join(', ')}`);
    // The server's own account of a failure (its log keeps the last lines).
    const errors = server.output().split('\n').filter((line) => /"level":(50|60)/.test(line));
    if (errors.length) console.log(`Server errors (last ${Math.min(3, errors.length)}):\n${errors.slice(-3).map((line) => line.slice(0, 600)).join('\n')}`);

    const books = await checkBooks(throwaway.url, players);
    console.log(books.ok ? `Books: balanced; every player's balance = funds − stakes + payouts (${books.bets} bets, ${books.players} players).` : `Books: WRONG: ${books.problem}`);
    await server.stop();
    server = null;
    console.log(await timeSettlement(throwaway.url, players[0], SETTLE_BETS));
    return books.ok && placed > 0 ? 0 : 1;
  } catch (error) {
    console.error(error);
    if (server) console.error(server.output().slice(-3000));
    return 1;
  } finally {
    await server?.stop();
    await throwaway.finish();
  }
}

/** The open selections of match_list, by match (a suspended match left out). */
async function readBoard(agent, port) {
  const reply = await request({ agent, port, method: 'GET', path: '/api/home/match_list', host: HOST });
  const list = JSON.parse(reply.text).value ?? [];
  return list.filter((match) => !match.suspended && match.odds.length > 0).map((match) => match.odds.map((odds) => ({ selection_id: odds.selection_id, odds: odds.odds })));
}

async function waitForBoard(agent, port) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const board = await readBoard(agent, port);
    if (board.length >= 3) return board;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the feed announced no matches within a minute');
}

/** A single (70 %) or an accumulator of 2 or 3 selections of different matches. */
function pickSelections(board, random) {
  const legs = random() < 0.7 ? 1 : random() < 0.5 ? 2 : 3;
  const matches = [...board].sort(() => random() - 0.5).slice(0, Math.min(legs, board.length));
  return matches.map((selections) => selections[Math.floor(random() * selections.length)]);
}

/** Every site balanced, and each player's balance = funds − stakes + payouts of their bets. */
async function checkBooks(databaseUrl, players) {
  const { openDatabase, queryRows } = await import('../packages/api/src/db/client.ts');
  const { booksOf } = await import('../packages/api/src/banking/books.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const books = await booksOf(database.db, null);
    if (books.mismatches.length) return { ok: false, problem: JSON.stringify(books.mismatches.slice(0, 5)) };
    const ids = players.map((player) => player.playerId);
    const rows = await queryRows(
      database.db,
      sql`select w.player_id, (w.balance - (${FUNDS}::numeric - coalesce(sum(b.stake), 0) + coalesce(sum(b.payout), 0)))::text as off, count(b.id)::int as bets
          from wallets w left join sports_bets b on b.player_id = w.player_id
          where w.player_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          group by w.player_id, w.balance`,
    );
    const wrong = rows.find((row) => Number(row.off) !== 0);
    if (wrong) return { ok: false, problem: `player ${wrong.player_id}: balance off by ${wrong.off}` };
    return { ok: true, bets: rows.reduce((sum, row) => sum + row.bets, 0), players: rows.length };
  } finally {
    await database.close();
  }
}

/**
 * `count` open singles of 0.01 on one new match, written in bulk (their stakes in one ledger
 * transfer), then that match's result through settleMatch, timed.
 */
async function timeSettlement(databaseUrl, player, count) {
  const { openDatabase, queryRows } = await import('../packages/api/src/db/client.ts');
  const { settleMatch } = await import('../packages/api/src/sports/index.ts');
  const { postToLedger } = await import('../packages/api/src/ledger/index.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const db = database.db;
    const [match] = await queryRows(
      db,
      sql`insert into matches (sport, league, start_time, status, home_team_name, away_team_name) values ('soccer', 'Bench League', now(), 'live', 'Home', 'Away') returning id`,
    );
    await db.execute(
      sql`insert into match_odds (match_id, bet_type, home_away, criteria1, odds) values
            (${match.id}, '1X2', 'home', '', 2.10), (${match.id}, '1X2', 'draw', '', 3.30), (${match.id}, '1X2', 'away', '', 3.60)`,
    );
    const t0 = performance.now();
    // Bets spread over the three outcomes; their stakes move in one transfer (what is timed is the settlement).
    const posted = await postToLedger(db, {
      siteId: player.siteId,
      playerId: player.playerId,
      account: 'balance',
      amount: `-${(count / 100).toFixed(2)}`,
      counter: 'sportsbook',
      type: 'bet',
      idempotencyKey: `bench-settle-stakes-${match.id}`,
    });
    if (!posted.ok) throw new Error(`the bench player cannot stake ${count} bets: ${posted.message}`);
    await db.execute(sql`
      with made as (
        insert into sports_bets (site_id, player_id, match_id, ticket, sport, league, match_start, home_team_name, away_team_name, bet_type, home_away, criteria1, odds, stake, kind, potential_return, client_bet_id)
        select ${player.siteId}, ${player.playerId}, ${match.id}, 'BENCH-' || g, 'soccer', 'Bench League', now(), 'Home', 'Away', '1X2',
          (array['home','draw','away'])[1 + g % 3], '', (array[2.10, 3.30, 3.60])[1 + g % 3], 0.01, 'single', 0.01 * (array[2.10, 3.30, 3.60])[1 + g % 3], 'bench-settle-' || g
        from generate_series(1, ${count}) g
        returning id, home_away, odds)
      insert into sports_bet_legs (bet_id, site_id, leg_index, match_id, selection_id, sport, league, match_start, home_team_name, away_team_name, bet_type, home_away, criteria1, odds)
      select made.id, ${player.siteId}, 0, ${match.id}, o.id, 'soccer', 'Bench League', now(), 'Home', 'Away', '1X2', made.home_away, '', made.odds
      from made join match_odds o on o.match_id = ${match.id} and o.home_away = made.home_away`);
    const written = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const done = await settleMatch(db, match.id, { homeScore: 2, awayScore: 1 });
    const seconds = (performance.now() - t1) / 1000;
    return `Settlement: ${done.bets} bets on one match settled in ${seconds.toFixed(1)} s = ${(done.bets / seconds).toFixed(0)} bets/s (a third of them won and paid through the ledger; the ${count} open bets were written in ${written.toFixed(1)} s)`;
  } finally {
    await database.close();
  }
}
