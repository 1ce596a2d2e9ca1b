import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type * as NodePostgres from 'drizzle-orm/node-postgres';
import type { Pool, PoolClient } from 'pg';
import type { Db } from './client.js';

/**
 * A transaction-scoped advisory lock's name: a namespace (an integer id, for example a provider's)
 * and a text, hashed here to the second integer of PostgreSQL's two-integer lock key.
 */
export interface AdvisoryLockName {
  namespace: number;
  name: string;
}

/**
 * Runs `fn` in a transaction that first takes the advisory lock `lock` (released at its end).
 * On PostgreSQL the BEGIN and the lock go in one round trip, a query of two statements whose only
 * values are the two integers of the key (ADR 0034); the transaction is Drizzle's own, so nested
 * transactions in `fn` are savepoints as usual. On PGlite (one process, no network) it is an
 * ordinary Drizzle transaction whose first statement takes the lock.
 */
export async function transactionUnderLock<T>(db: Db, lock: AdvisoryLockName, fn: (tx: Db) => Promise<T>): Promise<T> {
  const [first, second] = lockKey(lock);
  return transactionStartingWith(db, `select pg_advisory_xact_lock(${first}, ${second})`, fn);
}

/**
 * Runs `fn` in a transaction whose first statement is `statement`: on PostgreSQL sent with the
 * BEGIN in one round trip (ADR 0034), so it must be a complete text without parameters (only
 * values the server made, such as integers it checked, may be written into it). Its rows are not
 * returned: it is for taking locks. On PGlite it is the first statement of a Drizzle transaction.
 */
export async function transactionStartingWith<T>(db: Db, statement: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!isPool(pool)) {
    return db.transaction(async (trx) => {
      await trx.execute(sql.raw(statement));
      return fn(trx as unknown as Db);
    });
  }
  const { NodePgSession, NodePgTransaction } = await (nodePostgres ??= import('drizzle-orm/node-postgres'));
  const client: PoolClient = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`begin; ${statement}`);
    // No relational schema, as openDatabase's instances have none (Db).
    const session = new NodePgSession(client, dialect, undefined, {});
    const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Db;
    const result = await fn(tx);
    await client.query('commit');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped rather than handed to the next query.
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Drizzle's node-postgres module, loaded on the first PostgreSQL transaction (PGlite never needs it). */
let nodePostgres: Promise<typeof NodePostgres> | undefined;

/** The dialect of the server's Drizzle instances (openDatabase gives them no casing or other options). */
const dialect = new PgDialect();

/** The two 32-bit integers of a lock's key: the namespace, and the first four bytes of the name's SHA-256. */
export function lockKey(lock: AdvisoryLockName): [number, number] {
  if (!Number.isInteger(lock.namespace) || lock.namespace < -(2 ** 31) || lock.namespace >= 2 ** 31) {
    throw new Error(`An advisory lock's namespace is a 32-bit integer, not ${lock.namespace}`);
  }
  return [lock.namespace, createHash('sha256').update(lock.name).digest().readInt32BE(0)];
}

function isPool(client: unknown): client is Pool {
  return typeof client === 'object' && client !== null && 'totalCount' in client && typeof (client as Pool).connect === 'function';
}
