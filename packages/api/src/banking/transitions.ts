import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { payments, playerVip, promotionEntries, promotions } from '../db/schema.js';
import { postPending, postToLedger, reserve, voidPending, type LedgerPosting } from '../ledger/index.js';
import { eligibilityProblem } from '../rewards/index.js';
import { Refusal } from './tx.js';

/*
 * The state machine of deposits and withdrawals (ADR 0015): pending → approved | rejected by an
 * operator, or cancelled by the player while pending. Each transition runs inside the caller's
 * transaction and starts with one conditional UPDATE ... WHERE status = 'pending' RETURNING: the
 * row's lock makes a second transition wait, and when the first commits the second finds the row
 * no longer pending and changes nothing (notPending). The money then moves in ledger entries keyed
 * by the payment and the transition, so even a replayed posting moves it once.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type Decision = 'approved' | 'rejected' | 'cancelled';

export interface Decider {
  /** "operator:<name>", "cli:<name>" or "player". */
  by: string;
  reason: string;
}

/** The ledger keys of a payment's transfers: unique per site, derived from the row and the transition. */
export const ledgerKeys = {
  depositCredit: (id: number) => `deposit:${id}:approve`,
  /** The pending transfer of a withdrawal request (balance → withdrawals). */
  withdrawalHold: (id: number) => `withdrawal:${id}:hold`,
  /** Its posting, when approved. */
  withdrawalPayout: (id: number) => `withdrawal:${id}:payout`,
  /** Its voiding, when rejected or cancelled. */
  withdrawalReturn: (id: number) => `withdrawal:${id}:release`,
};

/**
 * Moves a pending payment of `kind` within `scope` to `to`. Answers the updated row; throws
 * Refusal('notFound') when no such payment is in scope and Refusal('notPending') when it was
 * already decided (also by a concurrent transition that committed first).
 */
export async function claimPending(tx: Db, id: number, kind: PaymentRow['kind'], scope: SQL | undefined, to: Decision, decider: Decider): Promise<PaymentRow> {
  const target = and(eq(payments.id, id), eq(payments.kind, kind), scope);
  const [row] = await tx
    .update(payments)
    .set({ status: to, decidedAt: sql`now()`, decidedBy: decider.by, decisionReason: decider.reason })
    .where(and(target, eq(payments.status, 'pending')))
    .returning();
  if (row) return row;
  const [exists] = await tx.select({ id: payments.id }).from(payments).where(target).limit(1);
  throw new Refusal(exists ? 'notPending' : 'notFound');
}

/** Posts an entry that must go through (a credit, or a debit of money the row holds): a refusal is a bug and rolls all back. */
async function mustPost(tx: Db, posting: LedgerPosting): Promise<void> {
  const posted = await postToLedger(tx, posting);
  if (!posted.ok) throw new Error(`Ledger refused ${posting.idempotencyKey}: ${posted.message}`);
}

/**
 * Approves a pending deposit: credits the balance (`deposit:<id>:approve`), adds the amount to the
 * player's VIP deposit progress, and joins the promotion the player named, crediting its reward
 * under the same key as promotions/join (`promotion:<id>:<player>`), so it is credited once
 * whichever way the player joined.
 */
export async function approveDeposit(tx: Db, id: number, scope: SQL | undefined, decider: Decider): Promise<PaymentRow> {
  const row = await claimPending(tx, id, 'deposit', scope, 'approved', decider);
  await mustPost(tx, {
    siteId: row.siteId,
    playerId: row.playerId,
    account: 'balance',
    amount: row.amount,
    counter: 'deposits',
    type: 'deposit',
    reference: `payment:${row.id}`,
    idempotencyKey: ledgerKeys.depositCredit(row.id),
  });
  await addVipDeposit(tx, row.playerId, row.siteId, row.amount);
  if (row.promotionId !== null) await joinDepositPromotion(tx, row.promotionId, row.playerId, row.siteId, row.amount);
  return row;
}

/** Rejects (operator) or cancels (player) a pending deposit: nothing was credited, nothing moves. */
export async function closeDeposit(tx: Db, id: number, scope: SQL | undefined, to: 'rejected' | 'cancelled', decider: Decider): Promise<PaymentRow> {
  return claimPending(tx, id, 'deposit', scope, to, decider);
}

/**
 * Holds a new withdrawal's amount: a pending transfer from the balance to the site's withdrawals
 * account (`withdrawal:<id>:hold`, ADR 0024): the available balance drops and the wallet's `held`
 * grows; refused below zero (insufficientBalance rolls the request back). The balance's conditional
 * UPDATE locks the wallet row, so concurrent requests serialise and never hold more than the balance.
 */
export async function holdWithdrawal(tx: Db, row: PaymentRow): Promise<void> {
  const hold = await reserve(tx, {
    siteId: row.siteId,
    debit: { playerId: row.playerId, wallet: 'balance' },
    credit: { system: 'withdrawals' },
    amount: row.amount,
    type: 'withdrawal',
    reference: `payment:${row.id}`,
    idempotencyKey: ledgerKeys.withdrawalHold(row.id),
  });
  if (!hold.ok) throw new Refusal('insufficientBalance');
}

/** Approves a pending withdrawal: its pending transfer is posted, the held amount paid out (`withdrawal:<id>:payout`). */
export async function approveWithdrawal(tx: Db, id: number, scope: SQL | undefined, decider: Decider): Promise<PaymentRow> {
  const row = await claimPending(tx, id, 'withdrawal', scope, 'approved', decider);
  await postPending(tx, {
    siteId: row.siteId,
    pendingKey: ledgerKeys.withdrawalHold(row.id),
    type: 'withdrawal',
    reference: `payment:${row.id}`,
    idempotencyKey: ledgerKeys.withdrawalPayout(row.id),
  });
  return row;
}

/** Rejects (operator) or cancels (player) a pending withdrawal: its pending transfer is voided, the held amount returns to the balance. */
export async function closeWithdrawal(tx: Db, id: number, scope: SQL | undefined, to: 'rejected' | 'cancelled', decider: Decider): Promise<PaymentRow> {
  const row = await claimPending(tx, id, 'withdrawal', scope, to, decider);
  await voidPending(tx, {
    siteId: row.siteId,
    pendingKey: ledgerKeys.withdrawalHold(row.id),
    type: 'withdrawal_release',
    reference: `payment:${row.id}`,
    idempotencyKey: ledgerKeys.withdrawalReturn(row.id),
  });
  return row;
}

/**
 * VIP deposit progress (docs/product.md §9 measures the next level on it): an approved deposit adds to the
 * cycle's and the total deposits. A player without a standing starts at the site's lowest level,
 * as signup and the game wallet's turnover do.
 */
async function addVipDeposit(tx: Db, playerId: number, siteId: number, amount: string): Promise<void> {
  const lowestLevel = sql`(select coalesce(min(level), 0) from vip_levels where site_id = ${siteId})`;
  const delta = sql`${amount}::numeric`;
  await tx
    .insert(playerVip)
    .values({ playerId, level: lowestLevel, cycleDeposit: delta, totalDeposit: delta })
    .onConflictDoUpdate({
      target: playerVip.playerId,
      set: {
        cycleDeposit: sql`${playerVip.cycleDeposit} + ${delta}`,
        totalDeposit: sql`${playerVip.totalDeposit} + ${delta}`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * The promotion a deposit named: recorded as joined once (promotion_entries' key), its reward
 * credited through the ledger under promotions/join's own key. Checked as running and unjoined when
 * the deposit was requested; honoured at approval even if it ended since (the player chose it while
 * it ran). A promotion of another site, or one the deposit no longer qualifies for, is ignored (never credited).
 */
async function joinDepositPromotion(tx: Db, promotionId: number, playerId: number, siteId: number, amount: string): Promise<void> {
  const [promotion] = await tx.select().from(promotions).where(and(eq(promotions.id, promotionId), eq(promotions.siteId, siteId))).limit(1);
  if (!promotion) return;
  // Its rules again at approval (a welcome offer another account of the phone took since): the
  // deposit is still credited, the promotion is not joined.
  if (await eligibilityProblem(tx, { id: playerId, siteId }, promotion, { amount })) return;
  const [entry] = await tx
    .insert(promotionEntries)
    .values({ promotionId: promotion.id, playerId, siteId })
    .onConflictDoNothing()
    .returning({ promotionId: promotionEntries.promotionId });
  if (!entry || !promotion.rewardAmount || !promotion.rewardType) return;
  const posted = await postToLedger(tx, {
    siteId,
    playerId,
    account: promotion.rewardType === 'tokens' ? 'tokens' : 'balance',
    amount: promotion.rewardAmount,
    counter: promotion.rewardType === 'tokens' ? 'rewards' : 'bonuses',
    type: 'promotion',
    reference: `promotion:${promotion.id}`,
    idempotencyKey: `promotion:${promotion.id}:${playerId}`,
  });
  if (!posted.ok) throw new Error(`Promotion credit refused: ${posted.message}`);
  await tx
    .update(promotionEntries)
    .set({ ledgerEntryId: posted.transferId })
    .where(and(eq(promotionEntries.promotionId, promotion.id), eq(promotionEntries.playerId, playerId)));
}
