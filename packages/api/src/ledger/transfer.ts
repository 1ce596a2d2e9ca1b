import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Db } from '../db/client.js';
import { isNotNullViolation, isUniqueViolation } from '../db/errors.js';
import { ledgerTransfers, wallets, type LedgerUnit, type TransferKind } from '../db/schema.js';
import { accountIdQuery, isPlayerAccount, namesGameAccount, openGameAccounts, unitOf, type AccountRef, type PlayerWallet } from './accounts.js';
import { announceTransferWritten, announceWalletChange } from './events.js';
import { entryLimit } from '../shared/entry-limit.js';

/** One movement: `amount` (positive) from `debit` to `credit`, both of the site and of one unit. */
export interface TransferRequest {
  siteId: number;
  debit: AccountRef;
  credit: AccountRef;
  /** Exact positive decimal string of numeric(20,4). */
  amount: string;
  type: string;
  reference?: string;
  /** Unique per site: its identity. The same cause posted twice moves money once. */
  idempotencyKey: string;
  /** When its cause happened (imports, demo data); now when absent. */
  createdAt?: Date;
  /**
   * The caller's transaction holds a lock that orders every post of this key (a game provider's
   * transaction id under the wallet's advisory lock), so no other transaction posts it meanwhile:
   * the move runs as one statement with no savepoint of its own (ADR 0033). Should a post of the
   * key race it all the same, the unique key refuses it and the caller's transaction fails whole.
   */
  keyLockedByCaller?: boolean;
  /**
   * The writes of the transfer's cause (a game provider's transaction, say), made with the transfer
   * and only when it is written now, never on a replay or a refusal (ADR 0034). Each is an INSERT
   * (… ON CONFLICT as needed) that selects from `written`, a relation of one row with the new
   * transfer's `id`; a transfer of one player and a system account runs them in its own statement.
   */
  writesWithTransfer?: SQL[];
}

/** A settlement of a pending transfer, named by its key. */
export interface SettleRequest {
  siteId: number;
  pendingKey: string;
  type: string;
  reference?: string;
  idempotencyKey: string;
  createdAt?: Date;
}

export interface TransferDone {
  ok: true;
  /** false: the key was posted before (also concurrently); nothing moved now. */
  applied: boolean;
  transferId: number;
  /** The player accounts' balances after the transfer (null on a system account's side). */
  debitAfter: string | null;
  creditAfter: string | null;
}
export type TransferResult = TransferDone | { ok: false; message: 'insufficientBalance' };

const DECIMAL = /^\d{1,16}(\.\d{1,4})?$/;
const COLUMN: Record<PlayerWallet, string> = { balance: 'balance', tokens: 'tokens', frozen_tokens: 'frozen_tokens' };

/** Refuses what is not a positive exact decimal of numeric(20,4): a caller's bug, never a player's input. */
export function assertTransferAmount(amount: string): void {
  if (!DECIMAL.test(amount) || /^0+(\.0+)?$/.test(amount)) throw new Error(`Invalid transfer amount: ${amount}`);
}

/**
 * Moves money now (ADR 0024). In one transaction (the caller's, when `db` is one): a player side
 * moves its wallet row by a conditional UPDATE that locks it, so concurrent debits serialise and
 * none goes below zero, and the transfer row is written. A key already posted on the site answers
 * `applied: false` with the standing transfer; a debit larger than the player's balance answers
 * insufficientBalance and writes nothing (its key stays free).
 */
export async function transfer(db: Db, request: TransferRequest): Promise<TransferResult> {
  return move(db, request, 'posted');
}

/**
 * Reserves money (a withdrawal request): the player's available balance drops and the wallet's
 * `held` grows by the amount; nothing reaches the credit side until postPending. voidPending gives it back.
 */
export async function reserve(db: Db, request: TransferRequest): Promise<TransferResult> {
  if (isPlayerAccount(request.debit) && request.debit.wallet !== 'balance') throw new Error('Only a balance can be reserved');
  return move(db, request, 'pending');
}

/** Posts a pending transfer: the held amount leaves the wallet for good and reaches the credit side. */
export async function postPending(db: Db, request: SettleRequest): Promise<TransferDone> {
  return settle(db, request, 'post_pending');
}

/** Voids a pending transfer: the held amount returns to the player's available balance. */
export async function voidPending(db: Db, request: SettleRequest): Promise<TransferDone> {
  return settle(db, request, 'void_pending');
}

async function move(db: Db, request: TransferRequest, kind: 'posted' | 'pending'): Promise<TransferResult> {
  assertTransferAmount(request.amount);
  const unit = unitOf(request.debit);
  if (unit !== unitOf(request.credit)) throw new Error(`Transfer ${request.idempotencyKey} between a ${unit} and a ${unitOf(request.credit)} account`);
  announceWalletChange(playersOf(request.debit, request.credit));
  try {
    return await moveOnce(db, request, kind, unit);
  } catch (error) {
    // A game provider's first transfer on the site: its account opens, and the transfer runs again
    // (its savepoint rolled back; the hot path never pays for the opening).
    if (!isNotNullViolation(error) || !namesGameAccount([request.debit, request.credit])) throw error;
    await openGameAccounts(db, request.siteId, [request.debit, request.credit]);
    return moveOnce(db, request, kind, unit);
  }
}

async function moveOnce(db: Db, request: TransferRequest, kind: 'posted' | 'pending', unit: LedgerUnit): Promise<TransferResult> {
  const side = kind === 'posted' ? playerSideOf(request) : null;
  // The hot path of game money: no savepoint (two round trips) once the game's account is open.
  if (side && request.keyLockedByCaller && openAccounts.has(counterKey(request, side))) {
    try {
      return await moveInOneStatement(db, request, side, unit);
    } catch (error) {
      // The account's opening was rolled back with its transaction: the next post opens it again.
      if (isNotNullViolation(error)) openAccounts.delete(counterKey(request, side));
      throw error;
    }
  }
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      if (side) {
        const done = await moveInOneStatement(tx, request, side, unit);
        openAccounts.set(counterKey(request, side), true);
        return done;
      }
      const standing = await findTransfer(tx, request.siteId, request.idempotencyKey);
      if (standing) return replayOf(standing);
      const moved = await moveWallets(tx, request, kind);
      if (!moved) {
        // A concurrent post of the same cause may have committed while this one waited for the
        // wallet's lock and left too little for a second debit: that one stands.
        const replayed = await findTransfer(tx, request.siteId, request.idempotencyKey);
        if (replayed) return replayOf(replayed);
        await assertPlayerOfSite(tx, request.siteId, request.debit);
        return { ok: false, message: 'insufficientBalance' } as const;
      }
      const done = await writeTransfer(tx, request, moved, {
        kind,
        debitAccountId: sql`${accountIdQuery(request.siteId, request.debit)}`,
        creditAccountId: sql`${accountIdQuery(request.siteId, request.credit)}`,
        unit,
        amount: request.amount,
      });
      for (const write of request.writesWithTransfer ?? []) await tx.execute(sql`with written as (select ${done.transferId}::bigint as id) ${write}`);
      return done;
    });
  } catch (error) {
    // A concurrent post of the same cause won the unique key: that one stands.
    if (!isUniqueViolation(error, 'ledger_transfers_idempotency_key')) throw error;
    const standing = await findTransfer(db, request.siteId, request.idempotencyKey);
    if (!standing) throw error;
    return replayOf(standing);
  }
}

/** A transfer between one player's wallet and a system account: which side the player is on. */
type PlayerSide = 'debit' | 'credit';

function playerSideOf(request: TransferRequest): PlayerSide | null {
  const debit = isPlayerAccount(request.debit);
  if (debit === isPlayerAccount(request.credit)) return null;
  return debit ? 'debit' : 'credit';
}

/**
 * System accounts this process has seen in a transfer (site and code): open, unless the
 * transaction that opened them rolled back (moveOnce forgets them then).
 */
const openAccounts = new LRUCache<string, true>(entryLimit(10_000));

function counterKey(request: TransferRequest, side: PlayerSide): string {
  const counter = side === 'debit' ? request.credit : request.debit;
  return `${request.siteId}:${isPlayerAccount(counter) ? '' : counter.system}`;
}

/**
 * A posted transfer between a player's wallet and a system account in one statement (ADR 0033):
 * the key's standing transfer, else the wallet's conditional UPDATE (it locks the row, so
 * concurrent debits serialise and none goes below zero) and the transfer row it conditions. The
 * caller gives it a savepoint unless it holds the key's lock (TransferRequest.keyLockedByCaller).
 */
async function moveInOneStatement(db: Db, request: TransferRequest, side: PlayerSide, unit: LedgerUnit): Promise<TransferResult> {
  const { siteId, amount, idempotencyKey } = request;
  const player = (side === 'debit' ? request.debit : request.credit) as { playerId: number; wallet: PlayerWallet };
  const column = sql.raw(COLUMN[player.wallet]);
  const change = side === 'debit' ? sql`${column} - ${amount}::numeric` : sql`${column} + ${amount}::numeric`;
  const enough = side === 'debit' ? sql`and ${column} >= ${amount}::numeric` : sql``;
  const [debitAfter, creditAfter] = side === 'debit' ? [sql`moved.after`, sql`null`] : [sql`null`, sql`moved.after`];
  const [row] = await queryRows<{ source: 'written' | 'standing'; id: string; debit_after: string | null; credit_after: string | null }>(
    db,
    sql`with standing as (
        select id, debit_after, credit_after from ledger_transfers where site_id = ${siteId} and idempotency_key = ${idempotencyKey}
      ), moved as (
        update wallets set ${column} = ${change}, updated_at = now()
        where player_id = ${player.playerId} and site_id = ${siteId} ${enough} and not exists (select 1 from standing)
        returning ${column} as after
      ), written as (
        insert into ledger_transfers (site_id, kind, debit_account_id, credit_account_id, unit, amount, type, reference, idempotency_key,
          debit_after, credit_after, created_at)
        select ${siteId}, 'posted', ${accountIdQuery(siteId, request.debit)}, ${accountIdQuery(siteId, request.credit)}, ${unit},
          ${amount}::numeric, ${request.type}, ${request.reference ?? ''}, ${idempotencyKey}, ${debitAfter}, ${creditAfter},
          ${request.createdAt ? sql`${request.createdAt.toISOString()}::timestamptz` : sql`now()`}
        from moved
        returning id, debit_after, credit_after
      )${sql.join(
        (request.writesWithTransfer ?? []).map((write, index) => sql`, ${sql.raw(`cause_${index}`)} as (${write})`),
      )}
      select 'written' as source, id::text as id, debit_after::text as debit_after, credit_after::text as credit_after from written
      union all
      select 'standing', id::text, debit_after::text, credit_after::text from standing`,
  );
  if (row) {
    const standing = { id: Number(row.id), debitAfter: row.debit_after, creditAfter: row.credit_after };
    if (row.source === 'standing') return replayOf(standing);
    announceTransferWritten({ siteId, kind: 'posted', type: request.type, unit, amount });
    return { ok: true, applied: true, transferId: standing.id, ...standing };
  }
  // Nothing moved: a concurrent post of the key committed while this one waited for the wallet's
  // lock (it stands), or the debited player has too little.
  const replayed = await findTransfer(db, siteId, idempotencyKey);
  if (replayed) return replayOf(replayed);
  if (side === 'credit') throw new Error(`Transfer ${idempotencyKey} credits player ${player.playerId}, who is not a player of site ${siteId}`);
  await assertPlayerOfSite(db, siteId, player);
  return { ok: false, message: 'insufficientBalance' };
}

interface Moved {
  debitAfter: string | null;
  creditAfter: string | null;
  heldAfter: string | null;
}

/** Moves the player sides' wallet rows; null when the debited player has too little (nothing moved). */
async function moveWallets(tx: Db, request: TransferRequest, kind: 'posted' | 'pending'): Promise<Moved | null> {
  const { debit, credit, amount, siteId } = request;
  const moved: Moved = { debitAfter: null, creditAfter: null, heldAfter: null };
  if (isPlayerAccount(debit) && isPlayerAccount(credit) && debit.playerId === credit.playerId) {
    // Between two wallets of one player (frozen tokens released to tokens): one row, one statement.
    const from = sql.raw(COLUMN[debit.wallet]);
    const to = sql.raw(COLUMN[credit.wallet]);
    const [row] = await queryRows<{ debit_after: string; credit_after: string }>(
      tx,
      sql`update wallets set ${from} = ${from} - ${amount}::numeric, ${to} = ${to} + ${amount}::numeric, updated_at = now()
        where player_id = ${debit.playerId} and site_id = ${siteId} and ${from} >= ${amount}::numeric
        returning ${from}::text as debit_after, ${to}::text as credit_after`,
    );
    if (!row) return null;
    return { debitAfter: row.debit_after, creditAfter: row.credit_after, heldAfter: null };
  }
  if (isPlayerAccount(debit)) {
    const from = sql.raw(COLUMN[debit.wallet]);
    const hold = kind === 'pending' ? sql`, held = held + ${amount}::numeric` : sql``;
    const [row] = await queryRows<{ after: string; held: string }>(
      tx,
      sql`update wallets set ${from} = ${from} - ${amount}::numeric${hold}, updated_at = now()
        where player_id = ${debit.playerId} and site_id = ${siteId} and ${from} >= ${amount}::numeric
        returning ${from}::text as after, held::text as held`,
    );
    if (!row) return null;
    moved.debitAfter = row.after;
    if (kind === 'pending') moved.heldAfter = row.held;
  }
  // A pending transfer reaches its credit side only when posted.
  if (isPlayerAccount(credit) && kind === 'posted') {
    const to = sql.raw(COLUMN[credit.wallet]);
    const [row] = await queryRows<{ after: string }>(
      tx,
      sql`update wallets set ${to} = ${to} + ${amount}::numeric, updated_at = now()
        where player_id = ${credit.playerId} and site_id = ${siteId} returning ${to}::text as after`,
    );
    if (!row) throw new Error(`Transfer ${request.idempotencyKey} credits player ${credit.playerId}, who is not a player of site ${siteId}`);
    moved.creditAfter = row.after;
  }
  return moved;
}

async function settle(db: Db, request: SettleRequest, kind: 'post_pending' | 'void_pending'): Promise<TransferDone> {
  const pending = await pendingTransfer(db, request.siteId, request.pendingKey);
  if (pending?.debit_player) announceWalletChange([pending.debit_player]);
  if (pending?.credit_player) announceWalletChange([pending.credit_player]);
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const standing = await findTransfer(tx, request.siteId, request.idempotencyKey);
    if (standing) return replayOf(standing);
    if (!pending) throw new Error(`No pending transfer ${request.pendingKey} on site ${request.siteId}`);
    const moved: Moved = { debitAfter: null, creditAfter: null, heldAfter: null };
    if (pending.debit_player !== null) {
      const back = kind === 'void_pending' ? sql`, balance = balance + ${pending.amount}::numeric` : sql``;
      const [row] = await queryRows<{ balance: string; held: string }>(
        tx,
        sql`update wallets set held = held - ${pending.amount}::numeric${back}, updated_at = now()
          where player_id = ${pending.debit_player} and site_id = ${request.siteId} and held >= ${pending.amount}::numeric
          returning balance::text as balance, held::text as held`,
      );
      if (!row) throw new Error(`Pending transfer ${request.pendingKey} is not held in its wallet`);
      moved.heldAfter = row.held;
      if (kind === 'void_pending') moved.debitAfter = row.balance;
    }
    if (pending.credit_player !== null && pending.credit_code !== null && kind === 'post_pending') {
      const to = sql.raw(COLUMN[pending.credit_code]);
      const [row] = await queryRows<{ after: string }>(
        tx,
        sql`update wallets set ${to} = ${to} + ${pending.amount}::numeric, updated_at = now()
          where player_id = ${pending.credit_player} and site_id = ${request.siteId} returning ${to}::text as after`,
      );
      moved.creditAfter = row?.after ?? null;
    }
    return writeTransfer(tx, request, moved, {
      kind,
      debitAccountId: pending.debit_account_id,
      creditAccountId: pending.credit_account_id,
      unit: pending.unit,
      amount: pending.amount,
      pendingId: pending.id,
    });
  });
}

/** Writes the transfer row of a movement whose wallets have moved; answers it as applied. */
async function writeTransfer(
  tx: Db,
  request: { siteId: number; type: string; reference?: string; idempotencyKey: string; createdAt?: Date },
  moved: Moved,
  row: { kind: TransferKind; debitAccountId: number | SQL; creditAccountId: number | SQL; unit: LedgerUnit; amount: string; pendingId?: number },
): Promise<TransferDone> {
  const [written] = await tx
    .insert(ledgerTransfers)
    .values({
      ...row,
      siteId: request.siteId,
      type: request.type,
      reference: request.reference ?? '',
      idempotencyKey: request.idempotencyKey,
      debitAfter: moved.debitAfter,
      creditAfter: moved.creditAfter,
      heldAfter: moved.heldAfter,
      ...(request.createdAt ? { createdAt: request.createdAt } : {}),
    })
    .returning({ id: ledgerTransfers.id });
  announceTransferWritten({ siteId: request.siteId, kind: row.kind, type: request.type, unit: row.unit, amount: row.amount });
  return { ok: true, applied: true, transferId: written!.id, debitAfter: moved.debitAfter, creditAfter: moved.creditAfter };
}

interface PendingRow {
  id: number;
  debit_account_id: number;
  credit_account_id: number;
  unit: LedgerUnit;
  amount: string;
  debit_player: number | null;
  credit_player: number | null;
  credit_code: PlayerWallet | null;
}

async function pendingTransfer(db: Db, siteId: number, key: string): Promise<PendingRow | undefined> {
  const [row] = await queryRows<PendingRow>(
    db,
    sql`select t.id::int as id, t.debit_account_id::int as debit_account_id, t.credit_account_id::int as credit_account_id, t.unit,
        t.amount::text as amount, d.player_id as debit_player, c.player_id as credit_player,
        case when c.player_id is null then null else c.code end as credit_code
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      where t.site_id = ${siteId} and t.idempotency_key = ${key} and t.kind = 'pending'`,
  );
  return row;
}

interface StandingTransfer {
  id: number;
  debitAfter: string | null;
  creditAfter: string | null;
}

async function findTransfer(db: Db, siteId: number, key: string): Promise<StandingTransfer | undefined> {
  const [row] = await db
    .select({ id: ledgerTransfers.id, debitAfter: ledgerTransfers.debitAfter, creditAfter: ledgerTransfers.creditAfter })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.siteId, siteId), eq(ledgerTransfers.idempotencyKey, key)))
    .limit(1);
  return row;
}

function replayOf(standing: StandingTransfer): TransferDone {
  return { ok: true, applied: false, transferId: standing.id, debitAfter: standing.debitAfter, creditAfter: standing.creditAfter };
}

function playersOf(...refs: AccountRef[]): number[] {
  return refs.flatMap((ref) => (isPlayerAccount(ref) ? [ref.playerId] : []));
}

/** A transfer naming a player of another site is a bug of its caller, never a refusal to show. */
async function assertPlayerOfSite(tx: Db, siteId: number, ref: AccountRef): Promise<void> {
  if (!isPlayerAccount(ref)) return;
  const [wallet] = await tx
    .select({ playerId: wallets.playerId })
    .from(wallets)
    .where(and(eq(wallets.playerId, ref.playerId), eq(wallets.siteId, siteId)))
    .limit(1);
  if (!wallet) throw new Error(`Transfer for player ${ref.playerId}, who is not a player of site ${siteId}`);
}

export type { TransferKind };
