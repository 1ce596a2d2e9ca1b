import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { seedSteps, sites } from '../db/schema.js';

/** The seed_steps row that marks a database as the demo's (written before its first step). */
export const DEMO_MARKER = '0000-demo';

/**
 * Whether the demo seed may have work on this database: it has no site yet, or it began as the
 * demo (later releases append steps). The server loads the demo's code and data only then: an
 * operator's own database never does.
 */
export async function mayHoldDemo(db: Db): Promise<boolean> {
  const [marked] = await db.select({ name: seedSteps.name }).from(seedSteps).where(eq(seedSteps.name, DEMO_MARKER)).limit(1);
  if (marked) return true;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(sites);
  return count === 0;
}
