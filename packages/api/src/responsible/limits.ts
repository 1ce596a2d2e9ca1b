import { sql, type SQL } from 'drizzle-orm';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  LIMIT_PERIOD_MS,
  LIMIT_RAISE_DELAY_MS,
  compareDecimals,
  subtractDecimals,
  type LimitKind,
  type LimitPeriod,
  type LimitExceededReply,
  type LimitView,
} from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { sessionMinutesUsed } from './session-limits.js';

/*
 * Player limits (issue 25 §2, ADR 0039): deposit, loss and wager limits over rolling periods. A
 * first or lower limit applies at once; a higher one or a removal waits 24 hours and then needs the
 * player's confirmation. What counts against a limit is read from the records money moves by: the
 * deposits asked for (pending or approved) and the ledger's stakes, wins and rollbacks.
 */

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string | null;
  pending: 'raise' | 'remove' | null;
  pending_amount: string | null;
  pending_from: Date | string | null;
}

export interface LimitRefusal {
  message: 'limitExceeded';
  kind: LimitKind;
  period: LimitPeriod;
  /** What the limit leaves in its period now. */
  left: string;
}

/** The reply of a call refused by a limit: which limit, and what it leaves. */
export const limitFailure = (refusal: LimitRefusal): LimitExceededReply => ({ statusCode: 0, message: 'limitExceeded', kind: refusal.kind, period: refusal.period, left: refusal.left });

const since = (period: LimitPeriod) => sql`now() - make_interval(secs => ${LIMIT_PERIOD_MS[period] / 1000})`;

/** What counts against a limit of this kind in its period now (never below 0). */
async function usageOf(db: Db, playerId: number, kind: LimitKind, period: LimitPeriod): Promise<string> {
  if (kind === 'deposit') {
    const [row] = await queryRows<{ used: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as used from payments
          where player_id = ${playerId} and kind = 'deposit' and status in ('pending', 'approved') and created_at > ${since(period)}`,
    );
    return row!.used;
  }
  // A session limit counts whole minutes logged in over the last 24 hours (ADR 0041).
  if (kind === 'session') return String(await sessionMinutesUsed(db, playerId));
  return playedSince(db, playerId, kind, since(period));
}

/**
 * What the player staked (wager) or lost (loss) from `from` on, from the ledger (never below 0).
 * Also read by the anti-money-laundering turnover rule (ADR 0040): the stakes since a deposit.
 */
export async function playedSince(db: Db, playerId: number, kind: 'wager' | 'loss', from: SQL | Date): Promise<string> {
  const start = from instanceof Date ? sql`${from.toISOString()}::timestamptz` : from;
  // Stakes are 'bet' transfers from the balance, a stake given back a 'rollback' to it; wins are
  // 'win' transfers to it, and a win taken back a 'rollback' from it. Wagered: stakes less those
  // given back. Lost: everything out less everything in.
  const signed =
    kind === 'wager'
      ? sql`case when t.debit_account_id = a.id and t.type = 'bet' then t.amount when t.credit_account_id = a.id and t.type = 'rollback' then -t.amount else 0 end`
      : sql`case when t.debit_account_id = a.id and t.type in ('bet', 'rollback') then t.amount
                 when t.credit_account_id = a.id and t.type in ('win', 'rollback') then -t.amount else 0 end`;
  const [row] = await queryRows<{ used: string }>(
    db,
    sql`select greatest(coalesce(sum(${signed}), 0), 0)::text as used
        from ledger_accounts a join ledger_transfers t on t.debit_account_id = a.id or t.credit_account_id = a.id
        where a.player_id = ${playerId} and a.code = 'balance' and t.kind = 'posted' and t.created_at > ${start}`,
  );
  return row!.used;
}

/**
 * What the player staked and won from `from` on, from the same ledger transfers as playedSince: stakes
 * less stakes given back, wins less wins taken back (the reality check's session result, ADR 0041).
 */
export async function stakesAndWinsSince(db: Db, playerId: number, from: Date): Promise<{ stakes: string; wins: string }> {
  const [row] = await queryRows<{ stakes: string; wins: string }>(
    db,
    sql`select coalesce(sum(case when t.debit_account_id = a.id and t.type = 'bet' then t.amount
                                 when t.credit_account_id = a.id and t.type = 'rollback' then -t.amount else 0 end), 0)::numeric(20, 4)::text as stakes,
               coalesce(sum(case when t.credit_account_id = a.id and t.type = 'win' then t.amount
                                 when t.debit_account_id = a.id and t.type = 'rollback' then -t.amount else 0 end), 0)::numeric(20, 4)::text as wins
        from ledger_accounts a join ledger_transfers t on t.debit_account_id = a.id or t.credit_account_id = a.id
        where a.player_id = ${playerId} and a.code = 'balance' and t.kind = 'posted' and t.created_at >= ${from.toISOString()}::timestamptz`,
  );
  return row!;
}

const leftOf = (amount: string, used: string) => (compareDecimals(used, amount) >= 0 ? '0.0000' : subtractDecimals(amount, used));

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

const selectLimits = sql`select kind, period, amount::text as amount, pending, pending_amount::text as pending_amount, pending_from from player_limits`;

/** The player's limits, in the contracts' order of kinds and periods; `where` narrows them. */
async function limitRows(db: Db, playerId: number, where: SQL = sql``): Promise<LimitRow[]> {
  return queryRows<LimitRow>(
    db,
    sql`${selectLimits} where player_id = ${playerId} ${where}
        order by array_position(${textArray(LIMIT_KINDS)}, kind), array_position(${textArray(LIMIT_PERIODS)}, period)`,
  );
}

/** One limit of the player, locked for its change. */
async function lockedLimit(tx: Db, playerId: number, kind: LimitKind, period: LimitPeriod): Promise<LimitRow | undefined> {
  const [row] = await queryRows<LimitRow>(
    tx,
    sql`${selectLimits} where player_id = ${playerId} and kind = ${kind} and period = ${period} for update`,
  );
  return row;
}

/**
 * Refuses `amount` when a limit of these kinds in force has less left. The player's row is locked
 * first (only when such a limit exists), so concurrent stakes or deposits of one player are counted
 * one after another and together never pass a limit; call it in the transaction that moves the money.
 */
async function refusalOf(tx: Db, playerId: number, kinds: readonly LimitKind[], amount: string): Promise<LimitRefusal | null> {
  const limits = await limitRows(tx, playerId, sql`and kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)}) and amount is not null`);
  if (limits.length === 0) return null;
  await tx.execute(sql`select id from players where id = ${playerId} for no key update`);
  for (const limit of limits) {
    const left = leftOf(limit.amount!, await usageOf(tx, playerId, limit.kind, limit.period));
    if (compareDecimals(amount, left) > 0) return { message: 'limitExceeded', kind: limit.kind, period: limit.period, left };
  }
  return null;
}

/** SQL: whether the account `playerId` has a loss or wager limit in force, for a check inside another statement (the stake guard's). */
export const stakeLimitsSet = (playerId: SQL) =>
  sql`exists (select 1 from player_limits where player_id = ${playerId} and kind in ('loss', 'wager') and amount is not null)`;

/** A stake (a game debit, a sports bet) over what a loss or wager limit leaves. */
export const stakeLimitRefusal = (tx: Db, playerId: number, amount: string) => refusalOf(tx, playerId, ['loss', 'wager'], amount);
/** A deposit request over what a deposit limit leaves. */
export const depositLimitRefusal = (tx: Db, playerId: number, amount: string) => refusalOf(tx, playerId, ['deposit'], amount);

/** The player's limits with their use now and the changes waiting. */
export async function limitsOf(db: Db, playerId: number, now = Date.now()): Promise<LimitView[]> {
  const rows = await limitRows(db, playerId);
  return Promise.all(
    rows.map(async (row) => {
      const used = await usageOf(db, playerId, row.kind, row.period);
      const from = row.pending_from === null ? null : new Date(row.pending_from);
      // A session limit's figures are whole minutes (ADR 0041): "30", not "30.0000".
      const shown = (value: string | null) => (value === null || row.kind !== 'session' ? value : String(Math.trunc(Number(value))));
      return {
        kind: row.kind,
        period: row.period,
        amount: shown(row.amount),
        used,
        left: row.amount === null ? null : shown(leftOf(row.amount, used)),
        pending: row.pending && from ? { amount: shown(row.pending_amount), from: from.toISOString(), confirmable: from.getTime() <= now } : null,
      };
    }),
  );
}

/**
 * Sets a limit: a first or lower (or equal) one applies at once and drops a change waiting; a
 * higher one or a removal waits 24 hours from now (asking again starts the wait again).
 */
export async function setLimit(tx: Db, owner: { siteId: number; playerId: number }, kind: LimitKind, period: LimitPeriod, amount: string | null): Promise<void> {
  const current = await lockedLimit(tx, owner.playerId, kind, period);
  const inForce = current?.amount ?? null;
  const from = new Date(Date.now() + LIMIT_RAISE_DELAY_MS).toISOString();
  if (amount === null) {
    // Nothing in force: removing is at once (it drops a first limit still waiting, if any).
    if (inForce === null) {
      await tx.execute(sql`delete from player_limits where player_id = ${owner.playerId} and kind = ${kind} and period = ${period}`);
      return;
    }
    await tx.execute(
      sql`update player_limits set pending = 'remove', pending_amount = null, pending_from = ${from}::timestamptz, updated_at = now()
          where player_id = ${owner.playerId} and kind = ${kind} and period = ${period}`,
    );
    return;
  }
  if (inForce === null || compareDecimals(amount, inForce) <= 0) {
    await tx.execute(
      sql`insert into player_limits (site_id, player_id, kind, period, amount) values (${owner.siteId}, ${owner.playerId}, ${kind}, ${period}, ${amount}::numeric)
          on conflict (player_id, kind, period) do update set amount = excluded.amount, pending = null, pending_amount = null, pending_from = null, updated_at = now()`,
    );
    return;
  }
  await tx.execute(
    sql`update player_limits set pending = 'raise', pending_amount = ${amount}::numeric, pending_from = ${from}::timestamptz, updated_at = now()
        where player_id = ${owner.playerId} and kind = ${kind} and period = ${period}`,
  );
}

/** Applies a change waiting whose 24 hours have passed; false when none is ready. */
export async function confirmLimit(tx: Db, playerId: number, kind: LimitKind, period: LimitPeriod): Promise<boolean> {
  const current = await lockedLimit(tx, playerId, kind, period);
  if (!current?.pending || !current.pending_from || new Date(current.pending_from).getTime() > Date.now()) return false;
  if (current.pending === 'remove') {
    await tx.execute(sql`delete from player_limits where player_id = ${playerId} and kind = ${kind} and period = ${period}`);
  } else {
    await tx.execute(
      sql`update player_limits set amount = pending_amount, pending = null, pending_amount = null, pending_from = null, updated_at = now()
          where player_id = ${playerId} and kind = ${kind} and period = ${period}`,
    );
  }
  return true;
}
