// The whole topology on one machine (README "Running several servers", ADR 0063): a PostgreSQL
// cluster of its own, Redis, N built server processes and HAProxy with deploy/haproxy.cfg, all
// under .cluster/ (data, logs, generated secrets, the running processes in state.json).
// `scripts/cluster.mjs` is the command; a soak script imports start() and the fault functions
// (killServer, startServer, restartPostgres, stopRedis, startRedis) to break and mend it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/bench-server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLUSTER_DIR = path.join(ROOT, '.cluster');
export const LOG_DIR = path.join(CLUSTER_DIR, 'logs');
const STATE_FILE = path.join(CLUSTER_DIR, 'state.json');
const SECRETS_FILE = path.join(CLUSTER_DIR, 'secrets.json');
const PG_DIR = path.join(CLUSTER_DIR, 'postgres');
const PG_DATA = path.join(PG_DIR, 'data');
const HAPROXY_CONFIG = path.join(ROOT, 'deploy', 'haproxy.cfg');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
/** What the built server reads besides its own bundle (README, "Development"). */
const BUILD_OUTPUTS = [SERVER_ENTRY, path.join(ROOT, 'packages', 'web', 'build', 'server', 'index.js'), path.join(ROOT, 'packages', 'admin', 'dist', 'index.html')];
/** deploy/haproxy.cfg has a slot for this many servers (WL_SERVER_1 … WL_SERVER_10). */
export const MAX_SERVERS = 10;
const DB_USER = 'wl';
const DB_NAME = 'wl';
const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

/** A failure the command reports by its message alone (a missing tool or build, a busy port). */
export class ClusterError extends Error {}

// ---------------------------------------------------------------------------------------------
// Tools: found at run time, installed never.

/** The newest PostgreSQL's programs (Debian: /usr/lib/postgresql/<version>/bin), or null. */
function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** A program on PATH or in the system folders (Debian keeps haproxy in /usr/sbin, off a user's PATH). */
function findProgram(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin', '/sbin', '/usr/local/sbin', '/usr/local/bin'];
  for (const dir of dirs) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** The programs the topology needs; names the Debian packages of the missing ones and throws. */
export function findTools() {
  const tools = { postgresBin: findPostgresBin(), redis: findProgram('redis-server'), haproxy: findProgram('haproxy') };
  const missing = [
    !tools.postgresBin && 'PostgreSQL (initdb, pg_ctl): apt-get install postgresql',
    !tools.redis && 'redis-server: apt-get install redis-server',
    !tools.haproxy && 'haproxy: apt-get install haproxy',
  ].filter(Boolean);
  if (missing.length) throw new ClusterError(`Missing, nothing was installed:\n${missing.map((line) => `  ${line}`).join('\n')}`);
  const notBuilt = BUILD_OUTPUTS.filter((file) => !existsSync(file));
  if (notBuilt.length) throw new ClusterError(`No build of the server and sites (${notBuilt.map((file) => path.relative(ROOT, file)).join(', ')} missing): run \`npm run build\` first.`);
  return tools;
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A port nobody listens on at this moment (the benchmarks' own).
export { freePort };

function portTaken(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, () => probe.close(() => resolve(false)));
  });
}

function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Whether `pid` still runs the program recorded for it (not a later process given the same id). */
function runs(pid, word) {
  if (!alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(word);
  } catch {
    return true; // no /proc: trust the id
  }
}

async function waitForExit(pid, timeoutMs, pollMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(pollMs);
  return !alive(pid);
}

/** SIGTERM, then SIGKILL after `timeoutMs`; resolves once the process is gone. */
async function terminate(pid, timeoutMs = STOP_TIMEOUT_MS) {
  if (!alive(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  if (await waitForExit(pid, timeoutMs)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await waitForExit(pid, 5_000);
}

function logFile(name) {
  return path.join(LOG_DIR, `${name}.log`);
}

function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts a long-lived program with its output appended to .cluster/logs/<name>.log. Detached (a
 * process group of its own), so Ctrl-C reaches this script only and the stop is done in order.
 */
function launch(name, command, args, env) {
  const fd = openSync(logFile(name), 'a');
  try {
    writeSync(fd, `--- ${name} started ${new Date().toISOString()} by scripts/cluster.mjs\n`);
    const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', fd, fd] });
    child.unref();
    return child;
  } finally {
    closeSync(fd);
  }
}

function getText(port, requestPath) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: requestPath, headers: { host: 'localhost' }, timeout: 5_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Secrets and state.

/**
 * The database password and the secrets every server process shares (README, "Configuration"):
 * generated once per cluster folder, kept with its database (a new OPERATOR_SECRETS_KEY would not
 * open the TOTP secrets sealed with the old one), readable by this user only and never printed.
 */
function loadSecrets() {
  const databaseExists = existsSync(path.join(PG_DATA, 'PG_VERSION'));
  if (existsSync(SECRETS_FILE) && databaseExists) return JSON.parse(readFileSync(SECRETS_FILE, 'utf8'));
  if (databaseExists) throw new ClusterError('.cluster/secrets.json is gone but its database is not: start afresh with `node scripts/cluster.mjs reset`.');
  const secrets = {
    databasePassword: randomBytes(18).toString('base64url'),
    operatorSecretsKey: randomBytes(32).toString('base64'),
    houseGamesSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(SECRETS_FILE, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/** The processes of the running cluster, for `cluster.mjs stop` from another terminal. */
export function readState() {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: as the user `postgres` when run as root (it refuses to run as root).

function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  const found = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (found.status !== 0) throw new ClusterError('PostgreSQL refuses to run as root and there is no user "postgres": run the cluster as an ordinary user.');
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { name: 'postgres', uid: Number(found.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function runPostgresTool(tools, tool, args, { user, env = {} } = {}) {
  const program = path.join(tools.postgresBin, tool);
  const [command, commandArgs] = user ? ['runuser', ['-u', user.name, '--', program, ...args]] : [program, args];
  // Run from a folder the tool's user may enter.
  const result = spawnSync(command, commandArgs, { cwd: PG_DIR, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new ClusterError(`${tool} failed (exit ${result.status}):\n${(result.stderr || result.stdout || '').trim()}\nSee ${path.relative(ROOT, logFile('postgres'))}.`);
  return result.stdout;
}

function postgresOptions(port) {
  // TCP on the loopback address only, no Unix socket (the folder may not suit one).
  return `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
}

/** Creates the cluster folder's PostgreSQL once (initdb), its superuser being the role the servers use. */
async function initPostgres(tools, user, secrets) {
  if (existsSync(path.join(PG_DATA, 'PG_VERSION'))) return false;
  rmSync(PG_DATA, { recursive: true, force: true });
  const passwordFile = path.join(PG_DIR, 'password');
  writeFileSync(passwordFile, `${secrets.databasePassword}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
  try {
    runPostgresTool(tools, 'initdb', ['-D', PG_DATA, '-U', DB_USER, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync'], { user });
  } finally {
    rmSync(passwordFile, { force: true });
  }
  return true;
}

/** The servers' database, unless a previous start made it already. */
function createDatabase(tools, port, secrets) {
  const result = spawnSync(path.join(tools.postgresBin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', DB_USER, DB_NAME], {
    env: { ...process.env, PGPASSWORD: secrets.databasePassword },
    encoding: 'utf8',
  });
  if (result.status !== 0 && !/already exists/.test(result.stderr)) throw new ClusterError(`createdb failed:\n${result.stderr.trim()}`);
}

async function startPostgresProcess(tools, user, port) {
  runPostgresTool(tools, 'pg_ctl', ['-D', PG_DATA, '-l', logFile('postgres'), '-w', '-t', '60', '-o', postgresOptions(port), 'start'], { user });
}

async function stopPostgresProcess(tools, user) {
  if (!existsSync(path.join(PG_DATA, 'postmaster.pid'))) return;
  runPostgresTool(tools, 'pg_ctl', ['-D', PG_DATA, '-m', 'fast', '-w', '-t', '60', 'stop'], { user });
}

// ---------------------------------------------------------------------------------------------
// The cluster.

/**
 * One running topology. Created by start(); its methods are the faults a soak injects and their
 * repairs. Every change of a process is written to .cluster/state.json.
 */
export class Cluster {
  constructor({ tools, pgUser, secrets, publicPort, statsPort, pgPort, redisPort, serverPorts, metricsPorts }) {
    this.tools = tools;
    this.pgUser = pgUser;
    this.secrets = secrets;
    this.publicPort = publicPort;
    this.statsPort = statsPort;
    this.pgPort = pgPort;
    this.redisPort = redisPort;
    this.servers = serverPorts.map((port, index) => ({ index: index + 1, port, metricsPort: metricsPorts[index], pid: null }));
    this.redisPid = null;
    this.haproxyPid = null;
    this.stopping = false;
  }

  get databaseUrl() {
    return `postgres://${DB_USER}:${encodeURIComponent(this.secrets.databasePassword)}@127.0.0.1:${this.pgPort}/${DB_NAME}`;
  }

  get redisUrl() {
    return `redis://127.0.0.1:${this.redisPort}`;
  }

  /** Where players and operators go, and HAProxy's stats page. */
  get urls() {
    const site = `http://localhost:${this.publicPort}`;
    return { site, theme: `http://slot5.localhost:${this.publicPort}`, admin: `${site}/admin`, stats: `http://127.0.0.1:${this.statsPort}/` };
  }

  saveState() {
    const state = {
      supervisorPid: process.pid,
      publicPort: this.publicPort,
      statsPort: this.statsPort,
      pgPort: this.pgPort,
      redisPort: this.redisPort,
      redisPid: this.redisPid,
      haproxyPid: this.haproxyPid,
      servers: this.servers.map(({ index, port, metricsPort, pid }) => ({ index, port, metricsPort, pid })),
    };
    writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
  }

  // PostgreSQL -------------------------------------------------------------------------------

  async startPostgres() {
    await startPostgresProcess(this.tools, this.pgUser, this.pgPort);
  }

  async stopPostgres() {
    await stopPostgresProcess(this.tools, this.pgUser);
  }

  /** A PostgreSQL restart (fast shutdown: open transactions are rolled back, clients cut off). */
  async restartPostgres() {
    await this.stopPostgres();
    await this.startPostgres();
  }

  // Redis -------------------------------------------------------------------------------------

  /** Redis on the loopback address, with no persistence: it holds rate-limit counters only. */
  async startRedis() {
    if (alive(this.redisPid)) return;
    const dir = path.join(CLUSTER_DIR, 'redis');
    mkdirSync(dir, { recursive: true });
    const child = launch('redis', this.tools.redis, ['--port', String(this.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], process.env);
    this.redisPid = child.pid;
    this.saveState();
    const deadline = Date.now() + 10_000;
    while (!(await canConnect(this.redisPort))) {
      if (!alive(child.pid) || Date.now() > deadline) throw new ClusterError(`redis-server did not start:\n${tail(logFile('redis'))}`);
      await sleep(100);
    }
  }

  async stopRedis() {
    await terminate(this.redisPid);
    this.redisPid = null;
    this.saveState();
  }

  // Servers -----------------------------------------------------------------------------------

  serverEnv(server) {
    return {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(server.port),
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      // HAProxy connects from the loopback address: only it may say who the client is (ADR 0021).
      TRUST_PROXY: '127.0.0.1',
      OPERATOR_SECRETS_KEY: this.secrets.operatorSecretsKey,
      HOUSE_GAMES_SECRET: this.secrets.houseGamesSecret,
      // The studio's pages are reached through HAProxy too, not on one process's port.
      HOUSE_GAMES_ORIGIN: `http://house.localhost:${this.publicPort}`,
      // Nothing is kept there with DATABASE_URL and OPERATOR_SECRETS_KEY set; one folder each all the same.
      DATA_DIR: path.join(CLUSTER_DIR, 'servers', String(server.index)),
      LOG_LEVEL: process.env.LOG_LEVEL || 'info',
      // Each process's Prometheus figures (ADR 0062), on the loopback address: GET /metrics.
      METRICS_PORT: String(server.metricsPort),
      METRICS_HOST: '127.0.0.1',
    };
  }

  server(index) {
    const server = this.servers[index - 1];
    if (!server) throw new ClusterError(`There is no server ${index} (servers 1 to ${this.servers.length})`);
    return server;
  }

  /** Starts server `index` (1-based) on its port; with `waitUntilUp`, resolves once HAProxy reports it up. */
  async startServer(index, { waitUntilUp = true } = {}) {
    const server = this.server(index);
    if (alive(server.pid)) return;
    const child = launch(`server-${index}`, process.execPath, [SERVER_ENTRY], this.serverEnv(server));
    server.pid = child.pid;
    child.once('exit', () => {
      if (server.pid === child.pid) server.pid = null;
    });
    this.saveState();
    if (waitUntilUp) await this.waitForServers({ [`wl${index}`]: 'UP' });
  }

  /** kill -9 of server `index`: no shutdown, requests in flight are cut off; resolves once the process is gone (its sockets closed), within 5 s. */
  async killServer(index) {
    const server = this.server(index);
    const pid = server.pid;
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    server.pid = null;
    this.saveState();
    // Polled often: the soak times the moment it is gone (a kill's window ends there).
    await waitForExit(pid, 5_000, 5);
  }

  /** SIGTERM: the server finishes the requests in flight and closes the database. */
  async stopServer(index) {
    const server = this.server(index);
    await terminate(server.pid);
    server.pid = null;
    this.saveState();
  }

  // HAProxy -----------------------------------------------------------------------------------

  haproxyEnv() {
    const env = { ...process.env, WL_PUBLIC_BIND: `:${this.publicPort}`, WL_STATS_PORT: String(this.statsPort) };
    for (const key of Object.keys(env)) if (/^WL_(SERVER_\d+|TLS_\w+|HAPROXY_USER)$/.test(key)) delete env[key];
    for (const server of this.servers) env[`WL_SERVER_${server.index}`] = `127.0.0.1:${server.port}`;
    return env;
  }

  async startHaproxy() {
    const env = this.haproxyEnv();
    const check = spawnSync(this.tools.haproxy, ['-c', '-q', '-f', HAPROXY_CONFIG], { env, encoding: 'utf8' });
    if (check.status !== 0) throw new ClusterError(`deploy/haproxy.cfg is refused:\n${check.stderr.trim()}`);
    // -db: in the foreground, as a child of this script; logs to stderr (the log file).
    const child = launch('haproxy', this.tools.haproxy, ['-db', '-f', HAPROXY_CONFIG], env);
    this.haproxyPid = child.pid;
    this.saveState();
    const deadline = Date.now() + 10_000;
    while (!(await canConnect(this.statsPort))) {
      if (!alive(child.pid) || Date.now() > deadline) throw new ClusterError(`haproxy did not start:\n${tail(logFile('haproxy'))}`);
      await sleep(100);
    }
  }

  /** Each server's state as HAProxy's health checks see it, e.g. { wl1: 'UP', wl2: 'DOWN' }. */
  async serverStates() {
    const { body } = await getText(this.statsPort, '/;csv');
    const [header = '', ...rows] = body.split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [proxyColumn, nameColumn, statusColumn] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
    const states = {};
    for (const row of rows) {
      const fields = row.split(',');
      if (fields[proxyColumn] === 'wl_servers' && /^wl\d+$/.test(fields[nameColumn] ?? '')) states[fields[nameColumn]] = fields[statusColumn];
    }
    return states;
  }

  /**
   * Resolves once HAProxy reports the given servers in the given states (by default every server
   * UP). A server process that exits while awaited up fails at once, with its log's end.
   */
  async waitForServers(wanted = Object.fromEntries(this.servers.map(({ index }) => [`wl${index}`, 'UP'])), timeoutMs = READY_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const [name, state] of Object.entries(wanted)) {
        const server = this.servers[Number(name.slice(2)) - 1];
        if (state === 'UP' && server && !alive(server.pid)) {
          throw new ClusterError(`Server ${server.index} exited while starting; the end of ${path.relative(ROOT, logFile(`server-${server.index}`))}:\n${tail(logFile(`server-${server.index}`))}`);
        }
      }
      const states = await this.serverStates().catch(() => ({}));
      if (Object.entries(wanted).every(([name, state]) => (states[name] ?? '').startsWith(state))) return states;
      if (Date.now() > deadline) throw new ClusterError(`HAProxy did not report ${JSON.stringify(wanted)} within ${timeoutMs / 1000} s (now ${JSON.stringify(states)})`);
      await sleep(500);
    }
  }

  // The whole ---------------------------------------------------------------------------------

  /** Stops everything, in order: HAProxy (no new requests), the servers (SIGTERM), Redis, PostgreSQL. */
  async stop() {
    if (this.stopping) return;
    this.stopping = true;
    await terminate(this.haproxyPid);
    this.haproxyPid = null;
    await Promise.all(this.servers.map(async (server) => {
      await terminate(server.pid);
      server.pid = null;
    }));
    await this.stopRedis();
    await this.stopPostgres();
    rmSync(STATE_FILE, { force: true });
  }
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let current = null;

/**
 * Starts the topology: PostgreSQL (created on first use), Redis, `servers` server processes and
 * HAProxy on `port`; resolves with the Cluster once HAProxy reports every server up. A failure
 * stops what was started and throws.
 */
export async function start({ servers = 3, port = 8080, log = console.log } = {}) {
  if (!Number.isInteger(servers) || servers < 1 || servers > MAX_SERVERS) throw new ClusterError(`--servers must be from 1 to ${MAX_SERVERS} (deploy/haproxy.cfg has ${MAX_SERVERS} server slots)`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ClusterError('--port must be a port number');
  const tools = findTools();
  const running = readState();
  if (running && (alive(running.supervisorPid) || runs(running.haproxyPid, 'haproxy'))) {
    throw new ClusterError(`A cluster is already running (process ${running.supervisorPid}, port ${running.publicPort}): stop it with \`node scripts/cluster.mjs stop\`.`);
  }
  if (running) await stopRecorded({ log });
  // A PostgreSQL of this folder left running (the script was killed before writing its state).
  if (existsSync(path.join(PG_DATA, 'postmaster.pid'))) await stopPostgresProcess(tools, postgresUser()).catch(() => undefined);
  if (await portTaken(port)) throw new ClusterError(`Port ${port} is in use: choose another with --port.`);

  mkdirSync(LOG_DIR, { recursive: true });
  mkdirSync(PG_DIR, { recursive: true });
  const pgUser = postgresUser();
  if (pgUser) {
    chownSync(PG_DIR, pgUser.uid, pgUser.gid);
    // pg_ctl writes the server's log as that user.
    closeSync(openSync(logFile('postgres'), 'a'));
    chownSync(logFile('postgres'), pgUser.uid, pgUser.gid);
  }
  const secrets = loadSecrets();
  const [statsPort, pgPort, redisPort, ...processPorts] = await distinctFreePorts(3 + 2 * servers, port);
  const serverPorts = processPorts.slice(0, servers);
  const metricsPorts = processPorts.slice(servers);
  const cluster = new Cluster({ tools, pgUser, secrets, publicPort: port, statsPort, pgPort, redisPort, serverPorts, metricsPorts });
  current = cluster;
  try {
    cluster.saveState();
    const created = await initPostgres(tools, pgUser, secrets);
    log(`PostgreSQL ${path.basename(path.dirname(tools.postgresBin))} on port ${pgPort}${created ? ' (new cluster in .cluster/postgres)' : ''}`);
    await cluster.startPostgres();
    createDatabase(tools, pgPort, secrets);
    await cluster.startRedis();
    log(`Redis on port ${redisPort}`);
    // Together: each takes the migration lock in turn, the first migrates and seeds (README).
    for (const server of cluster.servers) await cluster.startServer(server.index, { waitUntilUp: false });
    log(`${servers} server processes on ports ${serverPorts.join(', ')} (logs in .cluster/logs/)`);
    await cluster.startHaproxy();
    log(`HAProxy on port ${port}; waiting for every server to pass its /readyz check…`);
    await cluster.waitForServers();
    return cluster;
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    current = null;
    throw error;
  }
}

async function distinctFreePorts(count, taken) {
  const ports = new Set([taken]);
  while (ports.size < count + 1) ports.add(await freePort());
  return [...ports].slice(1);
}

function requireCurrent() {
  if (!current) throw new ClusterError('No cluster started in this process: call start() first');
  return current;
}

/** Stops the cluster this process started. */
export async function stop() {
  if (!current) return;
  await current.stop();
  current = null;
}

/** kill -9 of server `index` (1-based) of the cluster this process started; resolves once it is gone. */
export function killServer(index) {
  return requireCurrent().killServer(index);
}

/** Starts server `index` again; resolves once HAProxy reports it up. */
export function startServer(index) {
  return requireCurrent().startServer(index);
}

export function restartPostgres() {
  return requireCurrent().restartPostgres();
}

export function stopRedis() {
  return requireCurrent().stopRedis();
}

export function startRedis() {
  return requireCurrent().startRedis();
}

/**
 * `cluster.mjs stop` from another terminal: asks the script that started the cluster to stop it
 * (it does so in order), or, when that script is gone, stops the processes .cluster/state.json
 * records itself. Resolves with whether anything was running.
 */
export async function stopRecorded({ log = console.log } = {}) {
  const state = readState();
  if (!state) {
    if (existsSync(path.join(PG_DATA, 'postmaster.pid'))) {
      await stopPostgresProcess(findTools(), postgresUser());
      return true;
    }
    return false;
  }
  if (state.supervisorPid !== process.pid && runs(state.supervisorPid, 'cluster')) {
    log(`Asking the cluster's script (process ${state.supervisorPid}) to stop it…`);
    process.kill(state.supervisorPid, 'SIGTERM');
    await waitForExit(state.supervisorPid, 60_000);
    if (!readState()) return true;
  }
  await terminate(runs(state.haproxyPid, 'haproxy') ? state.haproxyPid : null);
  await Promise.all(state.servers.map(({ pid }) => terminate(runs(pid, 'main.js') ? pid : null)));
  await terminate(runs(state.redisPid, 'redis') ? state.redisPid : null);
  await stopPostgresProcess(findTools(), postgresUser());
  rmSync(STATE_FILE, { force: true });
  return true;
}

/** Deletes .cluster/ (database, secrets, logs); refused while the cluster runs. */
export async function removeClusterFolder() {
  if (readState() || existsSync(path.join(PG_DATA, 'postmaster.pid'))) throw new ClusterError('The cluster is running: stop it first.');
  rmSync(CLUSTER_DIR, { recursive: true, force: true });
}
