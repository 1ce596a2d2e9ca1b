/**
 * Data outlives the process: a PGlite database in a folder (what `npm start` uses by default)
 * keeps its data after close and reopen; migrating and seeding again on reopen change nothing.
 * On PostgreSQL the same holds across connection pools of one database.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startupReply } from '@wl/contracts';
import { openDatabase, queryRows, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { sites } from '../../src/db/schema.js';
import { seedDemo, SEED_STEP_NAMES } from '../../src/demo/index.js';
import { backends, buildApiApp, createPostgresDatabase, postJson } from './helpers.js';

/** Where the database lives: a temporary folder (PGlite) or a fresh database (PostgreSQL). */
interface Location {
  open(): Promise<Database>;
  remove(): Promise<void>;
  describe(): Promise<string>;
}

async function createLocation(backend: 'pglite' | 'postgres'): Promise<Location> {
  if (backend === 'pglite') {
    const folder = await mkdtemp(path.join(tmpdir(), 'wl-pglite-'));
    // A sub-folder that does not exist yet: openDatabase must create it (PGlite does not).
    const dataDir = path.join(folder, 'data');
    return {
      open: () => openDatabase({ dataDir }),
      remove: () => rm(folder, { recursive: true, force: true }),
      describe: async () => `${dataDir} (${(await readdir(dataDir)).length} entries)`,
    };
  }
  const created = await createPostgresDatabase();
  return {
    open: () => openDatabase({ url: created.url, poolSize: 2 }),
    remove: () => created.drop(),
    describe: async () => created.name,
  };
}

async function countsOf(database: Database): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(
    database.db,
    // drizzle's migration journal lives in its own schema
    sql`select (select count(*)::int from sites) as sites, (select count(*)::int from players) as players,
      (select count(*)::int from players where account_id in ('demo', 'blocked')) as "namedPlayers",
      (select count(*)::int from games) as games, (select count(*)::int from seed_steps) as steps,
      (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
  );
  return row!;
}

describe.each(backends)('persistence on %s', (backend) => {
  let location: Location;
  let firstCounts: Record<string, number>;

  beforeAll(async () => {
    location = await createLocation(backend);
  });
  afterAll(async () => {
    await location?.remove();
  });

  it('a new database is migrated and seeded with every step', async () => {
    const database = await location.open();
    try {
      await migrate(database);
      const seed = await seedDemo(database.db);
      expect(seed).toEqual({ demo: true, applied: SEED_STEP_NAMES });
      firstCounts = await countsOf(database);
      expect(firstCounts.sites).toBe(24);
      // demo and blocked on each of the 24 sites, and the crowd that makes the tickers move.
      expect(firstCounts.namedPlayers).toBe(48);
      expect(firstCounts.players).toBeGreaterThan(48);
      expect(firstCounts.games).toBeGreaterThan(0);
      expect(firstCounts.migrations).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    expect(await location.describe()).toBeTruthy();
    // Creating a PGlite folder and seeding it on disk takes ~9 s on an idle machine, 20 s+ under load.
  }, 90_000);

  it('after close and reopen the data is there: migrate and seed apply nothing, startup answers', async () => {
    expect(firstCounts, 'the previous test seeded the database').toBeDefined();
    const database = await location.open();
    try {
      // Migrating an up-to-date database is a no-op; seeding a seeded one applies no step.
      await migrate(database);
      const seed = await seedDemo(database.db);
      expect(seed.applied).toEqual([]);
      expect(await countsOf(database)).toEqual(firstCounts);

      const app = await buildApiApp(database);
      try {
        const { response, body } = await postJson(app, '/api/startup', { domain_name: 'slot5.localhost' });
        expect(response.statusCode).toBe(200);
        const reply = startupReply.parse(body);
        expect(reply.site).toMatchObject({ external_id: 'slot5', theme_code: 'slot5', theme_color: 'pink' });
        expect(reply.provider_count.length).toBeGreaterThan(0);

        const maintenance = startupReply.parse((await postJson(app, '/api/startup', { domain_name: 'maintenance.localhost' })).body);
        expect(maintenance.maintenance.is_maintenance).toBe(true);

        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });

  it('a change written before close is still there after reopen', async () => {
    let database = await location.open();
    try {
      await database.db.update(sites).set({ themeColor: 'aqua' }).where(eq(sites.externalId, 'slot5'));
    } finally {
      await database.close();
    }
    database = await location.open();
    try {
      const app = await buildApiApp(database);
      try {
        const { body } = await postJson(app, '/api/startup', { domain_name: 'slot5.localhost' });
        expect(startupReply.parse(body).site.theme_color).toBe('aqua');
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
