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
  const { players, sites } = await import('../../packages/api/src/db/schema.ts');
  const { createSession } = await import('../../packages/api/src/accounts/sessions.ts');
  const { newReferralCode } = await import('../../packages/api/src/accounts/referral-code.ts');
  const { postToLedger } = await import('../../packages/api/src/ledger/index.ts');
  const { eq, sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  try {
    const db = database.db;
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.externalId, 'casino1'));
    const made = [];
    for (let i = 0; i < count; i += 1) {
      const accountId = `bench${randomBytes(5).toString('hex')}`;
      const [player] = await db
        .insert(players)
        .values({ siteId: site.id, accountId, passwordHash: sql`(select password_hash from players where site_id = ${site.id} and account_id = 'demo')`, referralCode: newReferralCode() })
        .returning({ id: players.id, siteId: players.siteId });
      await postToLedger(db, { siteId: site.id, playerId: player.id, account: 'balance', amount: funds, counter: 'adjustments', type: 'adjustment', idempotencyKey: `bench-fund-${player.id}` });
      const auth = await createSession(db, player, { ip: '127.0.0.1', userAgent });
      made.push({ playerId: player.id, siteId: site.id, accountId, auth });
    }
    await db.execute(sql`vacuum analyze`);
    return made;
  } finally {
    await database.close();
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
