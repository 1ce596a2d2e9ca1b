import { randomBytes } from 'node:crypto';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/*
 * One process owns an embedded (PGlite) data folder (ADR 0018). PGlite keeps the database in
 * memory and writes it back to the folder: a second process that opened the same folder (a second
 * server, or `npm run ops` without OPS_URL) worked on its own copy, and one of the two lost its
 * writes. The owner leaves a lock file in the folder naming itself (and, once it listens, the URL
 * to reach it through), and every other opener refuses at once with that name.
 *
 * Hand-written rather than proper-lockfile: that library judges a lock stale by an mtime the holder
 * must keep refreshing and has no room for the holder's identity; here the holder's process id
 * says exactly whether it is still alive, and the file says who it is.
 */

export const LOCK_FILE_NAME = 'wl-server.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** What holds it: 'server', 'ops', 'test'... */
  purpose: string;
  startedAt: string;
  /** The URL the holding server answers on, once it listens. */
  url?: string;
  /** Tells this holder's file from a later one's (release removes its own file only). */
  token: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const serving = holder.url ? `, serving ${holder.url}` : '';
    super(
      `The data folder ${dataDir} is in use by process ${holder.pid} on ${holder.hostname} (${holder.purpose} since ${holder.startedAt}${serving}). ` +
        `Only one process may open an embedded database. Work through the running server instead: ` +
        `OPS_URL=${holder.url ?? 'http://<its address>'} OPS_KEY=<operator key> npm run ops -- <command>; or stop process ${holder.pid} first.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Records the URL the holding server answers on, for the message other openers get. */
  setUrl(url: string): Promise<void>;
  /** Removes the lock file (if it is still this holder's). */
  release(): Promise<void>;
}

/** Whether a process of this machine is alive (EPERM: alive, owned by another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.token === 'string' ? (value as LockHolder) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable content: written whole (link below), so not a holder in the middle of writing it.
    return { pid: 0, hostname: hostname(), purpose: 'unknown', startedAt: '', token: '' };
  }
}

/** Writes the holder to a fresh temporary file beside `file`, so the lock file only ever appears whole. */
async function writeTemporary(file: string, holder: LockHolder): Promise<string> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, JSON.stringify(holder), { flag: 'wx' });
  return temporary;
}

/**
 * Takes the lock of `dataDir` (which must exist) for this process. Throws DataDirLockedError when a
 * live process holds it; a lock left by a process that has died is taken over.
 */
export async function lockDataDir(dataDir: string, purpose: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const holder: LockHolder = { pid: process.pid, hostname: hostname(), purpose, startedAt: new Date().toISOString(), token: randomBytes(12).toString('hex') };
  for (let attempt = 0; ; attempt++) {
    const temporary = await writeTemporary(file, holder);
    try {
      // link() creates the lock file atomically, with its content, or fails if one exists.
      await link(temporary, file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
    const current = await readHolder(file);
    if (!current) continue; // released meanwhile
    // A holder on another machine (a shared folder) cannot be checked: it is believed.
    const stale = current.hostname === holder.hostname && current.pid !== 0 ? !isAlive(current.pid) : current.pid === 0;
    if (!stale || attempt >= 3) throw new DataDirLockedError(dataDir, current);
    await removeStale(file, current);
  }
  let released = false;
  return {
    file,
    setUrl: async (url) => {
      if (released) return;
      holder.url = url;
      const temporary = await writeTemporary(file, holder);
      await rename(temporary, file);
    },
    release: async () => {
      if (released) return;
      released = true;
      const current = await readHolder(file);
      if (current?.token === holder.token) await unlink(file).catch(() => undefined);
    },
  };
}

/**
 * Removes a dead holder's lock file, and only that one: two starters may find the same stale lock,
 * and the slower must not remove the file the faster has just created. The file is moved aside,
 * checked, and put back (link: only if nothing has taken its place) when it is not the stale one.
 */
async function removeStale(file: string, stale: LockHolder): Promise<void> {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved && moved.token !== stale.token) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}
