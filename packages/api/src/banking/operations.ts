import { randomUUID } from 'node:crypto';
import { toMinorUnits } from '@wl/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { OpsPayment, OpsStatementReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { ledgerEntries, payments, players, receipts, sites } from '../db/schema.js';
import { loadSiteByDomain, type SiteRow } from '../sites/index.js';
import { postToLedger } from '../ledger/index.js';
import { lockOwedBet, reduceOwed } from '../sports/index.js';
import { hasHoldingFlag, paymentPlayerChecks, screenAml } from '../compliance/index.js';
import { readBankingBalances } from './balances.js';
import { countPayments, findPayment, opsPaymentOf, selectPayments, type PaymentView } from './records.js';
import { readReceipt, type ReceiptView } from './receipts.js';
import { readStatement, type StatementFilters } from './statement.js';
import { approveDeposit, approveWithdrawal, closeDeposit, closeWithdrawal, type Decider, type PaymentRow } from './transitions.js';
import { inTransaction, Refusal, type Outcome } from './tx.js';
import type { Actor } from './operators.js';
import { mayActOnSite, recordAudit, siteScopeCondition, soleSiteId } from '../backoffice/index.js';

/*
 * What an operator does, whether at the command line (scripts/ops.mjs) or through the operator
 * HTTP API (/api/ops/*): one module, so both go through the same checks, transactions and audit.
 * Every change is audited in the transaction that makes it (who, what, when, why); so are views of
 * a player's statement or receipt. An actor scoped to a site sees only that site: another site's
 * payment is notFound, another site named explicitly permissionDenied.
 */

type Site = Pick<SiteRow, 'id' | 'externalId' | 'currency'>;

/** The site an operator names by domain (its own when scoped and none is named; null: every site). */
export async function resolveOpsSite(db: Db, actor: Actor, domain: string | undefined): Promise<Outcome<Site | null>> {
  if (domain === undefined) {
    // One site: that one; several or every site: none named (the caller keeps to the actor's scope).
    const sole = soleSiteId(actor);
    if (sole === null) return { ok: true, value: null };
    const [own] = await db.select().from(sites).where(eq(sites.id, sole)).limit(1);
    return own ? { ok: true, value: own } : { ok: false, message: 'siteNotFound' };
  }
  const site = await loadSiteByDomain(db, domain);
  if (!site) return { ok: false, message: 'siteNotFound' };
  if (!mayActOnSite(actor, site.id)) return { ok: false, message: 'permissionDenied' };
  return { ok: true, value: site };
}

/** The rows an actor may see: every site's, or its own site's. */
function scopeOf(actor: Actor): SQL | undefined {
  return siteScopeCondition(actor, payments.siteId);
}

export { recordAudit } from '../backoffice/index.js';

export interface PendingQuery {
  site?: string | undefined;
  kind?: 'deposit' | 'withdrawal' | undefined;
  page: number;
  pageSize: number;
}

/** Pending requests, oldest first (first come, first served), of a site or of every site the actor may see. */
export async function listPending(db: Db, actor: Actor, query: PendingQuery): Promise<Outcome<{ value: OpsPayment[]; total: number }>> {
  const site = await resolveOpsSite(db, actor, query.site);
  if (!site.ok) return site;
  const where = and(
    eq(payments.status, 'pending'),
    site.value ? eq(payments.siteId, site.value.id) : scopeOf(actor),
    query.kind ? eq(payments.kind, query.kind) : undefined,
  );
  const [rows, total] = await Promise.all([selectPayments(db, where, 'oldest', query), countPayments(db, where)]);
  const value = await withPlayerChecks(db, rows);
  // The list shows players' names and bank accounts: who saw which requests is audited (ADR 0023).
  await recordAudit(db, actor, {
    action: 'pending.view',
    targetType: 'pending',
    targetId: query.kind ?? 'all',
    siteId: site.value?.id ?? soleSiteId(actor),
    details: { page: query.page, page_size: query.pageSize, total, payment_ids: value.map((row) => row.payment_id) },
  });
  return { ok: true, value: { value, total } };
}

export type DecisionKind = 'deposit.approve' | 'deposit.reject' | 'withdrawal.approve' | 'withdrawal.reject';

const DECISIONS: Record<DecisionKind, (tx: Db, id: number, scope: SQL | undefined, decider: Decider) => Promise<PaymentRow>> = {
  'deposit.approve': approveDeposit,
  'deposit.reject': (tx, id, scope, decider) => closeDeposit(tx, id, scope, 'rejected', decider),
  'withdrawal.approve': approveWithdrawal,
  'withdrawal.reject': (tx, id, scope, decider) => closeWithdrawal(tx, id, scope, 'rejected', decider),
};

/**
 * Approves or rejects a pending deposit or withdrawal with a reason. The transition, its ledger
 * postings and the audit record are one transaction: a decision is either entirely done and
 * recorded, or not at all. Deciding twice, or racing the player's cancel, ends in one outcome: the
 * loser answers notPending. A withdrawal is not paid while an AML flag on the player waits for
 * review (amlReview; rejecting stays possible), and an approved deposit goes through the site's
 * AML rules in the same transaction (ADR 0040).
 */
export async function decidePayment(db: Db, actor: Actor, action: DecisionKind, paymentId: number, reason: string): Promise<Outcome<{ payment: OpsPayment; auditId: number }>> {
  const outcome = await inTransaction(db, async (tx) => {
    const row = await DECISIONS[action](tx, paymentId, scopeOf(actor), { by: actor.label, reason });
    // Checked once the row is claimed (notFound and notPending answer first); the refusal rolls the payout back.
    if (action === 'withdrawal.approve' && (await hasHoldingFlag(tx, row.playerId))) throw new Refusal('amlReview');
    if (action === 'deposit.approve') await screenAml(tx, { siteId: row.siteId, playerId: row.playerId }, { kind: 'deposit_approved', paymentId: row.id });
    const auditId = await recordAudit(tx, actor, {
      action,
      targetType: 'payment',
      targetId: row.id,
      siteId: row.siteId,
      reason,
      details: { kind: row.kind, amount: row.amount, player_id: row.playerId, reference: row.reference },
    });
    return { id: row.id, auditId };
  });
  if (!outcome.ok) return outcome;
  const view = await findPayment(db, outcome.value.id, undefined);
  const [payment] = await withPlayerChecks(db, [view!]);
  return { ok: true, value: { payment: payment!, auditId: outcome.value.auditId } };
}

/** Payments as operators see them, each with its player's verification level and holding flags. */
async function withPlayerChecks(db: Db, views: PaymentView[]): Promise<OpsPayment[]> {
  const checks = await paymentPlayerChecks(db, views.map((view) => ({ playerId: view.payment.playerId })));
  return views.map((view, index) => opsPaymentOf(view, checks[index]!));
}

/** A player of a site, by account id. */
async function findPlayer(db: Db, siteId: number, accountId: string) {
  const [row] = await db
    .select({ id: players.id, siteId: players.siteId, accountId: players.accountId, fullName: players.fullName })
    .from(players)
    .where(and(eq(players.siteId, siteId), eq(players.accountId, accountId.toLowerCase())))
    .limit(1);
  return row;
}

/**
 * The adjustment posted under a key, on any site: the key belongs to its actor, not to a site.
 * One indexed lookup per site (the ledger's unique index leads with the site).
 */
async function findAdjustment(tx: Db, key: string) {
  const [row] = await tx
    .select({ siteId: ledgerEntries.siteId, playerId: ledgerEntries.playerId, amount: ledgerEntries.amount, reference: ledgerEntries.reference })
    .from(sites)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.siteId, sites.id), eq(ledgerEntries.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Two exact decimals, equal as numbers ("500", "500.00" and the stored "500.0000" are one amount). */
function sameAmount(stored: string, sent: string): boolean {
  return toMinorUnits(stored) === toMinorUnits(sent);
}

export interface AdjustInput {
  site: string;
  accountId: string;
  /** Signed decimal: "+500", "500" credit; "-20.5" debit. */
  amount: string;
  reason: string;
  /** A retried request with the same key adjusts once (per actor). */
  idempotencyKey?: string | undefined;
  /** With a debit: the sports bet whose unrecovered payout it recovers (ADR 0037, ADR 0055). */
  sportsTicket?: string | undefined;
}

/**
 * Credits or debits a player's balance with a reason (ledger type adjustment). A debit never takes
 * the balance below zero (insufficientBalance). With an idempotency key, a retry moves nothing and
 * answers the first entry (applied: false), without a second audit record; the same key with
 * another site, player, amount or bet answers idempotencyConflict. A debit that names a sports bet
 * recovers what a corrected result left unrecovered on it: a rollback of the win against the
 * sportsbook (so the site's reports count it as the correction would have), and the bet owes that
 * much less, in the same transaction (ADR 0055).
 */
export async function adjustBalance(
  db: Db,
  actor: Actor,
  input: AdjustInput,
): Promise<Outcome<{ applied: boolean; entryId: number; balanceAfter: string; auditId: number | null }>> {
  const site = await resolveOpsSite(db, actor, input.site);
  if (!site.ok) return site;
  const player = await findPlayer(db, site.value!.id, input.accountId);
  if (!player) return { ok: false, message: 'accountNotFound' };
  const amount = input.amount.replace(/^\+/, '');
  const ticket = input.sportsTicket;
  // The contract refuses a ticket with a credit; this guards the other callers.
  if (ticket !== undefined && !amount.startsWith('-')) return { ok: false, message: 'validationError' };
  const reference = ticket === undefined ? 'operator adjustment' : `sports:${ticket}`;
  const keyOwner = actor.operatorId === null ? actor.label : `operator-${actor.operatorId}`;
  const key = `adjustment:${keyOwner}:${input.idempotencyKey ?? randomUUID()}`;
  const sameAdjustment = (row: { siteId: number; playerId: number; amount: string; reference: string }) =>
    row.siteId === player.siteId && row.playerId === player.id && sameAmount(row.amount, amount) && row.reference === reference;
  return inTransaction(db, async (tx) => {
    // The key names one adjustment (issue 21 §8): sent again for another site, player or amount it
    // is a conflict, never the first result (which would also show another player's balance).
    const first = await findAdjustment(tx, key);
    if (first && !sameAdjustment(first)) throw new Refusal('idempotencyConflict');
    const owed = ticket === undefined ? null : await lockOwedBet(tx, { siteId: player.siteId, playerId: player.id }, ticket, amount.slice(1));
    // A refusal, unless a concurrent first use of this key recovered it meanwhile (that one is replayed below).
    if (owed && !owed.ok && !(first ?? (await findAdjustment(tx, key)))) throw new Refusal(owed.message);
    const posted = await postToLedger(tx, {
      siteId: player.siteId,
      playerId: player.id,
      account: 'balance',
      amount,
      ...(ticket === undefined ? { counter: 'adjustments', type: 'adjustment' } : { counter: 'sportsbook', type: 'rollback' }),
      reference,
      idempotencyKey: key,
    });
    if (!posted.ok) throw new Refusal(posted.message);
    if (!posted.applied) {
      // A concurrent first use of the key won the race: the same check against what it posted.
      const standing = first ?? (await findAdjustment(tx, key));
      if (!standing || !sameAdjustment(standing)) throw new Refusal('idempotencyConflict');
      return { applied: false, entryId: posted.transferId, balanceAfter: posted.balanceAfter, auditId: null };
    }
    const stillOwed = owed?.ok ? await reduceOwed(tx, owed.betId, amount.slice(1)) : undefined;
    const auditId = await recordAudit(tx, actor, {
      action: 'balance.adjust',
      targetType: 'player',
      targetId: player.id,
      siteId: player.siteId,
      reason: input.reason,
      details: {
        account_id: player.accountId,
        amount,
        entry_id: posted.transferId,
        balance_after: posted.balanceAfter,
        idempotency_key: key,
        ...(ticket === undefined ? {} : { sports_ticket: ticket, still_owed: stillOwed }),
      },
    });
    return { applied: true, entryId: posted.transferId, balanceAfter: posted.balanceAfter, auditId };
  });
}

export type OpsStatement = Omit<OpsStatementReply, 'statusCode' | 'message'>;

/** A player's statement with the available and held balance, for an operator. The view is audited. */
export async function playerStatement(
  db: Db,
  actor: Actor,
  input: { site: string; accountId: string; filters: StatementFilters },
): Promise<Outcome<OpsStatement>> {
  const site = await resolveOpsSite(db, actor, input.site);
  if (!site.ok) return site;
  const player = await findPlayer(db, site.value!.id, input.accountId);
  if (!player) return { ok: false, message: 'accountNotFound' };
  const owner = { id: player.id, siteId: player.siteId };
  const [statement, balances] = await Promise.all([readStatement(db, owner, input.filters), readBankingBalances(db, player.id)]);
  await recordAudit(db, actor, {
    action: 'statement.view',
    targetType: 'player',
    targetId: player.id,
    siteId: player.siteId,
    details: { account_id: player.accountId, account: input.filters.account, page: input.filters.page },
  });
  return {
    ok: true,
    value: {
      ...statement,
      currency: site.value!.currency,
      account_id: player.accountId,
      full_name: player.fullName,
      game_balance: balances.balance,
      held_balance: balances.held,
    },
  };
}

/** A receipt image of a site the actor may see. The view is audited. */
export async function operatorReceipt(db: Db, actor: Actor, receiptId: number): Promise<Outcome<ReceiptView & { site: string; account_id: string }>> {
  const found = await readReceipt(db, receiptId, siteScopeCondition(actor, receipts.siteId));
  if (!found) return { ok: false, message: 'notFound' };
  const [owner] = await db
    .select({ accountId: players.accountId, site: sites.externalId })
    .from(players)
    .innerJoin(sites, eq(sites.id, players.siteId))
    .where(eq(players.id, found.playerId))
    .limit(1);
  await recordAudit(db, actor, { action: 'receipt.view', targetType: 'receipt', targetId: receiptId, siteId: found.siteId });
  return { ok: true, value: { ...found, site: owner?.site ?? '', account_id: owner?.accountId ?? '' } };
}
