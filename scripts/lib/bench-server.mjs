// What the benchmarks that start the built server share (bench:games, bench:sports): a free port,
// the server on a bench database, funded players, a seeded generator, and a plain HTTP request over a kept-alive agent.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
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
export async function startServer(databaseUrl, port, extraEnv = {}) {
  const lines = [];
  // BENCH_SERVER_NODE_ARGS: Node options for the server only, e.g. "--cpu-prof --cpu-prof-dir=prof".
  // BENCH_SERVER_ENTRY: another build of the server (a copy of packages/api/dist), to compare two builds side by side.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, process.env.BENCH_SERVER_ENTRY ?? 'packages/api/dist/main.js')], {
    env: { ...process.env, ...extraEnv, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', REDIS_URL: '' },
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
    port,
    output: () => lines.join(''),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function request({ port, method, path: requestPath, host, headers = {}, body, agent }) {
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

/**
 * `count` players of casino1, each funded with `funds` and with a session, made through the
 * server's own modules (run the benchmark with tsx); then VACUUM ANALYZE: a database made a moment
 * ago would run its first autovacuum (the migrations' catalog, the new players) in the measured
 * seconds, and a server in service is past that.
 */
export async function makePlayers(databaseUrl, count, { funds, userAgent }) {
  const { openDatabase } = await import('../../packages/api/src/db/client.ts');
  const { sites } = await import('../../packages/api/src/db/schema.ts');
  const { eq, sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  try {
    const db = database.db;
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.externalId, 'casino1'));
    const made = [];
    for (let i = 0; i < count; i += 1) made.push({ ...(await insertFundedPlayer(db, { siteId: site.id, prefix: 'bench', funds, userAgent })), siteId: site.id });
    await db.execute(sql`vacuum analyze`);
    return made;
  } finally {
    await database.close();
  }
}

/**
 * A new player of `siteId` on an open database (`db`): the demo player's password, `funds` in
 * balance (an adjustment through the ledger) and a session. What the load scripts play with
 * (bench:games, bench:sports, the soak).
 */
export async function insertFundedPlayer(db, { siteId, prefix, funds, userAgent }) {
  const { players } = await import('../../packages/api/src/db/schema.ts');
  const { createSession } = await import('../../packages/api/src/accounts/sessions.ts');
  const { newReferralCode } = await import('../../packages/api/src/accounts/referral-code.ts');
  const { postToLedger } = await import('../../packages/api/src/ledger/index.ts');
  const { sql } = await import('drizzle-orm');
  const accountId = `${prefix}${randomBytes(5).toString('hex')}`;
  const [player] = await db
    .insert(players)
    .values({
      siteId,
      accountId,
      // The site's own demo player's password where it has one, else another site's (all the same).
      passwordHash: sql`(select password_hash from players where account_id = 'demo' order by site_id = ${siteId} desc limit 1)`,
      referralCode: newReferralCode(),
    })
    .returning({ id: players.id });
  await postToLedger(db, { siteId, playerId: player.id, account: 'balance', amount: funds, counter: 'adjustments', type: 'adjustment', idempotencyKey: `${prefix}-fund-${player.id}` });
  const auth = await createSession(db, { id: player.id, siteId }, { ip: '127.0.0.1', userAgent });
  return { playerId: player.id, accountId, auth };
}

/**
 * Waits (up to a minute) until no house-game round is still being paid: a round cut off by a slow
 * credit or a fault is finished by the studio's recovery job within its period. Resolves either way;
 * the checks after it find what is left.
 */
export async function waitForOpenRounds(db) {
  const { queryRows } = await import('../../packages/api/src/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [{ open }] = await queryRows(db, sql`select count(*)::int as open from house.rounds where status in ('debiting', 'crediting', 'rolling_back')`);
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** A small seeded generator: the simulated players' choices, reproducible. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
