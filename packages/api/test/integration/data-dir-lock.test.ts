/**
 * Issue 21, section 5: one process owns an embedded (PGlite) data folder (ADR 0018). Another
 * opener (a second server, `npm run ops` without OPS_URL) refuses at once, naming the holder and
 * where to reach it; a lock left by a process that died is taken over; closing releases it.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/data-dir-lock.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');
const SLOW = 120_000;

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'wl-lock-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The pid of a process that has run and exited (its lock, if any, is stale). */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('error', reject);
    child.once('exit', () => resolve(child.pid!));
  });
}

function lockHolderOf(dataDir: string): { pid: number; url?: string } {
  return JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number; url?: string };
}

describe('the lock of a PGlite data folder', () => {
  it('refuses a second opener at once, naming the holder, its URL and OPS_URL; closing releases it', async () => {
    const dataDir = path.join(folder, 'twice');
    const first = await openDatabase({ dataDir, purpose: 'server' });
    let second: Database | undefined;
    try {
      await first.recordServingUrl?.('http://localhost:4321');
      const startedAt = Date.now();
      const refusal = await openDatabase({ dataDir }).then(
        (opened) => {
          second = opened;
          return null;
        },
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      const message = (refusal as Error).message;
      expect(message).toContain(`in use by process ${process.pid}`);
      expect(message).toContain('server since');
      expect(message).toContain('OPS_URL=http://localhost:4321');
      // At once: no waiting for the holder.
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      // The holder still works.
      expect(await first.ping()).toBe(true);
    } finally {
      await second?.close();
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const again = await openDatabase({ dataDir });
    expect(lockHolderOf(dataDir).pid).toBe(process.pid);
    await again.close();
  });

  it('takes over a lock left by a process that has died', async () => {
    const dataDir = path.join(folder, 'stale');
    await (await openDatabase({ dataDir })).close();
    const pid = await deadPid();
    await writeFile(
      path.join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid, hostname: hostname(), purpose: 'server', startedAt: new Date(0).toISOString(), url: 'http://localhost:1', token: 'dead' }),
    );
    const database = await openDatabase({ dataDir });
    try {
      expect(lockHolderOf(dataDir).pid).toBe(process.pid);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('takes over the lock of a server process that was killed', async () => {
    const dataDir = path.join(folder, 'killed');
    // Another process takes the lock, says so, and is then killed without releasing it.
    const script = path.join(folder, 'holder.mts');
    const lockModule = path.join(REPO, 'packages/api/src/db/data-dir-lock.ts');
    await writeFile(
      script,
      `import { mkdirSync } from 'node:fs';\nimport { lockDataDir } from ${JSON.stringify(lockModule)};\n` +
        `mkdirSync(${JSON.stringify(dataDir)}, { recursive: true });\n` +
        `await lockDataDir(${JSON.stringify(dataDir)}, 'server');\nconsole.log('locked');\nsetInterval(() => {}, 1000);\n`,
    );
    const holder = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
        holder.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('locked')) resolve();
        });
      });
      const refusal = await openDatabase({ dataDir }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as DataDirLockedError).holder.pid).not.toBe(process.pid);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    const database = await openDatabase({ dataDir });
    expect(lockHolderOf(dataDir).pid).toBe(process.pid);
    await database.close();
  }, SLOW);

  it('makes `npm run ops` without OPS_URL refuse a folder a server holds, and tells it to use OPS_URL', async () => {
    const dataDir = path.join(folder, 'ops');
    const server = await openDatabase({ dataDir, purpose: 'server' });
    try {
      await server.recordServingUrl?.('http://localhost:4555');
      const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
        const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'OPS_URL', 'OPS_KEY'].includes(key)));
        execFile(TSX, ['scripts/ops.mjs', 'pending'], { cwd: REPO, env: { ...env, DATA_DIR: dataDir }, timeout: 90_000 }, (error, _stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
        });
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`in use by process ${process.pid}`);
      expect(run.stderr).toContain('OPS_URL=http://localhost:4555');
      expect(await server.ping()).toBe(true);
    } finally {
      await server.close();
    }
  }, SLOW);
});
