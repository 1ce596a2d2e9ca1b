import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file lives in tests/e2e/. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** API_BUILD_DIR (a folder holding dist/main.js, as `API_BUILD_DIR=... node packages/api/build.mjs` writes it) lets another API build be tested. */
const SERVER_ENTRY = path.join(path.resolve(process.env.API_BUILD_DIR || path.join(REPO_ROOT, 'packages', 'api')), 'dist', 'main.js');
/** WEB_BUILD_DIR (as the server reads it) lets a build elsewhere be tested. */
const WEB_ENTRY = path.join(path.resolve(process.env.WEB_BUILD_DIR || path.join(REPO_ROOT, 'packages', 'web', 'build')), 'server', 'index.js');

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** The server's output kept for error messages (the last lines only). */
const OUTPUT_LINES_KEPT = 400;

export interface E2EServer {
  /** The port the server listens on (chosen by the system: PORT=0). */
  readonly port: number;
  /** The server process's id (a crash shows as a process that has exited: `exitCode()`). */
  readonly pid: number;
  /** null while the process runs; its exit code (or signal name) once it has exited. */
  exitCode(): number | string | null;
  /** `http://<host>:<port><path>`, e.g. url('slot5.localhost', '/slots'). */
  url(host: string, pathname?: string): string;
  /** What the server has printed so far (the last lines). */
  output(): string;
  /** Sends SIGTERM, waits for the process to exit, then removes its data folder. */
  stop(): Promise<void>;
}

interface LogLine {
  level?: number;
  msg?: string;
}

function parseLogLine(line: string): LogLine | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as LogLine) : null;
  } catch {
    return null;
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

export interface StartServerOptions {
  /** Environment of the server besides the defaults (DATA_DIR here names a folder the caller keeps). */
  env?: Record<string, string>;
  /**
   * A data folder the server already migrated and seeded (global-setup.ts): copied into an empty
   * data folder instead of seeding it again, about 15 s a start. Ignored on E2E_DATABASE_URL.
   */
  seededDataDir?: string;
}

/** Whether a folder is missing or empty. */
async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch {
    return true;
  }
}

/**
 * Starts the BUILT server (`node packages/api/dist/main.js`) as a child process on a random port,
 * with a fresh embedded database in a temporary folder (or the PostgreSQL database given by
 * E2E_DATABASE_URL), and resolves once it logs its 'Demo site:' line.
 */
export async function startServer(options: StartServerOptions = {}): Promise<E2EServer> {
  const missing = [SERVER_ENTRY, WEB_ENTRY].filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `The e2e tests run the built server, but ${missing.map((file) => path.relative(REPO_ROOT, file)).join(' and ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} missing: run \`npm run build\` at the repository root first.`,
    );
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  // Vitest sets NODE_ENV=test; the built server runs as in production (React's production build).
  env.NODE_ENV = 'production';
  env.PORT = '0';
  env.DATA_DIR = dataDir;
  env.LOG_LEVEL = 'info';
  // The tests log in by code through GET /api/dev/tac, which is off unless asked for (ADR 0019).
  env.EXPOSE_TAC_CODES = 'true';
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  Object.assign(env, options.env);
  const dataFolder = env.DATA_DIR ?? dataDir;
  if (options.seededDataDir && !process.env.E2E_DATABASE_URL && (await isEmptyFolder(dataFolder))) {
    await cp(options.seededDataDir, dataFolder, { recursive: true });
  }

  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (line: string): void => {
    lines.push(line);
    if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
  };
  const output = (): string => lines.join('\n');

  let onReady: ((port: number) => void) | undefined;
  const ready = new Promise<number>((resolve) => {
    onReady = resolve;
  });

  const consume = (stream: NodeJS.ReadableStream, parse: boolean): void => {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        const line = pending.slice(0, newline).trimEnd();
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
        keep(line);
        if (!parse) continue;
        const msg = parseLogLine(line)?.msg;
        if (typeof msg === 'string' && msg.startsWith('Demo site:')) {
          const match = /https?:\/\/\S+/.exec(msg);
          const port = match ? Number(new URL(match[0]).port) : NaN;
          if (Number.isInteger(port) && port > 0) onReady?.(port);
        }
      }
    });
    stream.on('end', () => {
      if (pending) keep(pending);
    });
  };
  if (child.stdout) consume(child.stdout, true);
  if (child.stderr) consume(child.stderr, false);

  /** Stops the process (SIGTERM, then SIGKILL if it hangs) and removes the data folder. */
  const cleanUp = async (): Promise<string | null> => {
    let problem: string | null = null;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        problem = `did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM and was killed`;
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      } else if (child.exitCode !== 0) {
        problem = `exited with code ${child.exitCode ?? 'none'} (signal ${child.signalCode ?? 'none'}) on SIGTERM`;
      }
    } else {
      problem = `had already exited (code ${child.exitCode ?? 'none'}, signal ${child.signalCode ?? 'none'})`;
    }
    await rm(dataDir, { recursive: true, force: true });
    return problem;
  };

  let timer: NodeJS.Timeout | undefined;
  let port: number;
  try {
    port = await Promise.race([
      ready,
      new Promise<never>((_resolve, reject) => {
        child.once('error', (error) => reject(new Error(`Could not start the server: ${error.message}`)));
        child.once('exit', (code, signal) =>
          reject(new Error(`The server exited before it was ready (code ${code ?? 'none'}, signal ${signal ?? 'none'})`)),
        );
      }),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The server did not log its 'Demo site:' line within ${READY_TIMEOUT_MS / 1000} s`)),
          READY_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await cleanUp();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}. Server output:\n${output() || '(nothing)'}`);
  } finally {
    clearTimeout(timer);
  }

  let stopped: Promise<void> | undefined;
  return {
    port,
    pid: child.pid ?? 0,
    exitCode: () => child.exitCode ?? child.signalCode,
    url: (host, pathname = '/') => `http://${host}:${port}${pathname.startsWith('/') ? pathname : `/${pathname}`}`,
    output,
    stop: () =>
      (stopped ??= cleanUp().then((problem) => {
        if (problem) throw new Error(`The server ${problem}. Server output:\n${output()}`);
      })),
  };
}
