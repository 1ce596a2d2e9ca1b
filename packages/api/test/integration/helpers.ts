/**
 * Shared set-up of the API integration tests: a real database (PGlite in memory by default, and
 * PostgreSQL too when TEST_DATABASE_URL is set), migrated and seeded with the demo data, and the
 * Fastify app built on it with the API only (no web build). Requests go through `app.inject()`,
 * so they take the full HTTP path (parsers, hooks, error handler) without opening a port.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { sites } from '../../src/db/schema.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import type { SeedResult } from '../../src/demo/index.js';
import { buildApp, type AppOptions } from '../../src/http/app.js';
import type { Services } from '../../src/http/context.js';
import type { TrustProxy } from '../../src/config.js';

export type Backend = 'pglite' | 'postgres';

/** PostgreSQL server the tests may also run on; each test file gets its own database there. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** The backends every integration test file runs on (use with `describe.each(backends)`). */
export const backends: Backend[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** Closes the database (idempotent) and, on PostgreSQL, drops the test database. */
  close(): Promise<void>;
}

export interface TestServer extends TestDatabase {
  app: FastifyInstance;
  /** What the seeding of this server applied. */
  seed: SeedResult;
}

export interface TestServerOptions {
  backend?: Backend;
  /**
   * Start with the demo data (default true): a copy of the database the run's global setup
   * migrated and seeded once (global-setup.ts). false: migrated, not seeded.
   */
  seed?: boolean;
  /** PostgreSQL pool size (default 4); concurrency tests need more connections than that. */
  poolSize?: number;
  /** Services of the app besides the tests' defaults (game provider integrations, ...). */
  services?: Partial<Services>;
  /** The proxies whose X-Forwarded-* headers the app believes (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** The back office's build and hosts (ADMIN_BUILD_DIR, ADMIN_HOSTS); none by default. */
  admin?: AppOptions['admin'];
}

/**
 * A fresh, uniquely named database on the TEST_DATABASE_URL server, empty or a copy of `template`;
 * `drop` removes it.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `wl_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Opens an empty database of the given backend: PGlite at `dataDir` (in memory by default), or a
 * new database on the TEST_DATABASE_URL server.
 */
export async function openTestDatabase(backend: Backend = 'pglite', dataDir = 'memory://', poolSize = 4): Promise<TestDatabase> {
  return openDatabaseOf(backend, { dataDir, poolSize, seeded: false });
}

/**
 * A copy of the database the global setup migrated and seeded: PGlite in memory loaded from its
 * dump, or a new PostgreSQL database made from its template.
 */
export async function openSeededTestDatabase(backend: Backend = 'pglite', poolSize = 4): Promise<TestDatabase> {
  return openDatabaseOf(backend, { dataDir: 'memory://', poolSize, seeded: true });
}

async function openDatabaseOf(backend: Backend, options: { dataDir: string; poolSize: number; seeded: boolean }): Promise<TestDatabase> {
  const { dataDir, poolSize, seeded } = options;
  if (backend === 'pglite') {
    const loadDataDir = seeded ? new Blob([await readFile(inject('seededPgliteDump'))]) : undefined;
    const database = await openDatabase({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
    return { database, close: closeOnce(database) };
  }
  const template = seeded ? inject('seededPostgresTemplate') : undefined;
  if (seeded && !template) throw new Error('The global setup made no PostgreSQL template (TEST_DATABASE_URL was not set for it)');
  const created = await createPostgresDatabase(template);
  try {
    const database = await openDatabase({ url: created.url, poolSize });
    const closeDatabase = closeOnce(database);
    return {
      database,
      close: async () => {
        try {
          await closeDatabase();
        } finally {
          await created.drop();
        }
      },
    };
  } catch (error) {
    await created.drop().catch(() => undefined);
    throw error;
  }
}

/**
 * Closes a database once. A test may close it itself (readyz after the database is gone);
 * PGlite's close is idempotent but node-postgres' pool.end() rejects a second call.
 */
function closeOnce(database: Database): () => Promise<void> {
  return async () => {
    try {
      await database.close();
    } catch (error) {
      if (!(error instanceof Error && /end on pool more than once/i.test(error.message))) throw error;
    }
  };
}

/**
 * The Fastify app on a database, API only (no web site). The one place the tests build it, so a
 * change of buildApp's options touches this function alone.
 */
export async function buildApiApp(database: Database, services: Partial<Services> = {}, trustProxy: TrustProxy = false, admin: AppOptions['admin'] = null): Promise<FastifyInstance> {
  const app = await buildApp({ database, web: null, trustProxy, admin, services: { exposeTacCodes: true, ...services } });
  await app.ready();
  return app;
}

/** Opens, migrates and seeds a database, and builds the API app on it (no web build). */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const seeded = options.seed !== false;
  const backend = options.backend ?? 'pglite';
  const testDb = seeded ? await openSeededTestDatabase(backend, options.poolSize) : await openTestDatabase(backend, 'memory://', options.poolSize);
  const { database } = testDb;
  let app: FastifyInstance | undefined;
  try {
    let seed: SeedResult = { demo: false, applied: [] };
    if (seeded) seed = inject('seededResult');
    else await migrate(database);
    app = await buildApiApp(database, options.services, options.trustProxy, options.admin);
    const built = app;
    return {
      app: built,
      database,
      seed,
      close: async () => {
        try {
          await built.close();
        } finally {
          await testDb.close();
        }
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await testDb.close().catch(() => undefined);
    throw error;
  }
}

/** POSTs a JSON payload (or a raw string body) and answers the reply with its parsed JSON body. */
export async function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  extra: Partial<InjectOptions> = {},
): Promise<{ response: LightMyRequestResponse; body: Record<string, unknown> }> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(extra.headers ?? {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...omit(extra, 'headers'),
  });
  return { response, body: jsonOf(response) };
}

/** The JSON body of a reply; fails the test with the raw body if it is not JSON. */
export function jsonOf(response: LightMyRequestResponse): Record<string, unknown> {
  try {
    return JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    throw new Error(`Reply ${response.statusCode} is not JSON: ${response.body.slice(0, 200)}`);
  }
}

function omit<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _omitted, ...rest } = value;
  return rest;
}

/**
 * The PostgreSQL error behind a failed query, whatever wraps it (Drizzle wraps driver errors in
 * DrizzleQueryError with the driver's error as `cause`).
 */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
        message: String(candidate.message ?? ''),
      };
    }
    current = candidate.cause;
  }
  return null;
}

/** Expects a promise to be refused by the database with the given SQLSTATE (and constraint). */
export async function expectDatabaseRefusal(
  promise: PromiseLike<unknown>,
  expected: { code: string; constraint?: string },
): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (caught === undefined) throw new Error(`Expected the database to refuse the statement (${expected.code}), but it succeeded`);
  const dbError = databaseErrorOf(caught);
  if (!dbError) throw new Error(`Expected a database error ${expected.code}, got: ${String(caught)}`);
  if (dbError.code !== expected.code || (expected.constraint && dbError.constraint !== expected.constraint)) {
    throw new Error(
      `Expected ${expected.code}${expected.constraint ? ` on ${expected.constraint}` : ''}, got ${dbError.code}` +
        `${dbError.constraint ? ` on ${dbError.constraint}` : ''}: ${dbError.message}`,
    );
  }
}

/** The public-call site fields of a demo host name. */
export function siteOf(domain: string): { domain_name: string; external_id: string } {
  const externalId = domain === 'localhost' || domain === '127.0.0.1' ? 'demo' : domain.replace(/\.localhost$/, '');
  return { domain_name: domain, external_id: externalId };
}

/** The id of a demo site by external id (fails the test when there is none). */
export async function siteIdOf(db: Db, externalId: string): Promise<number> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.externalId, externalId)).limit(1);
  if (!row) throw new Error(`no site ${externalId}`);
  return row.id;
}
