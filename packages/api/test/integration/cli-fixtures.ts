/**
 * The operator CLI's tests share these: a copy of the run's seeded database that the CLI opens
 * itself, the test's own look into it between runs, and the CLI run as an operator runs it (a
 * process of its own) or in the test's process (no start-up cost, for tests of commands only).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { runOpsCli } from '../../src/banking/ops-cli.js';
import { createPostgresDatabase, openTestDatabase, type Backend } from './helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');
/** A test that starts tsx and opens the database: seconds, several per test. */
export const SLOW = 180_000;

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliDatabase {
  /** DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL), for the CLI's environment. */
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

/** A copy of the run's seeded database: a PGlite folder (closed: PGlite allows one process) or a PostgreSQL database. */
export async function cliDatabase(backend: Backend, prefix: string): Promise<CliDatabase> {
  if (backend === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    cpSync(inject('seededPgliteDir'), dir, { recursive: true });
    return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const created = await createPostgresDatabase(inject('seededPostgresTemplate'));
  return { env: { DATABASE_URL: created.url }, cleanup: () => created.drop() };
}

/** The CLI's database, opened by the test between runs and closed again. */
export async function withCliDatabase<T>(backend: Backend, env: Record<string, string>, fn: (database: Database) => Promise<T>): Promise<T> {
  const opened =
    backend === 'pglite'
      ? await openTestDatabase('pglite', env.DATA_DIR!)
      : await (async () => {
          const database = await openDatabase({ url: env.DATABASE_URL!, poolSize: 2 });
          return { database, close: () => database.close() };
        })();
  try {
    return await fn(opened.database);
  } finally {
    await opened.close();
  }
}

/** Runs `tsx scripts/ops.mjs <args>` from the repository root with `env` (and none of the test's database settings). */
export function opsProcess(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'DATA_DIR', 'OPS_URL', 'OPS_KEY', 'OPS_USER', 'OPS_PASSWORD', 'OPS_TOTP'].includes(key)));
    execFile(TSX, ['scripts/ops.mjs', ...args], { cwd: REPO, env: { ...clean, ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs the CLI in this process (runOpsCli, as scripts/ops.mjs runs it), as the OS user `tester`. */
export async function opsInProcess(args: string[], env: Record<string, string>): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOpsCli(args, { out: (line) => out.push(line), err: (line) => err.push(line), env: { ...env, USER: 'tester' }, cwd: process.cwd() });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
