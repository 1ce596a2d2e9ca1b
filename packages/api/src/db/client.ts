import { mkdirSync } from 'node:fs';
import type { Client as PgClient } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { preparingClient } from './prepared-statements.js';

/**
 * The same Drizzle API over PGlite and node-postgres: the query builder and SQL, without the
 * relational query API (`db.query.*`), which nothing uses; without it Drizzle does not build a query
 * helper for every table at each transaction (ADR 0034).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` holding a database-wide lock, so concurrent processes migrate and seed one at a time. */
  withExclusiveLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Answers whether the database responds. */
  ping(): Promise<boolean>;
  /**
   * LISTENs on a notification channel (pg_notify): `handler` gets each payload. Answers the
   * function that stops listening. PostgreSQL listens on a dedicated connection that reconnects
   * after an error; `onConnectionChange` tells when it is down (notifications may be missed) and
   * up again. Closing the database stops every listener.
   */
  listen(channel: string, handler: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * PGlite in a folder: records the URL the server answers on in the folder's lock, so another
   * process refused the folder is told where to go instead (data-dir-lock.ts).
   */
  recordServingUrl?(url: string): Promise<void>;
  /** PostgreSQL: the connection pool's counts now (the metrics read them, ADR 0062); PGlite has no pool. */
  poolCounts?(): PoolCounts;
  close(): Promise<void>;
}

export interface PoolCounts {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  /** The pool's size limit. */
  max: number;
}

export interface ListenOptions {
  /** false: the listening connection is lost and notifications may be missed; true: listening again. */
  onConnectionChange?: (connected: boolean) => void;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it an embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite folder; `memory://` for an in-memory database. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data folder (PGlite's `dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Who opens a PGlite folder ('server', 'ops'...), named to other processes refused it. */
  purpose?: string;
}

const LOCK_KEY = 7_461_001; // arbitrary, constant: the migration and seed lock

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir ?? 'memory://', options.loadDataDir, options.purpose ?? 'a process');
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined, purpose: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let lock: DataDirLock | null = null;
  if (!dataDir.startsWith('memory://')) {
    // PGlite does not create parent folders.
    mkdirSync(dataDir, { recursive: true });
    // One process at a time: a second one's writes would be lost (ADR 0018).
    lock = await lockDataDir(dataDir, purpose);
  }
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzle({ client }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    // One in-process connection: notifications of its own statements arrive after each query.
    listen: async (channel, handler) => {
      const unlisten = await client.listen(quoteIdentifier(channel), handler);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    // One process owns a PGlite folder; its queries already run one at a time.
    withExclusiveLock: (fn) => fn(db),
    ping: async () => {
      if (closed) return false;
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    ...(lock ? { recordServingUrl: (url: string) => lock.setUrl(url) } : {}),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Dates stay strings we parse ourselves is not needed: drizzle maps timestamptz with mode 'date'.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    Client: preparingClient(pg.Client),
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // The pool listens for errors of idle connections only. One checked out that the server ends
  // between two statements (a PostgreSQL restart: "terminating connection due to administrator
  // command") emits 'error' with no statement to fail: without a listener of its own that is an
  // uncaught exception, and the process exits. Its transaction's next statement fails instead.
  pool.on('connect', (client) => client.on('error', () => undefined));
  let closed = false;
  const db = drizzle({ client: pool }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    listen: async (channel, handler, options) => {
      const stop = await listenPostgres(pg.Client, url, channel, handler, options);
      const remove = async () => {
        listeners.delete(remove);
        await stop();
      };
      listeners.add(remove);
      return remove;
    },
    withExclusiveLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        const locked = drizzle({ client }) as unknown as Db;
        return await fn(locked);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

type PgClientClass = typeof PgClient;

/** Reconnect delays of a lost listening connection: doubling from 100 ms up to 5 s. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it).
 * Resolves once listening; later losses reconnect with backoff until stopped.
 */
async function listenPostgres(
  Client: PgClientClass,
  url: string,
  channel: string,
  handler: (payload: string) => void,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: InstanceType<PgClientClass> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;

  const connect = async (): Promise<void> => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (current === client) current = null;
      if (stopped) return;
      options.onConnectionChange?.(false);
      scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = RECONNECT_MIN_MS;
  };

  const scheduleRetry = () => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (stopped) return;
      connect().then(
        () => {
          if (!stopped) options.onConnectionChange?.(true);
        },
        () => {
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          if (!stopped) scheduleRetry();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    if (stopped) return;
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const client = current;
    current = null;
    if (client) {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
    }
  };
}

/** A channel name as a quoted SQL identifier. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Rows of a raw `db.execute` (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { isConnectionError } from './errors.js';
