import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { isNotNullViolation, isUniqueViolation } from '../db/errors.js';
import { ledgerTransfers, wallets, type LedgerUnit, type TransferKind } from '../db/schema.js';
import { accountIdQuery, isPlayerAccount, namesGameAccount, openGameAccounts, unitOf, type AccountRef, type PlayerWallet } from './accounts.js';
import { announceWalletChange } from './events.js';

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
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
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
      return writeTransfer(tx, request, moved, {
        kind,
        debitAccountId: sql`${accountIdQuery(request.siteId, request.debit)}`,
        creditAccountId: sql`${accountIdQuery(request.siteId, request.credit)}`,
        unit,
        amount: request.amount,
      });
    });
  } catch (error) {
    // A concurrent post of the same cause won the unique key: that one stands.
    if (!isUniqueViolation(error, 'ledger_transfers_idempotency_key')) throw error;
    const standing = await findTransfer(db, request.siteId, request.idempotencyKey);
    if (!standing) throw error;
    return replayOf(standing);
  }
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
