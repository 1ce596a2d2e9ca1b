// `npm run bench:api`: throughput and latency of the API's hot calls against a bare Fastify route
// of the same server, in the same run. The server (buildApp, API only) runs on a seeded database:
// PGlite in a temporary folder, or PostgreSQL when BENCH_DATABASE_URL is given (it is migrated
// and, when empty, seeded). autocannon runs in a child process so it does not share the server's
// event loop. Every request carries the Accept-Encoding header a browser sends. Targets (issue 3): ratio to the bare route ≥ 0.5 and p99 < 10 ms at 50 connections.
// It measures, it does not test: the exit code is 0 whatever the numbers (1 only when it cannot run).
//
//   BENCH_DATABASE_URL=postgres://…  PostgreSQL instead of PGlite
//   BENCH_SECONDS=5                  seconds per measurement (after a 2 s warm-up of each target)
//   BENCH_ROUNDS=5                   rounds over all targets; each target's median round is reported,
//                                    and the median of its per-round ratios to the bare routes
//                                    (this machine is shared: one long run per target is at the mercy of
//                                    whatever else runs then, interleaved rounds are not)
//   BENCH_CONNECTIONS=50             concurrent connections
//   BENCH_POOL=10                    PostgreSQL pool size
//   BENCH_LOG=warn                   server log level (default LOG_LEVEL, else warn, as a production server
//                                    would run under load), written to /dev/null; 'off': no logger
//
// Run with tsx (the server is TypeScript): `npm run bench:api`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);

/** What Chromium sends; the server may answer compressed, as it would to a player's browser. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

if (process.argv[2] === '--client') {
  await runClient(JSON.parse(process.argv[3]));
} else {
  process.exitCode = await main();
}

/** Child process: one autocannon run, its summary printed as JSON. */
async function runClient(options) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon(options);
  const summary = {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  process.stdout.write(JSON.stringify(summary));
}

function autocannonRun(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, '--client', JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon answered no JSON: ${out.slice(0, 200)}`));
      }
    });
  });
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const logLevel = process.env.BENCH_LOG || process.env.LOG_LEVEL || 'warn';

  const { openDatabase } = await import('../packages/api/src/db/client.ts');
  const { migrate } = await import('../packages/api/src/db/migrate.ts');
  const { seedDemo } = await import('../packages/api/src/demo/index.ts');
  const { buildApp } = await import('../packages/api/src/http/app.ts');

  const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'wl-bench-api-'));
  const database = await openDatabase(url ? { url, poolSize: Number(process.env.BENCH_POOL ?? 10) } : { dataDir });
  let app;
  try {
    const started = performance.now();
    const seed = await database.withExclusiveLock(async (db) => {
      await migrate(database, db);
      return seedDemo(db);
    });
    console.log(
      `database: ${url ? 'PostgreSQL (BENCH_DATABASE_URL)' : `PGlite in ${dataDir}`}; ` +
        `${seed.applied.length ? `seeded ${seed.applied.length} steps` : 'already seeded'} in ${Math.round(performance.now() - started)} ms`,
    );

    app = await buildApp({ database, web: null, ...(logLevel !== 'off' ? { logger: { level: logLevel, file: '/dev/null' } } : {}) });
    // The reference: a bare route of the same Fastify instance (same hooks, same security headers).
    app.get('/bench/bare', async () => ({ ok: true }));
    // A second reference shaped like the calls: a POST whose JSON body Fastify parses, answering the same tiny reply.
    app.post('/bench/bare', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${app.server.address().port}`;

    const login = await postJson(`${base}/api/auth/login`, {
      domain_name: 'localhost',
      external_id: 'demo',
      account_id: 'demo',
      password: 'demo1234',
    });
    if (login.body?.statusCode !== 1 || typeof login.body.token !== 'string') {
      console.error(
        `Cannot log in the demo player of localhost (POST /api/auth/login answered HTTP ${login.status}: ${JSON.stringify(login.body).slice(0, 200)}).\n` +
          'The login handler (accounts/) must be in place for the get_balance benchmark.',
      );
      return 1;
    }
    const auth = login.body.token;

    const targets = [
      { name: 'bare route (GET /bench/bare)', method: 'GET', path: '/bench/bare' },
      { name: 'bare route (POST /bench/bare, JSON body)', method: 'POST', path: '/bench/bare', body: { domain_name: 'localhost' }, reference: true },
      { name: 'POST /api/startup', method: 'POST', path: '/api/startup', body: { domain_name: 'localhost' } },
      { name: 'POST /api/auth/get_balance', method: 'POST', path: '/api/auth/get_balance', body: { account_id: 'demo', auth } },
    ];
    const referenceIndex = targets.findIndex((target) => target.reference);
    // Each call must succeed before it is measured.
    for (const target of targets.filter((entry) => entry.path.startsWith('/api/'))) {
      const reply = await postJson(`${base}${target.path}`, target.body);
      if (reply.body?.statusCode !== 1) {
        console.error(`${target.name} does not answer success (HTTP ${reply.status}: ${JSON.stringify(reply.body).slice(0, 200)})`);
        return 1;
      }
    }

    console.log(
      `node ${process.version}, ${cpus().length} cores; ${connections} connections, ${rounds} rounds of ${seconds} s per target ` +
        `after a 2 s warm-up; server log level ${logLevel}${logLevel === 'off' ? '' : ' (to /dev/null)'}\n`,
    );
    const optionsOf = (target) => ({
      url: `${base}${target.path}`,
      method: target.method,
      connections,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...(target.body ? { 'content-type': 'application/json' } : {}) },
      ...(target.body ? { body: JSON.stringify(target.body) } : {}),
    });
    for (const target of targets) await autocannonRun({ ...optionsOf(target), duration: 2 });
    const runs = targets.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [index, target] of targets.entries()) {
        // The server's own CPU time per request (user and system, this process), without the share
        // of the machine the load generator takes.
        const cpuBefore = process.cpuUsage();
        const result = await autocannonRun({ ...optionsOf(target), duration: seconds });
        const cpu = process.cpuUsage(cpuBefore);
        result.cpuPerRequest = (cpu.user + cpu.system) / Math.max(1, result.total);
        runs[index].push(result);
        console.log(
          `  round ${round}, ${target.name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ` +
            `${result.cpuPerRequest.toFixed(1)} µs CPU per request`,
        );
      }
    }
    // Ratios are taken round by round (each call against the bare routes of its own round, run
    // seconds apart), then their median: the machine's drift over the whole run cancels out.
    const results = targets.map((target, index) => ({
      ...target,
      ...medianRun(runs[index]),
      ratio: median(runs[index].map((run, round) => run.requestsPerSecond / runs[0][round].requestsPerSecond)),
      postRatio: median(runs[index].map((run, round) => run.requestsPerSecond / runs[referenceIndex][round].requestsPerSecond)),
      cpuPerRequest: median(runs[index].map((run) => run.cpuPerRequest)),
      cpuRatio: median(runs[index].map((run, round) => runs[0][round].cpuPerRequest / run.cpuPerRequest)),
    }));
    printTable(results);
    return 0;
  } catch (error) {
    console.error('bench:api failed:', error);
    return 1;
  } finally {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The run with the median throughput (its own latency figures with it). */
function medianRun(list) {
  const sorted = [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function postJson(url, payload) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  let body = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

function printTable(results) {
  const rows = results.map((result, index) => {
    const { ratio, postRatio, cpuPerRequest, cpuRatio } = result;
    const failures = result.non2xx + result.errors + result.timeouts;
    const measured = index > 0 && !result.reference;
    const verdict = measured ? `${ratio >= 0.5 ? 'ok' : 'MISSED'} ratio, ${result.p99 < 10 ? 'ok' : 'MISSED'} p99` : '';
    return [
      result.name,
      Math.round(result.requestsPerSecond).toLocaleString('en'),
      `${result.p50}`,
      `${result.p99}`,
      ratio.toFixed(2),
      index > 0 ? postRatio.toFixed(2) : '',
      cpuPerRequest.toFixed(1),
      cpuRatio.toFixed(2),
      String(failures),
      verdict,
    ];
  });
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'vs POST', 'CPU µs/req', 'CPU ratio', 'failed', 'targets: ratio ≥ 0.5, p99 < 10 ms'];
  const verdictColumn = header.length - 1;
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 || column === verdictColumn ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log(
    '\nratio: requests/s of the call divided by those of the bare GET route of the same server in the same round (the\n' +
      '       target), the median over the rounds; req/s, p50 and p99 are each target\'s median round.\n' +
      'vs POST: the same against the bare POST route with a JSON body, the framework cost the calls cannot avoid.\n' +
      'CPU µs/req: the server process\'s CPU time (user and system) per request, median round; CPU ratio: the bare GET\n' +
      '       route\'s CPU time per request divided by the call\'s, per round, median: the ratio without the share of\n' +
      '       the two cores the load generator takes.',
  );
}
