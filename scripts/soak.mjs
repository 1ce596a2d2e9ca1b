// `npm run soak -- [--minutes 5] [--servers 3] [--players 40] [--fuzz 10000] [--seed 1] [--short]` (issue 28 §2): the cluster of
// `npm run cluster` (PostgreSQL, Redis, HAProxy and N server processes; scripts/cluster-lib.mjs)
// under simulated players of many sites, through the load balancer, while faults are injected:
// kill -9 of a server (started again a few seconds later), a PostgreSQL restart, Redis going away
// and coming back, and slow clients that abandon their responses. A fuzz run of malformed requests
// (scripts/fuzz-lib.mjs) goes through the load balancer at the same time. At the end it checks and
// prints (README, "Soak"):
// - every write the clients saw acknowledged is in the database (deposit requests, approvals,
//   inbox claims, sports bets, slot rounds), and the books balance (each wallet equals its entries);
// - no response ≥ 500, except during a PostgreSQL restart (from the restart until 10 s after it is
//   back) and for requests already in flight at a server's kill -9 (nothing can answer those);
//   every fuzz reply a clear error; no server exited but the one killed on purpose;
// - throughput and p50/p99 latency per call kind before, during and after each fault, and the time
//   to recover from each (until 3 s in a row without a failed request);
// - each server's memory at the start (after the warm-up) and the end (growth over 20 % fails).
// Exit code 1 when anything fails. `--short`: one minute, one fault of each kind (meant for CI).
// Needs `npm run build` first, and PostgreSQL, Redis and HAProxy installed (the cluster says which
// package is missing). Run with tsx: the set-up uses the server's own modules.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { ClusterError, freePort, start as startCluster } from './cluster-lib.mjs';
import { formatSummary, reproducerOf, runFuzz } from './fuzz-lib.mjs';
import { insertFundedPlayer, mulberry32, waitForOpenRounds } from './lib/bench-server.mjs';

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string' },
    servers: { type: 'string', default: '3' },
    players: { type: 'string' },
    short: { type: 'boolean', default: false },
    fuzz: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const SHORT = options.short;
const MINUTES = Number(options.minutes ?? (SHORT ? 1 : 5));
const SERVERS = Number(options.servers);
// A two-core machine holds the servers, PostgreSQL, HAProxy and the players together: a load it carries.
const PLAYERS = Number(options.players ?? (SHORT ? 24 : 40));
const FUZZ_COUNT = Number(options.fuzz ?? (SHORT ? 1_000 : 10_000));
const SEED = Number(options.seed);
const DURATION_MS = MINUTES * 60_000;
/**
 * Load before the measured minutes (caches filled, code optimised): its end is the start of the
 * memory comparison. Its requests are checked like the others but left out of the figures.
 */
const WARMUP_MS = SHORT ? 20_000 : 30_000;
/** The width of the before and after windows of a fault. */
const WINDOW_MS = SHORT ? 5_000 : 15_000;
/** How long a killed server stays down, and Redis away. */
const DOWN_MS = SHORT ? 3_000 : 5_000;
/**
 * A request sent this soon after a killed server is gone may still have reached it: HAProxy passed
 * it on a connection the dying process had accepted (a 502 "incomplete response", not retried as
 * the request was sent). Later ones find the port closed, and HAProxy retries them elsewhere.
 */
const KILL_GRACE_MS = 100;
/** After PostgreSQL is back, failures are still allowed this long (pools reconnect, README "Soak"). */
const POSTGRES_GRACE_MS = 10_000;
const FUNDS = '1000.00';
const INBOX_ITEMS_PER_PLAYER = 5;
const SLOT_GAME = 'LANTERNS';
/** The demo players' password; the soak's players are given the same (README, "Demo sites and accounts"). */
const PASSWORD = 'demo1234';


async function main() {
  if (![MINUTES, SERVERS, PLAYERS, FUZZ_COUNT].every((value) => Number.isFinite(value) && value > 0)) throw new ClusterError('--minutes, --servers, --players and --fuzz must be positive numbers');
  if (SERVERS < 2) throw new ClusterError('--servers must be at least 2: a killed server needs another to take its players');
  const port = await freePort();
  console.log(`Soak: ${MINUTES} min, ${SERVERS} servers behind HAProxy on port ${port}, ${PLAYERS} players, ${FUZZ_COUNT} fuzz requests, seed ${SEED}`);
  const cluster = await startCluster({ servers: SERVERS, port, log: (line) => console.log(`  ${line}`) });
  const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    return await soak(cluster);
  } finally {
    await cluster.stop();
  }
}

async function soak(cluster) {
  const client = httpClient(cluster.publicPort);
  const setup = await prepare(cluster.databaseUrl, client);
  console.log(`Set up: ${setup.players.length} players on ${setup.sites.length} sites (${setup.players.filter((p) => p.slot).length} with a slot open), an operator key.`);

  const record = new Recorder();
  const acknowledged = { deposits: [], approvals: [], claims: [], bets: [], rounds: [] };
  const faults = [];
  const unexpectedExits = [];
  const started = Date.now();
  const measuredFrom = started + WARMUP_MS;
  const until = measuredFrom + DURATION_MS;
  let running = true;

  // Servers that exit without being killed on purpose.
  const killedOnPurpose = new Set();
  const watch = setInterval(() => {
    for (const server of cluster.servers) {
      if (server.pid === null && !killedOnPurpose.has(server.index) && !unexpectedExits.includes(server.index)) unexpectedExits.push(server.index);
    }
  }, 500);

  const players = setup.players.map((player, index) => playerLoop(player, index));
  const operator = operatorLoop();
  // The prices the players choose from, as their pages refresh them.
  const boards = (async () => {
    while (running) {
      await sleep(10_000);
      for (const site of setup.sites) {
        const board = await client.board(site.host).catch(() => null);
        if (board?.length) setup.board.set(site.externalId, board);
      }
    }
  })();
  // With an operator key, so the operator calls are fuzzed past their key check.
  const fuzz = runFuzz({ baseUrl: `http://127.0.0.1:${cluster.publicPort}`, count: FUZZ_COUNT, seed: SEED, concurrency: 2, host: `${setup.sites[0].host}:${cluster.publicPort}`, headers: { authorization: `Bearer ${setup.operatorKey}` } });

  await sleep(WARMUP_MS);
  const memoryAtStart = await serverFigures(cluster);
  // The first fault comes after a window of steady load (its "before").
  await sleep(WINDOW_MS);
  await injectFaults();
  while (Date.now() < until) await sleep(250);
  running = false;
  await Promise.all([...players, operator, boards]);
  const fuzzSummary = await fuzz;
  clearInterval(watch);
  const memoryAtEnd = await serverFigures(cluster);

  // Rounds interrupted by a fault are finished by the studio's recovery (ADR 0029) within its period.
  const checks = await checkDatabase(cluster.databaseUrl, acknowledged, setup);
  const books = await client.ops('/api/ops/books', {}, setup.operatorKey);
  return report({ record, faults, fuzzSummary, checks, books, memoryAtStart, memoryAtEnd, unexpectedExits, acknowledged, started: measuredFrom });

  async function injectFaults() {
    const kinds = ['kill', 'postgres', 'redis', 'slow'];
    const span = until - Date.now() - WINDOW_MS * 2;
    const gap = span / kinds.length;
    for (const [position, kind] of kinds.entries()) {
      const at = Date.now();
      const fault = { kind, at, repairedAt: at, allowedUntil: at };
      faults.push(fault);
      if (kind === 'kill') {
        const index = 1 + (position % cluster.servers.length);
        killedOnPurpose.add(index);
        fault.label = `kill -9 of server ${index}`;
        await cluster.killServer(index);
        fault.allowedUntil = Date.now() + KILL_GRACE_MS;
        await sleep(DOWN_MS);
        await cluster.startServer(index);
        killedOnPurpose.delete(index);
      } else if (kind === 'postgres') {
        fault.label = 'PostgreSQL restart';
        await cluster.restartPostgres();
        fault.allowedUntil = Date.now() + POSTGRES_GRACE_MS;
      } else if (kind === 'redis') {
        fault.label = `Redis away for ${DOWN_MS / 1000} s`;
        await cluster.stopRedis();
        await sleep(DOWN_MS);
        await cluster.startRedis();
      } else {
        fault.label = '40 slow clients abandoning pages';
        await slowClients(cluster.publicPort, setup.sites, 40, DOWN_MS);
      }
      fault.repairedAt = Date.now();
      const next = at + gap;
      while (Date.now() < next && Date.now() < until - WINDOW_MS) await sleep(250);
    }
  }

  async function playerLoop(player, index) {
    player.client = httpClient(cluster.publicPort, player.address);
    const random = mulberry32(SEED * 1000 + index);
    await sleep(random() * 2_000);
    while (running) {
      const action = pick(random, player);
      const t0 = Date.now();
      const outcome = await action.run().catch((error) => ({ status: 0, ok: false, error: error.code ?? error.message }));
      record.add(action.kind, t0, Date.now(), outcome);
      await sleep(200 + random() * 600);
    }
    player.client.close();
  }

  function pick(random, player) {
    const client = player.client;
    const session = { account_id: player.accountId, auth: player.auth };
    const actions = [
      [2, 'login', async () => {
        const reply = await client.call(player.host, '/api/auth/login', { domain_name: player.host, external_id: player.site, account_id: player.accountId, password: PASSWORD });
        // The player goes on with the new session, as a browser does.
        if (reply.body?.statusCode === 1) player.auth = reply.body.token;
        return reply;
      }],
      [15, 'page /', () => client.page(player.host, '/')],
      [10, 'page /slots', () => client.page(player.host, '/slots')],
      [10, 'startup', () => client.call(player.host, '/api/startup', { domain_name: player.host })],
      [15, 'get_balance', () => client.call(player.host, '/api/auth/get_balance', session)],
      [player.inbox.length ? 5 : 0, 'claim_inbox', async () => {
        const inboxId = player.inbox[0];
        const reply = await client.call(player.host, '/api/settings/claim_inbox', { ...session, inbox_id: inboxId });
        // Claimed, or claimed by an earlier try whose answer was lost: either way it is done.
        if (reply.body?.statusCode === 1 || reply.body?.message === 'alreadyClaimed') player.inbox.shift();
        if (reply.body?.statusCode === 1) acknowledged.claims.push(inboxId);
        return reply;
      }],
      [player.receiving ? 5 : 0, 'deposit', async () => {
        const reply = await client.call(player.host, '/api/banking/deposit', { ...session, ...player.receiving, amount: (player.minDeposit * (1 + Math.floor(random() * 3))).toFixed(2), transfer_reference: `SOAK${randomBytes(5).toString('hex')}` });
        if (reply.body?.statusCode === 1) acknowledged.deposits.push(reply.body.value.deposit_id);
        return reply;
      }],
      [setup.board.get(player.site)?.length ? 15 : 0, 'place_bet', async () => {
        const board = setup.board.get(player.site);
        const selection = board[Math.floor(random() * board.length)];
        const reply = await client.call(player.host, '/api/sports/place_bet', { ...session, selections: [selection], stake: '1', odds_change: 'any', client_bet_id: `soak-${randomBytes(6).toString('hex')}` });
        if (reply.body?.statusCode === 1) acknowledged.bets.push(reply.body.bet.ticket);
        return reply;
      }],
      [player.slot ? 15 : 0, 'slot spin', async () => {
        const reply = await client.studio(player.slot, 'start', { bet: { stake: '1' } });
        if (reply.status === 200 && reply.body?.round?.id) acknowledged.rounds.push(reply.body.round.id);
        return reply;
      }],
    ].filter(([weight]) => weight > 0);
    const total = actions.reduce((sum, [weight]) => sum + weight, 0);
    let roll = random() * total;
    for (const [weight, kind, run] of actions) {
      roll -= weight;
      if (roll <= 0) return { kind, run };
    }
    const [, kind, run] = actions.at(-1);
    return { kind, run };
  }

  /** The operator: pending deposits of every site approved, oldest first, once a second. */
  async function operatorLoop() {
    while (running) {
      const t0 = Date.now();
      const pending = await client.ops('/api/ops/pending', { kind: 'deposit', page_size: 50 }, setup.operatorKey).catch((error) => ({ status: 0, ok: false, error: error.code }));
      record.add('ops pending', t0, Date.now(), pending);
      for (const payment of pending.body?.value ?? []) {
        const t1 = Date.now();
        const approved = await client.ops('/api/ops/deposit/approve', { payment_id: payment.payment_id, reason: 'Matched on the bank statement (soak)' }, setup.operatorKey).catch((error) => ({ status: 0, ok: false, error: error.code }));
        record.add('ops approve', t1, Date.now(), approved);
        if (approved.body?.statusCode === 1) acknowledged.approvals.push(payment.payment_id);
      }
      await sleep(1_000);
    }
  }
}

// Set-up ---------------------------------------------------------------------------------------

/**
 * Players spread over every site, each funded, with a session, inbox items worth 1 each, the
 * receiving account of a deposit method; a quarter with a slot open; every site's open sports
 * selections; an operator key for every site. Written through the server's own modules.
 */
async function prepare(databaseUrl, client) {
  const { openDatabase, queryRows } = await import('../packages/api/src/db/client.ts');
  const { inboxItems } = await import('../packages/api/src/db/schema.ts');
  const { createOperator } = await import('../packages/api/src/banking/operators.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  try {
    const db = database.db;
    // Sites open to players: active and not in a maintenance window (whose pages answer 503 by design).
    const sites = (
      await queryRows(
        db,
        sql`select s.id, s.external_id, min(d.domain) as domain from sites s join site_domains d on d.site_id = s.id
            where s.status and not (s.maintenance_start is not null and s.maintenance_start <= now() and (s.maintenance_end is null or s.maintenance_end > now()))
              and d.domain not in ('127.0.0.1')
            group by s.id, s.external_id order by s.id`,
      )
    ).map((site) => ({ id: site.id, externalId: site.external_id, host: site.domain }));
    if (sites.length === 0) throw new Error('the cluster database has no active site (was the demo seeded?)');
    const operator = await createOperator(db, { name: `soak-${randomBytes(3).toString('hex')}`, siteId: null, createdBy: 'soak' });
    if (!operator.ok) throw new Error(`no operator key: ${operator.message}`);
    const made = [];
    for (let index = 0; index < PLAYERS; index += 1) {
      const site = sites[index % sites.length];
      const { playerId, accountId, auth } = await insertFundedPlayer(db, { siteId: site.id, prefix: 'soak', funds: FUNDS, userAgent: 'soak' });
      const inbox = await db
        .insert(inboxItems)
        .values(Array.from({ length: INBOX_ITEMS_PER_PLAYER }, () => ({ siteId: site.id, playerId, title: 'Soak gift', body: 'A gift of the soak', rewardAmount: '1', rewardType: 'balance' })))
        .returning({ id: inboxItems.id });
      // 127.0.<1..>.<1..250>: Linux answers the whole 127/8 on the loopback interface.
      const address = `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;
      made.push({ playerId, site: site.externalId, host: site.host, address, accountId, auth, inbox: inbox.map((item) => item.id) });
    }
    // The receiving account of each site's first deposit method, as its deposit page offers it.
    for (const player of made) {
      const methods = await client.call(player.host, '/api/banking/deposit_methods', { account_id: player.accountId, auth: player.auth });
      const method = methods.body?.value?.find((candidate) => candidate.receiving_accounts?.length);
      if (method) player.receiving = { method_id: method.method_id, receiving_account_id: method.receiving_accounts[0].receiving_account_id };
      // The site's smallest deposit (its currency's scale differs: 100 PHP, 50,000 VND).
      player.minDeposit = Number(methods.body?.min_deposit ?? 100);
    }
    // A quarter of the players open the house slot (where the site offers it).
    for (const player of made.filter((_, index) => index % 4 === 0)) player.slot = await openSlot(client, player).catch(() => null);
    const board = new Map();
    for (const site of sites) board.set(site.externalId, await client.board(site.host).catch(() => []));
    return { sites, players: made, operatorKey: operator.key, board };
  } finally {
    await database.close();
  }
}

async function openSlot(client, player) {
  const launch = await client.call(player.host, '/api/product/launch', { account_id: player.accountId, auth: player.auth, provider_code: 'HOUSE', game_code: SLOT_GAME });
  if (launch.body?.statusCode !== 1) return null;
  const gameUrl = new URL(launch.body.value.url);
  const page = await client.raw({ method: 'GET', path: `${gameUrl.pathname}${gameUrl.search}`, host: gameUrl.host });
  const json = /<script type="application\/json" id="house-boot">(.*?)<\/script>/s.exec(page.text)?.[1];
  if (!json) return null;
  return { ...JSON.parse(json), host: gameUrl.host };
}

// The client -----------------------------------------------------------------------------------

/**
 * Requests through the load balancer, kept-alive, each with a 30 s limit; from `localAddress` (a
 * loopback address of its own per player, so the per-address limits see players, not the soak).
 */
function httpClient(port, localAddress = '127.0.0.1') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // A kept-alive connection the load balancer closed as idle just as it was reused fails with
  // ECONNRESET before the request reached anyone: sent again once, as browsers do.
  const raw = (options) =>
    send(options).catch((error) => {
      if (error.code === 'ECONNRESET' && error.reusedSocket) return send(options);
      throw error;
    });
  const send = ({ method, path, host, headers = {}, body }) =>
    new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, localAddress, method, path, agent, headers: { host: host.includes(':') ? host : `${host}:${port}`, ...headers }, timeout: 30_000 }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      request.on('error', (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
      request.end(body);
    });
  const json = async (options) => {
    const reply = await raw({ ...options, headers: { 'content-type': 'application/json', ...options.headers }, body: JSON.stringify(options.body) });
    let body = null;
    try {
      body = JSON.parse(reply.text);
    } catch {
      // Not JSON: judged by its status.
    }
    return { status: reply.status, body, ok: reply.status < 400 && (body?.statusCode === undefined || body.statusCode === 1 || reply.status === 200) };
  };
  return {
    raw,
    close: () => agent.destroy(),
    page: async (host, path) => {
      const reply = await raw({ method: 'GET', path, host, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      return { status: reply.status, ok: reply.status === 200 };
    },
    call: (host, path, body) => json({ method: 'POST', path, host, body }),
    ops: (path, body, key) => json({ method: 'POST', path, host: 'localhost', body, headers: { authorization: `Bearer ${key}` } }),
    studio: (boot, name, body) => json({ method: 'POST', path: `${boot.apiBase}/${name}`, host: boot.host, body, headers: { authorization: `Bearer ${boot.session}` } }),
    board: async (host) => {
      const reply = await raw({ method: 'GET', path: '/api/home/match_list', host });
      const list = JSON.parse(reply.text).value ?? [];
      return list.filter((match) => !match.suspended).flatMap((match) => match.odds.slice(0, 1).map((odds) => ({ selection_id: odds.selection_id, odds: odds.odds })));
    },
  };
}

/**
 * Clients that ask for a page, read a little of it slowly, and go away mid-answer, `count` at a
 * time for `ms`: what a phone losing signal does. Their replies are not counted; the players' are.
 */
async function slowClients(port, sites, count, ms) {
  const until = Date.now() + ms;
  const one = (site) =>
    new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.write(`GET /?slow=${randomBytes(4).toString('hex')} HTTP/1.1\r\nHost: ${site.host}:${port}\r\nAccept: text/html\r\n\r\n`);
      });
      let read = 0;
      socket.on('data', (chunk) => {
        read += chunk.length;
        socket.pause();
        // A few bytes a second, then gone.
        setTimeout(() => (read > 4_000 || Date.now() > until ? socket.destroy() : socket.resume()), 500);
      });
      socket.setTimeout(10_000, () => socket.destroy());
      socket.on('close', resolve);
      socket.on('error', () => undefined);
    });
  const lanes = Array.from({ length: count }, async (_, lane) => {
    while (Date.now() < until) await one(sites[lane % sites.length]);
  });
  await Promise.all(lanes);
}

// Figures --------------------------------------------------------------------------------------

class Recorder {
  constructor() {
    this.samples = [];
  }

  add(kind, start, end, outcome) {
    this.samples.push({ kind, start, end, ms: end - start, status: outcome.status ?? 0, ok: outcome.ok === true, error: outcome.error ?? outcome.body?.message ?? outcome.body?.code });
  }

  between(from, to) {
    return this.samples.filter((sample) => sample.start >= from && sample.start < to);
  }
}

const percentile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

function figures(samples, ms) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return { rate: samples.length / (ms / 1000), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), failed: samples.filter((sample) => !sample.ok).length };
}

/**
 * From the fault until the start of 3 s in a row in which every request answered without a failure
 * (network or ≥ 500): the players' view, which may come before the repair (a killed server's
 * players are on the others at once).
 */
function recoveryOf(record, fault, end) {
  const broken = (sample) => sample.status === 0 || sample.status >= 500;
  for (let second = fault.at; second < end; second += 1_000) {
    const windows = [0, 1, 2].map((offset) => record.between(second + offset * 1_000, second + (offset + 1) * 1_000));
    if (windows.every((window) => window.length > 0 && !window.some(broken))) return second - fault.at;
  }
  return null;
}

/**
 * Each server's own figures, read from its metrics listener (README "Metrics"): resident memory,
 * the event loop's p99 delay, calls waiting for a database connection, API calls served. A
 * server without metrics (an older build) is read from /proc for its memory only.
 */
async function serverFigures(cluster) {
  const entries = await Promise.all(
    cluster.servers.map(async (server) => {
      const figures = { pid: server.pid, rssMb: null, heapMb: null, eventLoopP99Ms: null, poolWaiting: null, apiRequests: null };
      const text = server.metricsPort ? await metricsText(server.metricsPort).catch(() => null) : null;
      if (text) {
        const value = (pattern) => {
          const values = [...text.matchAll(pattern)].map((match) => Number(match[1]));
          return values.length ? values.reduce((sum, next) => sum + next, 0) : null;
        };
        figures.rssMb = value(/^wl_process_resident_memory_bytes (\S+)$/gm) / 1024 / 1024;
        figures.heapMb = value(/^wl_nodejs_heap_size_used_bytes (\S+)$/gm) / 1024 / 1024;
        figures.eventLoopP99Ms = value(/^wl_nodejs_eventloop_lag_p99_seconds (\S+)$/gm) * 1000;
        figures.poolWaiting = value(/^wl_db_pool_connections\{state="waiting"\} (\S+)$/gm);
        figures.apiRequests = value(/^wl_api_requests_total\{[^}]*\} (\S+)$/gm);
      } else {
        try {
          figures.rssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024 || null;
        } catch {
          // Not running.
        }
      }
      return [server.index, figures];
    }),
  );
  return Object.fromEntries(entries);
}

function metricsText(port) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/metrics', timeout: 5_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`metrics answered ${response.statusCode}`))));
    });
    request.on('timeout', () => request.destroy(new Error('metrics timed out')));
    request.on('error', reject);
  });
}

async function checkDatabase(databaseUrl, acknowledged, setup) {
  const { openDatabase, queryRows } = await import('../packages/api/src/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  const ids = (list) => (list.length ? sql.join(list.map((id) => sql`${id}`), sql`, `) : sql`null`);
  try {
    const db = database.db;
    // Slot rounds cut off by a fault are finished by the studio's recovery within its period.
    await waitForOpenRounds(db);
    const count = async (query) => Number((await queryRows(db, query))[0].n);
    const rows = [
      ['deposit requests', acknowledged.deposits.length, await count(sql`select count(*) as n from payments where kind = 'deposit' and id in (${ids(acknowledged.deposits)})`)],
      ['deposit approvals', acknowledged.approvals.length, await count(sql`select count(*) as n from payments p where p.id in (${ids(acknowledged.approvals)}) and p.status = 'approved'
        and exists (select 1 from ledger_transfers t where t.site_id = p.site_id and t.idempotency_key = 'deposit:' || p.id || ':approve')`)],
      ['inbox claims', acknowledged.claims.length, await count(sql`select count(*) as n from inbox_items where id in (${ids(acknowledged.claims)}) and claimed_at is not null`)],
      ['sports bets', acknowledged.bets.length, await count(sql`select count(*) as n from sports_bets where ticket in (${ids(acknowledged.bets)})`)],
      ['slot rounds', acknowledged.rounds.length, await count(sql`select count(*) as n from house.rounds where id in (${ids(acknowledged.rounds)}) and status = 'settled'`)],
    ];
    const players = setup.players.map((player) => player.playerId);
    const [{ stuck }] = await queryRows(db, sql`select count(*)::int as stuck from house.rounds r join players p on p.id::text = r.player where p.id in (${ids(players)}) and r.status in ('debiting', 'crediting', 'rolling_back')`);
    return { rows, stuck };
  } finally {
    await database.close();
  }
}

function report({ record, faults, fuzzSummary, checks, books, memoryAtStart, memoryAtEnd, unexpectedExits, started }) {
  const problems = [];
  const end = Math.max(...record.samples.map((sample) => sample.end), started);
  const kinds = [...new Set(record.samples.map((sample) => sample.kind))].sort();

  console.log('\nWrites the clients saw acknowledged, found in the database:');
  printTable(['write', 'acknowledged', 'in the database'], checks.rows.map(([what, seen, found]) => [what, seen, found]));
  for (const [what, seen, found] of checks.rows) if (found !== seen) problems.push(`${what}: ${seen} acknowledged, ${found} in the database`);
  if (checks.stuck) problems.push(`${checks.stuck} slot rounds of the soak's players still unfinished after recovery`);
  const booksOk = books.body?.statusCode === 1 && books.body.balanced === true;
  console.log(`Books: ${booksOk ? `balanced on every site (${books.body.sites.length} sites; each wallet equals its entries)` : `NOT balanced: ${JSON.stringify(books.body?.mismatches ?? books.body).slice(0, 600)}`}`);
  if (!booksOk) problems.push('the books do not balance');

  // Failures outside the allowed windows.
  const allowed = (sample) =>
    faults.some((fault) => (fault.kind === 'postgres' || fault.kind === 'kill') && sample.end >= fault.at && sample.start <= fault.allowedUntil);
  const serverErrors = record.samples.filter((sample) => sample.status >= 500 && !allowed(sample));
  const networkErrors = record.samples.filter((sample) => sample.status === 0 && !allowed(sample));
  const labelOf = (sample) => [sample.kind, sample.status || '', sample.error ?? ''].filter(Boolean).join(' ');
  const byStatus = (list) => [...list.reduce((map, sample) => map.set(labelOf(sample), (map.get(labelOf(sample)) ?? 0) + 1), new Map())].map(([key, n]) => `${key} ×${n}`).join(', ');
  console.log(`\nResponses ≥ 500 outside a PostgreSQL restart's window and a kill's requests in flight: ${serverErrors.length}${serverErrors.length ? ` (${byStatus(serverErrors)})` : ''}`);
  console.log(`Requests without an answer outside those windows: ${networkErrors.length}${networkErrors.length ? ` (${byStatus(networkErrors)})` : ''}`);
  if (serverErrors.length) problems.push(`${serverErrors.length} responses ≥ 500 outside the allowed windows`);
  if (networkErrors.length) problems.push(`${networkErrors.length} requests without an answer outside the allowed windows`);
  console.log(`Servers that exited without being killed: ${unexpectedExits.length ? unexpectedExits.join(', ') : 'none'}`);
  if (unexpectedExits.length) problems.push(`servers ${unexpectedExits.join(', ')} exited on their own`);

  console.log(`\nFuzz through the load balancer:\n${formatSummary(fuzzSummary)}`);
  // The fuzz runs beside the faults: its requests cut off by one are judged as the players' are.
  const fuzzFailures = fuzzSummary.failures.filter((problem) => !allowed({ start: problem.sentAt, end: problem.answeredAt }));
  const excused = fuzzSummary.failures.length - fuzzFailures.length;
  if (excused) console.log(`  (${excused} of its failures came within a PostgreSQL restart's window or were in flight at a kill)`);
  for (const problem of fuzzFailures.slice(0, 5)) console.log(`  ${reproducerOf(problem, fuzzSummary)}`);
  if (fuzzFailures.length > 0) problems.push(`${fuzzFailures.length} fuzz requests without a clear error`);
  if (!fuzzSummary.aliveAfter) problems.push('the load balancer did not answer /healthz after the fuzz run');

  const measured = record.between(started, end);
  const whole = figures(measured, end - started);
  console.log(`\nThe measured minutes: ${measured.length} requests, ${whole.rate.toFixed(0)}/s, p50 ${whole.p50} ms, p99 ${whole.p99} ms`);
  printTable(['call', 'requests', 'per s', 'p50 ms', 'p99 ms', 'failed'], kinds.map((kind) => {
    const samples = measured.filter((sample) => sample.kind === kind);
    const f = figures(samples, end - started);
    return [kind, samples.length, f.rate.toFixed(1), f.p50, f.p99, f.failed];
  }));

  const refused = record.samples.filter((sample) => !sample.ok && sample.status > 0 && sample.status < 500);
  console.log(`\nRefusals (answered < 500, by call and key): ${refused.length ? byStatus(refused) : 'none'}`);

  for (const fault of faults) {
    const recovered = recoveryOf(record, fault, end);
    const recoveredAt = recovered === null ? fault.repairedAt : fault.at + recovered;
    const phases = [
      ['before', fault.at - WINDOW_MS, fault.at],
      ['during', fault.at, Math.max(recoveredAt, fault.at + 1_000)],
      ['after', Math.max(recoveredAt, fault.repairedAt), Math.max(recoveredAt, fault.repairedAt) + WINDOW_MS],
    ];
    console.log(`\n${fault.label} at ${((fault.at - started) / 1000).toFixed(0)} s: repaired after ${((fault.repairedAt - fault.at) / 1000).toFixed(1)} s, recovered (3 s without a failure) after ${recovered === null ? 'NEVER' : `${(recovered / 1000).toFixed(1)} s`}`);
    if (recovered === null) problems.push(`no recovery after the ${fault.label}`);
    printTable(
      ['call', ...phases.flatMap(([name]) => [`${name} /s`, 'p50', 'p99', 'failed'])],
      kinds.map((kind) => [
        kind,
        ...phases.flatMap(([, from, to]) => {
          const f = figures(record.between(from, to).filter((sample) => sample.kind === kind), Math.max(1, to - from));
          return [f.rate.toFixed(1), Number.isNaN(f.p50) ? '-' : f.p50, Number.isNaN(f.p99) ? '-' : f.p99, f.failed];
        }),
      ]),
    );
  }

  console.log('\nEach server, after the warm-up and at the end (its metrics: resident memory, JavaScript heap in use, event loop p99, calls waiting for a connection, API calls served):');
  printTable(['server', 'start MB', 'end MB', 'growth', 'JS heap MB', 'event loop p99 ms', 'pool waiting', 'API calls'], Object.keys(memoryAtEnd).map((index) => {
    const before = memoryAtStart[index];
    const after = memoryAtEnd[index];
    const heap = `${before?.heapMb?.toFixed(0) ?? '-'} → ${after?.heapMb?.toFixed(0) ?? '-'}`;
    const rest = [heap, after?.eventLoopP99Ms?.toFixed(1) ?? '-', after?.poolWaiting ?? '-', after?.apiRequests ?? '-'];
    if (!before?.rssMb || !after?.rssMb) return [index, before?.rssMb?.toFixed(0) ?? '-', after?.rssMb?.toFixed(0) ?? '-', 'not running', ...rest];
    if (before.pid !== after.pid) return [index, before.rssMb.toFixed(0), after.rssMb.toFixed(0), 'restarted (killed on purpose)', ...rest];
    const growth = after.rssMb / before.rssMb - 1;
    // One minute is still the caches' and the compiler's warm-up: the short run reports growth only.
    if (growth > 0.2 && !SHORT) problems.push(`server ${index} grew by ${(growth * 100).toFixed(0)} % (over 20 %)`);
    return [index, before.rssMb.toFixed(0), after.rssMb.toFixed(0), `${(growth * 100).toFixed(0)} %`, ...rest];
  }));

  console.log(problems.length ? `\nSOAK FAILED:\n${problems.map((problem) => `  - ${problem}`).join('\n')}` : '\nSoak passed: nothing lost or doubled, every fault recovered.');
  return problems.length ? 1 : 0;
}

function printTable(header, rows) {
  const table = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const [index, row] of table.entries()) {
    console.log(`  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')}`);
    if (index === 0) console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Last, once every class and constant above is defined.
process.exitCode = await main().catch((error) => {
  console.error(error instanceof ClusterError ? error.message : error);
  return 1;
});
