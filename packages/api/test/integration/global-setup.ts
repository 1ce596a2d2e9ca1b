/**
 * Migrates and seeds the demo data once per run, so each test file starts from a copy instead of
 * seeding its own database (about 15 s a file on each backend):
 * - PGlite: a dump of the seeded data folder, loaded into each file's in-memory database;
 * - PostgreSQL (TEST_DATABASE_URL): a template database each file's database is created from.
 * Files that test migrating or seeding itself still start empty (`seed: false`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { seedDemo, type SeedResult } from '../../src/demo/index.js';
import { TEST_DATABASE_URL, createPostgresDatabase } from './helpers.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The seeded PGlite data folder's dump (a tar file). */
    seededPgliteDump: string;
    /** The seeded PGlite data folder itself (copy it: PGlite allows one process a folder). */
    seededPgliteDir: string;
    /** What seeding the templates applied. */
    seededResult: SeedResult;
    /** The seeded template database on the TEST_DATABASE_URL server ('' without one). */
    seededPostgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'wl-api-seed-'));
  const cleanUps: (() => Promise<void>)[] = [() => rm(workDir, { recursive: true, force: true })];
  const teardown = async (): Promise<void> => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
  };
  try {
    // One after the other: PGlite's migrations run long stretches of synchronous WebAssembly, which
    // held the event loop past the PostgreSQL pool's 5-second connection timeout when both ran at once.
    const template = TEST_DATABASE_URL ? await seedPostgres() : null;
    if (template) cleanUps.push(template.drop);
    const dump = await seedPglite(workDir);
    project.provide('seededPgliteDump', dump.file);
    project.provide('seededPgliteDir', dump.dataDir);
    project.provide('seededResult', dump.seed);
    project.provide('seededPostgresTemplate', template?.name ?? '');
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}

async function seedPglite(workDir: string): Promise<{ file: string; dataDir: string; seed: SeedResult }> {
  const dataDir = path.join(workDir, 'data');
  const database = await openDatabase({ dataDir });
  let seed: SeedResult;
  try {
    await migrate(database);
    seed = await seedDemo(database.db);
  } finally {
    await database.close();
  }
  // Reopened on its own to dump it: the Database interface hides the PGlite client.
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir });
  try {
    const dump = await client.dumpDataDir('none');
    const file = path.join(workDir, 'seeded.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { file, dataDir, seed };
  } finally {
    await client.close();
  }
}

async function seedPostgres(): Promise<{ name: string; drop(): Promise<void> }> {
  const created = await createPostgresDatabase();
  try {
    const database = await openDatabase({ url: created.url, poolSize: 4 });
    try {
      await migrate(database);
      await seedDemo(database.db);
    } finally {
      // A template must have no open connection while databases are created from it.
      await database.close();
    }
    return created;
  } catch (error) {
    await created.drop().catch(() => undefined);
    throw error;
  }
}
