// `npm run bench:ssr`: how fast the server renders the home page, against serving the same bytes
// as a static file from the same server, side by side in one run (issue 27 §2: the render at
// ≥ 0.25× the static file's throughput); with --minutes N, the server's memory under N minutes of
// mixed page load (target: under 250 MB resident after ten minutes).
//
// The built server (npm run build; API_BUILD_DIR and WEB_BUILD_DIR choose other builds) starts on a
// fresh demo database. The home page of casino1 as a phone gets it is written beside the build's
// client files (removed at the end), so the server's static file handler serves the very bytes the
// render makes. Both are asked without Accept-Encoding: the comparison is of rendering, not of
// compressing (the static copy has no precompressed twin). autocannon runs in a child process at a
// lower priority, in interleaved rounds (this machine is shared: a neighbour's burst spoils one
// round, not the figure), and the ratio is the median of the per-round ratios.
// The home page asked again is served from the page cache (ADR 0061), as in production; a third
// target asks a new address each time, so every request is rendered: printed for the record.
// It measures, it is not a test: exit 0 whatever the numbers unless --check (then 1 on a miss).
//
//   --rounds 5 --seconds 5 --connections 10   the render-against-static comparison
//   --minutes 10                               then mixed load for that long, memory sampled each 30 s
//   --check                                    exit 1 when a target is missed
//   BENCH_DATABASE_URL=postgres://…/postgres   the server on PostgreSQL, in a throwaway database made
//                                              (and dropped) on that server, as in production: the
//                                              memory is then the web server's own. Without it the
//                                              server holds its database (PGlite) in its own memory.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ScriptError, WEB_BUILD, ensureBuilt, startBuiltServer, stopBuiltServer } from './lib/built-server.mjs';
import { createThrowawayDatabase } from './lib/throwaway-database.mjs';

const self = fileURLToPath(import.meta.url);
const TARGET_RATIO = 0.25;
const TARGET_RSS_MB = 250;
const STATIC_NAME = 'bench-ssr-home.html';
const SITE = 'casino1';
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

function options() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      minutes: { type: 'string', default: '0' },
      check: { type: 'boolean', default: false },
    },
  });
  const number = (name, min, max) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min || value > max) throw new ScriptError(`--${name} must be a number from ${min} to ${max}`);
    return value;
  };
  return { rounds: number('rounds', 1, 50), seconds: number('seconds', 1, 120), connections: number('connections', 1, 500), minutes: number('minutes', 0, 120), check: values.check };
}

/** One autocannon run in a child process at a lower priority than the server. */
function autocannonRun(config) {
  return new Promise((resolve, reject) => {
    const child = spawn('nice', ['-n', '10', process.execPath, self, '--client', JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new ScriptError(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new ScriptError(`autocannon answered no JSON: ${out.slice(0, 200)}`));
      }
    });
  });
}

/** GET over http to the server with the site's host; the body as a Buffer. */
function get(port, pathName, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathName, headers: { host: `${SITE}.localhost:${port}`, ...headers } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The server's resident memory in MB (Linux). */
async function residentMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function main() {
  const { rounds, seconds, connections, minutes, check } = options();
  ensureBuilt('bench:ssr');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-bench-ssr-'));
  const staticFile = path.join(WEB_BUILD, 'client', STATIC_NAME);
  const throwaway = process.env.BENCH_DATABASE_URL ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL, 'wl_bench_ssr') : null;
  const start = () => startBuiltServer(dataDir, { databaseUrl: throwaway?.url });
  let server = null;
  try {
    // First start: seed, and take the page as the server renders it.
    server = await start();
    const page = await get(server.port, '/', { 'user-agent': PHONE_USER_AGENT, 'accept-language': 'en' });
    if (page.status !== 200) throw new ScriptError(`the home page of ${SITE} answered ${page.status}`);
    await stopBuiltServer(server.child);
    server = null;
    // The static file handler learns the client folder's files at start: the copy is written first.
    await writeFile(staticFile, page.body);
    server = await start();
    const { port } = server;
    const copy = await get(port, `/${STATIC_NAME}`);
    if (copy.status !== 200 || copy.body.length !== page.body.length) throw new ScriptError(`the static copy answered ${copy.status} with ${copy.body.length} bytes`);

    const headers = { host: `${SITE}.localhost:${port}`, 'user-agent': PHONE_USER_AGENT, 'accept-language': 'en' };
    // The first two are the target's comparison (a page asked again within the TTL is the page
    // cache's copy, ADR 0061); the third shows the render itself: each request a new address.
    const targets = [
      { name: 'render GET /', path: '/' },
      { name: `static GET /${STATIC_NAME}`, path: `/${STATIC_NAME}` },
      { name: 'render GET /?n=<new> (no copy)', path: '/', bust: true },
    ];
    const configOf = (target, duration) => ({ url: `http://127.0.0.1:${port}${target.path}`, connections, duration, headers, bust: target.bust ?? false });
    console.log(
      `bench:ssr: ${SITE}'s home page (${(page.body.length / 1024).toFixed(1)} KB of HTML), node ${process.version}, ${os.cpus().length} cores, ` +
        `${throwaway ? `PostgreSQL (database ${throwaway.name})` : 'PGlite in the server process'}`,
    );
    console.log(`${connections} connections, ${rounds} interleaved rounds of ${seconds} s per target after a 3 s warm-up each, no compression\n`);
    for (const target of targets) await autocannonRun(configOf(target, 3));
    const results = targets.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [index, target] of targets.entries()) results[index].push(await autocannonRun(configOf(target, seconds)));
    }
    for (const [index, target] of targets.entries()) {
      const runs = results[index];
      const faults = runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
      console.log(
        `${target.name.padEnd(34)} ${median(runs.map((run) => run.rps)).toFixed(0).padStart(7)} req/s  p50 ${median(runs.map((run) => run.p50))} ms  p99 ${median(runs.map((run) => run.p99))} ms` +
          `${faults ? `  (${faults} non-2xx or errors)` : ''}`,
      );
    }
    const ratio = median(results[0].map((run, round) => run.rps / results[1][round].rps));
    const renderOnly = median(results[2].map((run, round) => run.rps / results[1][round].rps));
    console.log(`\nrendering every request (no stored copy) / static: ${renderOnly.toFixed(2)} (for the record: no target)`);
    const misses = [];
    if (ratio < TARGET_RATIO) misses.push(`render ratio ${ratio.toFixed(2)} < ${TARGET_RATIO}`);
    console.log(`\nrender / static: ${ratio.toFixed(2)} (median of the rounds' ratios; target ≥ ${TARGET_RATIO})  ${ratio >= TARGET_RATIO ? 'pass' : 'FAIL'}`);

    if (minutes > 0) {
      // Mixed load: the pages a visit reads, on several sites, as phones and as desktops.
      // The contracts are TypeScript: imported here, not at the top, so the autocannon child (plain node) never loads them.
      const { CATEGORY_ROUTES } = await import('@wl/contracts');
      const sites = ['casino1', 'casino4', 'slot5', 'sportsbook1'];
      const paths = ['/', ...new Set(Object.values(CATEGORY_ROUTES)), '/sports', '/promotions', '/news', '/leaderboard', '/vip', '/login', '/about'];
      const requests = [];
      for (const site of sites) {
        for (const pathName of paths) {
          for (const agent of [PHONE_USER_AGENT, undefined]) {
            requests.push({ method: 'GET', path: pathName, headers: { host: `${site}.localhost:${port}`, 'accept-language': 'en', 'accept-encoding': 'gzip, br', ...(agent ? { 'user-agent': agent } : {}) } });
          }
        }
      }
      const start = await residentMb(server.child.pid);
      console.log(`\nmixed load for ${minutes} min (${requests.length} pages in turn, ${connections} connections): resident memory at the start ${start.toFixed(0)} MB`);
      const samples = [];
      const sampler = setInterval(() => void residentMb(server.child.pid).then((mb) => samples.push(mb), () => undefined), 30_000);
      const load = await autocannonRun({ url: `http://127.0.0.1:${port}`, connections, duration: minutes * 60, requests }).finally(() => clearInterval(sampler));
      const end = await residentMb(server.child.pid);
      console.log(`  ${load.total} requests, ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms${load.non2xx + load.errors ? `, ${load.non2xx} non-2xx, ${load.errors} errors` : ''}`);
      console.log(`  resident memory: ${samples.map((mb) => mb.toFixed(0)).join(', ')} MB every 30 s; at the end ${end.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB)  ${end < TARGET_RSS_MB ? 'pass' : 'FAIL'}`);
      if (end >= TARGET_RSS_MB) misses.push(`memory ${end.toFixed(0)} MB ≥ ${TARGET_RSS_MB} MB`);
    }
    return check && misses.length ? 1 : 0;
  } finally {
    if (server) await stopBuiltServer(server.child);
    await rm(staticFile, { force: true });
    await rm(dataDir, { recursive: true, force: true });
    await throwaway?.finish();
  }
}

if (process.argv[2] === '--client') {
  const { default: autocannon } = await import('autocannon');
  const { bust, ...config } = JSON.parse(process.argv[3]);
  // A new query string each request: no page is served twice from the page cache.
  let sent = 0;
  if (bust) config.requests = [{ setupRequest: (request) => ({ ...request, path: `/?n=${++sent}` }) }];
  const result = await autocannon(config);
  process.stdout.write(
    JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, non2xx: result.non2xx, errors: result.errors }),
  );
} else {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`bench:ssr: ${error instanceof ScriptError ? error.message : (error?.stack ?? error)}`);
    process.exitCode = 2;
  }
}
