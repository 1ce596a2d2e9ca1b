import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { assertLedgerAmount, type LedgerPosting } from './ledger.js';
import { isCheckViolation } from '../db/errors.js';
import { forgetWallet } from '../accounts/player-cache.js';

/** One entry of a batch: a posting of the batch's site, optionally dated when its cause happened. */
export interface BatchPosting extends Omit<LedgerPosting, 'siteId'> {
  /** When the cause happened (imports, demo data); now when absent. */
  createdAt?: Date;
}

export type BatchResult = { ok: true; applied: number; skipped: number } | { ok: false; message: 'insufficientBalance' };

/** Entries per INSERT. */
const CHUNK = 1000;

/**
 * Posts many ledger entries of one site at once, in their order, with the guarantees of
 * postToLedger (decisions.md §6): all in one transaction (the caller's, when `db` is one), every
 * wallet moved by exactly the sum of its new entries, each entry's balance_after its running
 * balance, computed by PostgreSQL. If any running balance would go below zero the whole batch is
 * refused (the CHECK constraints of ledger_entries and wallets) and nothing changes. Keys already
 * posted are skipped; a key twice in the batch is a bug of the caller. For bulk work (imports, demo
 * data): a few statements instead of several per entry.
 */
export async function postBatchToLedger(db: Db, siteId: number, postings: BatchPosting[]): Promise<BatchResult> {
  const keys = new Set<string>();
  for (const posting of postings) {
    assertLedgerAmount(posting.amount);
    if (keys.has(posting.idempotencyKey)) throw new Error(`Idempotency key twice in one batch: ${posting.idempotencyKey}`);
    keys.add(posting.idempotencyKey);
  }
  if (postings.length === 0) return { ok: true, applied: 0, skipped: 0 };
  // This process is never stale on its own writes (other processes hear the wallets' NOTIFY).
  for (const playerId of new Set(postings.map((posting) => posting.playerId))) forgetWallet(playerId);
  try {
    return await db.transaction(async (trx) => applyBatch(trx as unknown as Db, siteId, postings));
  } catch (error) {
    if (isCheckViolation(error)) return { ok: false, message: 'insufficientBalance' };
    throw error;
  }
}

async function applyBatch(tx: Db, siteId: number, postings: BatchPosting[]): Promise<BatchResult> {
  const playerIds = JSON.stringify([...new Set(postings.map((posting) => posting.playerId))].sort((a, b) => a - b));
  const playerCount = new Set(postings.map((posting) => posting.playerId)).size;
  // Open the wallets of players of this site only, then lock them (in id order: no deadlock between batches).
  await tx.execute(sql`
    insert into wallets (player_id, site_id)
    select id, site_id from players
    where site_id = ${siteId} and id in (select value::int from jsonb_array_elements_text(${playerIds}::jsonb))
    on conflict do nothing`);
  const locked = await queryRows<{ player_id: number }>(
    tx,
    sql`select player_id from wallets
      where site_id = ${siteId} and player_id in (select value::int from jsonb_array_elements_text(${playerIds}::jsonb))
      order by player_id for update`,
  );
  if (locked.length !== playerCount) throw new Error(`Ledger batch names players who are not players of site ${siteId}`);

  const posted = new Set(
    (
      await queryRows<{ idempotency_key: string }>(
        tx,
        sql`select idempotency_key from ledger_entries
          where site_id = ${siteId}
            and idempotency_key in (select value from jsonb_array_elements_text(${JSON.stringify(postings.map((posting) => posting.idempotencyKey))}::jsonb))`,
      )
    ).map((row) => row.idempotency_key),
  );
  const fresh = postings.filter((posting) => !posted.has(posting.idempotencyKey));

  for (let i = 0; i < fresh.length; i += CHUNK) {
    const input = recordset(fresh.slice(i, i + CHUNK), i);
    await tx.execute(sql`
      insert into ledger_entries (site_id, player_id, account, amount, balance_after, type, reference, idempotency_key, created_at)
      select ${siteId}, i.player_id, i.account, i.amount,
        (case i.account when 'balance' then w.balance when 'tokens' then w.tokens when 'held' then w.held else w.frozen_tokens end)
          + sum(i.amount) over (partition by i.player_id, i.account order by i.ord),
        i.type, i.reference, i.key, coalesce(i.created_at, now())
      from ${input} join wallets w on w.player_id = i.player_id and w.site_id = ${siteId}
      order by i.ord`);
    await tx.execute(sql`
      update wallets w
      set balance = w.balance + d.balance, tokens = w.tokens + d.tokens, frozen_tokens = w.frozen_tokens + d.frozen_tokens,
        held = w.held + d.held, updated_at = now()
      from (
        select i.player_id,
          coalesce(sum(i.amount) filter (where i.account = 'balance'), 0) as balance,
          coalesce(sum(i.amount) filter (where i.account = 'tokens'), 0) as tokens,
          coalesce(sum(i.amount) filter (where i.account = 'frozen_tokens'), 0) as frozen_tokens,
          coalesce(sum(i.amount) filter (where i.account = 'held'), 0) as held
        from ${input}
        group by i.player_id
      ) d
      where w.player_id = d.player_id and w.site_id = ${siteId}`);
  }
  return { ok: true, applied: fresh.length, skipped: postings.length - fresh.length };
}

/**
 * The postings as rows i(ord, player_id, account, amount, type, reference, key, created_at), sent
 * as one JSON parameter (amounts as strings, read as numeric: exact).
 */
function recordset(postings: BatchPosting[], offset: number): SQL {
  const rows = postings.map((posting, index) => ({
    ord: offset + index,
    player_id: posting.playerId,
    account: posting.account,
    amount: posting.amount,
    type: posting.type,
    reference: posting.reference ?? '',
    key: posting.idempotencyKey,
    created_at: posting.createdAt?.toISOString() ?? null,
  }));
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as i(ord int, player_id int, account text, amount numeric(20, 4), type text, reference text, key text, created_at timestamptz)`;
}
