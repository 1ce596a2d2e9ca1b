// `npm run bench:games`: simulated players playing the house studio's games against one built
// server on PostgreSQL (issue 23 §6). It creates a throwaway database on the server of
// BENCH_DATABASE_URL, starts the built server on it (packages/api/dist/main.js: run `npm run build`
// first), makes BENCH_PLAYERS funded players on casino1, and each launches a game (the slot,
// LANTERNS, when the studio has it, else the others in turn) through the platform, opens the
// studio's page and plays rounds back to back for BENCH_SECONDS. It prints rounds per second and
// the latency of a round (the studio's `start` call: debit and credit through the wallet) at the
// 50th and 99th percentiles (target p99 < 50 ms), then checks the books: every site balanced, and
// each player's balance moved by exactly the stakes and wins of their settled rounds (0 money lost
// or doubled). Exit code 1 when the books are wrong or nothing could be played; the timings are
// printed, never asserted (the machines are shared).
//
//   BENCH_DATABASE_URL=postgres://user:password@host:5432/postgres   the server (default: local, user postgres)
//   BENCH_PLAYERS=200   BENCH_SECONDS=30   BENCH_GAMES=LANTERNS,HASH-PARITY   BENCH_KEEP=1 (keep the database)
//
// Run with tsx (the setup uses the server's TypeScript modules): `npm run bench:games`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createThrowawayDatabase } from './lib/throwaway-database.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLAYERS = Number(process.env.BENCH_PLAYERS || 200);
const SECONDS = Number(process.env.BENCH_SECONDS || 30);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const STAKE = '1.00';
const FUNDS = '100000.00';

process.exitCode = await main();

async function main() {
  let throwaway;
  try {
    throwaway = await createThrowawayDatabase(SERVER_URL, 'wl_bench_games');
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  const { name } = throwaway;
  const url = new URL(throwaway.url);
  const port = await freePort();
  let server;
  try {
    server = await startServer(url.toString(), port);
    const { HOUSE_GAMES } = await import('../packages/house-games/src/games/index.ts');
    const wanted = (process.env.BENCH_GAMES || (HOUSE_GAMES.LANTERNS ? 'LANTERNS,HASH-PARITY' : 'HASH-PARITY,ROULETTE')).split(',');
    const games = wanted.filter((code) => HOUSE_GAMES[code] && !HOUSE_GAMES[code].act);
    if (games.length === 0) throw new Error(`none of ${wanted.join(', ')} is a single-step house game`);
    const players = await makePlayers(url.toString(), PLAYERS, games);
    console.log(`Server on PostgreSQL (database ${name}), ${players.length} players on casino1, games ${games.join(', ')}, ${SECONDS} s.`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: PLAYERS * 2 });
    const opened = await Promise.all(players.map((player, index) => openGame(agent, port, player, games[index % games.length])));
    const latencies = [];
    const failures = new Map();
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      opened.map(async ({ boot, game }) => {
        const bet = game === 'ROULETTE' ? { chips: [{ bet: 'red', amount: STAKE }] } : game === 'HASH-PARITY' ? { stake: STAKE, pick: 'odd' } : { stake: STAKE };
        while (performance.now() < until) {
          const t0 = performance.now();
          const reply = await studioCall(agent, port, boot, 'start', { bet });
          const ms = performance.now() - t0;
          if (reply.status === 200) latencies.push(ms);
          else failures.set(reply.body.code ?? reply.status, (failures.get(reply.body.code ?? reply.status) ?? 0) + 1);
          // A person's pace on a quick spin: the slot's animation is skipped, not the network.
          if (reply.status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    console.log(`Rounds: ${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(0)} rounds/s`);
    console.log(`Round latency: p50 ${pick(0.5).toFixed(1)} ms, p99 ${pick(0.99).toFixed(1)} ms, max ${pick(1).toFixed(1)} ms (target p99 < 50 ms)`);
    if (failures.size) console.log(`Refused or failed calls: ${[...failures].map(([code, count]) => `${code} ×${count}`).join(', ')}`);

    // Let the recovery job finish anything a slow call left, then check the books.
    const books = await checkBooks(url.toString(), players);
    console.log(books.ok ? `Books: balanced; every player's balance moved by exactly their rounds (${books.rounds} rounds, ${books.players} players).` : `Books: WRONG: ${books.problem}`);
    return books.ok && latencies.length > 0 ? 0 : 1;
  } catch (error) {
    console.error(error);
    if (server) console.error(server.output().slice(-3000));
    return 1;
  } finally {
    await server?.stop();
    await throwaway.finish();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The built server on the bench database; resolves once it answers. */
async function startServer(databaseUrl, port) {
  const lines = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'packages/api/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    lines.push(String(chunk));
    if (lines.length > 200) lines.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${lines.join('').slice(-2000)}`);
    const ok = await request({ port, method: 'GET', path: '/readyz', host: 'localhost' }).then((reply) => reply.status === 200, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    output: () => lines.join(''),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Funded players with a session each, made through the server's own modules. */
async function makePlayers(databaseUrl, count, gameCodes) {
  const { openDatabase } = await import('../packages/api/src/db/client.ts');
  const { games, players, providers, sites } = await import('../packages/api/src/db/schema.ts');
  const { HOUSE_GAMES } = await import('../packages/house-games/src/games/index.ts');
  const { createSession } = await import('../packages/api/src/accounts/sessions.ts');
  const { newReferralCode } = await import('../packages/api/src/accounts/referral-code.ts');
  const { postToLedger } = await import('../packages/api/src/ledger/index.ts');
  const { eq, sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  try {
    const db = database.db;
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.externalId, 'casino1'));
    // A studio game not in the demo catalogue yet (its page is still to come) is listed in this
    // throwaway database, so the launch finds it.
    const [house] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'HOUSE'));
    for (const code of gameCodes) {
      const game = HOUSE_GAMES[code];
      await db
        .insert(games)
        .values({ providerId: house.id, gameCode: code, gameName: code, gameType: game.category, categories: [game.category], imageUrl: '/favicon.ico' })
        .onConflictDoNothing();
    }
    const made = [];
    for (let i = 0; i < count; i += 1) {
      const accountId = `bench${randomBytes(5).toString('hex')}`;
      const [player] = await db
        .insert(players)
        .values({ siteId: site.id, accountId, passwordHash: sql`(select password_hash from players where site_id = ${site.id} and account_id = 'demo')`, referralCode: newReferralCode() })
        .returning({ id: players.id, siteId: players.siteId });
      await postToLedger(db, { siteId: site.id, playerId: player.id, account: 'balance', amount: FUNDS, counter: 'adjustments', type: 'adjustment', idempotencyKey: `bench-fund-${player.id}` });
      const auth = await createSession(db, player, { ip: '127.0.0.1', userAgent: 'bench-games' });
      made.push({ playerId: player.id, accountId, auth });
    }
    return made;
  } finally {
    await database.close();
  }
}

function request({ port, method, path: requestPath, host, headers = {}, body, agent }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: requestPath, agent, headers: { host, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Launches `game` for a player through the platform and opens the studio's page: answers its boot data. */
async function openGame(agent, port, player, game) {
  const launch = await request({
    agent,
    port,
    method: 'POST',
    path: '/api/product/launch',
    host: `casino1.localhost:${port}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: player.accountId, auth: player.auth, provider_code: 'HOUSE', game_code: game }),
  });
  const reply = JSON.parse(launch.text);
  if (reply.statusCode !== 1) throw new Error(`launch refused: ${launch.text}`);
  const gameUrl = new URL(reply.value.url);
  const page = await request({ agent, port, method: 'GET', path: `${gameUrl.pathname}${gameUrl.search}`, host: gameUrl.host });
  const json = /<script type="application\/json" id="house-boot">(.*?)<\/script>/s.exec(page.text)?.[1];
  if (!json) throw new Error(`the game page did not open (${page.status})`);
  return { boot: { ...JSON.parse(json), host: gameUrl.host }, game };
}

async function studioCall(agent, port, boot, name, body) {
  const reply = await request({
    agent,
    port,
    method: 'POST',
    path: `${boot.apiBase}/${name}`,
    host: boot.host,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${boot.session}` },
    body: JSON.stringify(body),
  });
  let parsed = {};
  try {
    parsed = JSON.parse(reply.text);
  } catch {
    // not JSON: counted by status
  }
  return { status: reply.status, body: parsed };
}

/** The books balance, and each player's balance is funds − stakes + wins of their rounds. */
async function checkBooks(databaseUrl, players) {
  const { openDatabase, queryRows } = await import('../packages/api/src/db/client.ts');
  const { booksOf } = await import('../packages/api/src/banking/books.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const db = database.db;
    const deadline = Date.now() + 60_000;
    // Rounds still being paid (a slow credit) are finished by the recovery job within its period.
    while (Date.now() < deadline) {
      const [{ pending }] = await queryRows(db, sql`select count(*)::int as pending from house.rounds where status in ('debiting', 'crediting', 'rolling_back')`);
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const books = await booksOf(db, null);
    if (books.mismatches.length) return { ok: false, problem: JSON.stringify(books.mismatches.slice(0, 5)) };
    const ids = players.map((player) => player.playerId);
    const rows = await queryRows(
      db,
      sql`select w.player_id, w.balance::text as balance,
            coalesce((select sum(coalesce(r.win, 0) - r.stake) from house.rounds r where r.player = w.player_id::text and r.status in ('settled', 'crediting')), 0)::text as net,
            (select count(*)::int from house.rounds r where r.player = w.player_id::text and r.status = 'settled') as rounds
          from wallets w where w.player_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    const toMinor = (value) => BigInt(Math.round(Number(value) * 10_000));
    let rounds = 0;
    for (const row of rows) {
      rounds += Number(row.rounds);
      if (toMinor(row.balance) !== toMinor(FUNDS) + toMinor(row.net)) {
        return { ok: false, problem: `player ${row.player_id}: balance ${row.balance}, expected ${FUNDS} + ${row.net}` };
      }
    }
    return { ok: true, rounds, players: rows.length };
  } finally {
    await database.close();
  }
}
