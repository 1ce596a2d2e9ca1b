// The built server for the scripts that drive it (bench:web, gallery): where the builds are, building
// what is missing, and starting it on a free port with a fresh demo database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** API_BUILD_DIR and WEB_BUILD_DIR choose other builds, as for the server and the browser tests. */
export const SERVER_ENTRY = path.join(path.resolve(process.env.API_BUILD_DIR || path.join(ROOT, 'packages', 'api')), 'dist', 'main.js');
export const WEB_BUILD = path.resolve(process.env.WEB_BUILD_DIR || path.join(ROOT, 'packages', 'web', 'build'));

/** Headless Chromium as root and offline: without the background switches it hammers the closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const READY_TIMEOUT_MS = 90_000;

/** A failure the script reports by its message alone (no stack): a missing build, a server that would not start... */
export class ScriptError extends Error {}

function run(name, command, args) {
  console.log(`${name}: ${command} ${args.join(' ')}`);
  if (spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new ScriptError(`${command} ${args.join(' ')} failed`);
}

/** Builds what is missing: the site (WEB_BUILD_DIR) and the server bundle (API_BUILD_DIR). `name` prefixes the log lines. */
export function ensureBuilt(name) {
  if (!existsSync(path.join(WEB_BUILD, 'server', 'index.js'))) run(name, 'npm', ['run', 'build', '-w', '@wl/web']);
  if (!existsSync(SERVER_ENTRY)) {
    if (process.env.API_BUILD_DIR) run(name, process.execPath, ['packages/api/build.mjs']);
    else run(name, 'npm', ['run', 'build', '-w', '@wl/api']);
  }
}

/**
 * Starts the built server on a free port with a fresh demo database in `dataDir` (or on the
 * PostgreSQL database of `databaseUrl`, which it seeds when empty); resolves once it names its demo site.
 */
export async function startBuiltServer(dataDir, { databaseUrl } = {}) {
  const env = { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_BUILD_DIR: WEB_BUILD };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScriptError('the server was not ready in time')), READY_TIMEOUT_MS);
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        let msg;
        try {
          msg = JSON.parse(line).msg;
        } catch {
          continue; // not a log line
        }
        const match = typeof msg === 'string' && msg.startsWith('Demo site:') ? /https?:\/\/\S+/.exec(msg) : null;
        if (match) {
          clearTimeout(timer);
          resolve(Number(new URL(match[0]).port));
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new ScriptError(`the server exited (code ${code}):\n${output.slice(-30).join('\n')}`));
    });
  });
  // Keep draining the server's output so that a full pipe never stalls it.
  child.stdout.resume();
  return { child, port };
}

/** Stops the server (SIGTERM, SIGKILL after 10 s). */
export function stopBuiltServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
