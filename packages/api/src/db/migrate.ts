import type { Database, Db } from './client.js';
import { MIGRATIONS_DIR } from '../config.js';

/** Applies the checked-in migrations (the same files on PGlite and PostgreSQL). */
export async function migrate(database: Database, db: Db = database.db): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' };
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as unknown as Parameters<typeof run>[0], config);
  } else {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(db as unknown as Parameters<typeof run>[0], config);
  }
}
