import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { isCheckViolation } from '../db/errors.js';
import { openGameAccounts } from './accounts.js';
import { announceTransferWritten, announceWalletChange } from './events.js';
import type { LedgerPosting } from './postings.js';
import { assertTransferAmount } from './transfer.js';

/** One posting of a batch: a player-side movement of the batch's site, optionally dated when its cause happened. */
export interface BatchPosting extends Omit<LedgerPosting, 'siteId'> {
  /** A debit of the balance that only reserves the money (a pending withdrawal): see `reserve`. */
  pending?: boolean;
}

export type BatchResult = { ok: true; applied: number; skipped: number } | { ok: false; message: 'insufficientBalance' };

/** Postings per INSERT. */
const CHUNK = 1000;

/**
 * Posts many player-side movements of one site at once, in their order, each as a transfer with
 * the guarantees of `transfer` (ADR 0024): all in one transaction (the caller's, when `db` is one),
 * every wallet moved by exactly the sum of its new transfers, each transfer's *_after the running
 * balance, computed by PostgreSQL. If any running balance would go below zero the whole batch is
 * refused (the CHECK constraints of ledger_transfers and wallets) and nothing changes. Keys already
 * posted are skipped; a key twice in the batch is a bug of the caller. For bulk work (imports, demo
 * data): a few statements instead of several per transfer.
 */
export async function postBatchToLedger(db: Db, siteId: number, postings: BatchPosting[]): Promise<BatchResult> {
  const keys = new Set<string>();
  for (const posting of postings) {
    const negative = posting.amount.startsWith('-');
    assertTransferAmount(negative ? posting.amount.slice(1) : posting.amount);
    if (posting.pending && (!negative || posting.account !== 'balance')) throw new Error(`Only a debit of a balance is reserved: ${posting.idempotencyKey}`);
    if (keys.has(posting.idempotencyKey)) throw new Error(`Idempotency key twice in one batch: ${posting.idempotencyKey}`);
    keys.add(posting.idempotencyKey);
  }
  if (postings.length === 0) return { ok: true, applied: 0, skipped: 0 };
  announceWalletChange(new Set(postings.map((posting) => posting.playerId)));
  try {
    return await db.transaction(async (trx) => applyBatch(trx as unknown as Db, siteId, postings));
  } catch (error) {
    if (isCheckViolation(error)) return { ok: false, message: 'insufficientBalance' };
    throw error;
  }
}

async function applyBatch(tx: Db, siteId: number, postings: BatchPosting[]): Promise<BatchResult> {
  const playerIds = [...new Set(postings.map((posting) => posting.playerId))].sort((a, b) => a - b);
  // Lock the wallets of players of this site only (in id order: no deadlock between batches).
  const locked = await queryRows<{ player_id: number }>(
    tx,
    sql`select player_id from wallets
      where site_id = ${siteId} and player_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(playerIds)}::jsonb))
      order by player_id for update`,
  );
  if (locked.length !== playerIds.length) throw new Error(`Ledger batch names players who are not players of site ${siteId}`);
  await openGameAccounts(
    tx,
    siteId,
    [...new Set(postings.map((posting) => posting.counter))].map((system) => ({ system })),
  );

  const posted = new Set(
    (
      await queryRows<{ idempotency_key: string }>(
        tx,
        sql`select idempotency_key from ledger_transfers
          where site_id = ${siteId}
            and idempotency_key in (select value from jsonb_array_elements_text(${JSON.stringify(postings.map((posting) => posting.idempotencyKey))}::jsonb))`,
      )
    ).map((row) => row.idempotency_key),
  );
  const fresh = postings.filter((posting) => !posted.has(posting.idempotencyKey));

  for (let i = 0; i < fresh.length; i += CHUNK) {
    const input = recordset(fresh.slice(i, i + CHUNK), i);
    await tx.execute(sql`
      insert into ledger_transfers (site_id, kind, debit_account_id, credit_account_id, unit, amount, type, reference, idempotency_key,
        debit_after, credit_after, held_after, created_at)
      select ${siteId}, case when r.pending then 'pending' else 'posted' end,
        case when r.amount < 0 then mine.id else counter.id end,
        case when r.amount < 0 then counter.id else mine.id end,
        mine.unit, abs(r.amount), r.type, r.reference, r.key,
        case when r.amount < 0 then r.after end,
        case when r.amount > 0 then r.after end,
        case when r.pending then r.held end,
        coalesce(r.created_at, now())
      from (
        select i.*,
          (case i.account when 'balance' then w.balance when 'tokens' then w.tokens else w.frozen_tokens end)
            + sum(i.amount) over (partition by i.player_id, i.account order by i.ord) as after,
          w.held + sum(case when i.pending then -i.amount else 0 end) over (partition by i.player_id order by i.ord) as held
        from ${input} join wallets w on w.player_id = i.player_id and w.site_id = ${siteId}
      ) as r
      left join ledger_accounts mine on mine.player_id = r.player_id and mine.code = r.account and mine.site_id = ${siteId}
      left join ledger_accounts counter on counter.site_id = ${siteId} and counter.player_id is null and counter.code = r.counter
      order by r.ord`);
    await tx.execute(sql`
      update wallets w
      set balance = w.balance + d.balance, tokens = w.tokens + d.tokens, frozen_tokens = w.frozen_tokens + d.frozen_tokens,
        held = w.held + d.held, updated_at = now()
      from (
        select i.player_id,
          coalesce(sum(i.amount) filter (where i.account = 'balance'), 0) as balance,
          coalesce(sum(i.amount) filter (where i.account = 'tokens'), 0) as tokens,
          coalesce(sum(i.amount) filter (where i.account = 'frozen_tokens'), 0) as frozen_tokens,
          coalesce(sum(-i.amount) filter (where i.pending), 0) as held
        from ${input}
        group by i.player_id
      ) d
      where w.player_id = d.player_id and w.site_id = ${siteId}`);
  }
  for (const posting of fresh) {
    const negative = posting.amount.startsWith('-');
    announceTransferWritten({
      siteId,
      kind: posting.pending ? 'pending' : 'posted',
      type: posting.type,
      unit: posting.account === 'balance' ? 'money' : 'tokens',
      amount: negative ? posting.amount.slice(1) : posting.amount,
    });
  }
  return { ok: true, applied: fresh.length, skipped: postings.length - fresh.length };
}

/**
 * The postings as rows i(ord, player_id, account, amount, counter, pending, type, reference, key,
 * created_at), sent as one JSON parameter (amounts as strings, read as numeric: exact).
 */
function recordset(postings: BatchPosting[], offset: number): SQL {
  const rows = postings.map((posting, index) => ({
    ord: offset + index,
    player_id: posting.playerId,
    account: posting.account,
    amount: posting.amount,
    counter: posting.counter,
    pending: posting.pending ?? false,
    type: posting.type,
    reference: posting.reference ?? '',
    key: posting.idempotencyKey,
    created_at: posting.createdAt?.toISOString() ?? null,
  }));
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as i(ord int, player_id int, account text, amount numeric(20, 4), counter text, pending boolean, type text, reference text, key text, created_at timestamptz)`;
}
