import { sql } from 'drizzle-orm';
import type { ErrorKey } from '@wl/contracts';
import type { Db } from '../db/client.js';

/** The player a banking call acts for: every query is scoped to the player and the player's site. */
export interface Owner {
  id: number;
  siteId: number;
}

/**
 * Thrown inside a transaction to roll it back and answer an error key: a withdrawal whose hold the
 * ledger refused must not leave its request row behind.
 */
export class Refusal extends Error {
  /** `detail`: fields the failure reply carries beside its key (a limit's, issue 25 §2). */
  constructor(
    readonly key: ErrorKey,
    readonly detail?: Record<string, unknown>,
  ) {
    super(key);
  }
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: ErrorKey; detail?: Record<string, unknown> };

/** Runs `fn` in a transaction; a Refusal thrown in it rolls back and becomes `{ ok: false }`. */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await db.transaction(async (trx) => fn(trx as unknown as Db)) };
  } catch (error) {
    if (error instanceof Refusal) return error.detail ? { ok: false, message: error.key, detail: error.detail } : { ok: false, message: error.key };
    throw error;
  }
}

/**
 * Locks the player's row until the transaction ends, so one player's checks-then-writes (the
 * number of bank accounts, of pending deposits) run one at a time. Reading FOR UPDATE writes
 * nothing, so the players' change trigger (and the session cache) is not disturbed.
 */
export async function lockPlayer(tx: Db, owner: Owner): Promise<void> {
  await tx.execute(sql`select id from players where id = ${owner.id} and site_id = ${owner.siteId} for update`);
}
