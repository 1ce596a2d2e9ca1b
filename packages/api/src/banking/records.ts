import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DepositRecord, OpsPayment, PaymentPlayerChecks, PaymentStatus, WithdrawalRecord } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { bankAccounts, banks, depositMethods, payments, players, receivingAccounts, sites } from '../db/schema.js';

/*
 * Deposits and withdrawals as the calls answer them: one select joins what a row names (the
 * method and the operator's account of a deposit, the payee account of a withdrawal, the player
 * and site for operators), so every reply is built the same way.
 */

const receivingBank = alias(banks, 'receiving_bank');
const payeeBank = alias(banks, 'payee_bank');

const columns = {
  payment: payments,
  accountId: players.accountId,
  fullName: players.fullName,
  site: sites.externalId,
  currency: sites.currency,
  methodName: depositMethods.name,
  receiving: {
    id: receivingAccounts.id,
    accountName: receivingAccounts.accountName,
    accountNumber: receivingAccounts.accountNumber,
    bankCode: receivingBank.code,
    bankName: receivingBank.name,
  },
  payee: {
    id: bankAccounts.id,
    accountName: bankAccounts.accountName,
    accountNumber: bankAccounts.accountNumber,
    bankName: payeeBank.name,
  },
};

export type PaymentView = Awaited<ReturnType<typeof selectPayments>>[number];

/** Payments with what they name, filtered by `where`, in `order`, a page at a time when asked. */
export function selectPayments(db: Db, where: SQL | undefined, order: 'newest' | 'oldest' = 'newest', pageOf?: { page: number; pageSize: number }) {
  const query = db
    .select(columns)
    .from(payments)
    .innerJoin(players, eq(players.id, payments.playerId))
    .innerJoin(sites, eq(sites.id, payments.siteId))
    .leftJoin(depositMethods, eq(depositMethods.id, payments.methodId))
    .leftJoin(receivingAccounts, eq(receivingAccounts.id, payments.receivingAccountId))
    .leftJoin(receivingBank, eq(receivingBank.id, receivingAccounts.bankId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, payments.bankAccountId))
    .leftJoin(payeeBank, eq(payeeBank.id, bankAccounts.bankId))
    .where(where)
    .orderBy(...(order === 'newest' ? [desc(payments.createdAt), desc(payments.id)] : [asc(payments.createdAt), asc(payments.id)]))
    .$dynamic();
  return pageOf ? query.limit(pageOf.pageSize).offset((pageOf.page - 1) * pageOf.pageSize) : query;
}

export async function countPayments(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(payments).where(where);
  return row?.total ?? 0;
}

/** How many payments match `where` and the exact sum of their amounts (every page, not only one). */
export async function paymentTotals(db: Db, where: SQL | undefined): Promise<{ count: number; amount: string }> {
  const [row] = await db
    .select({ count: count(), amount: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(20,4)::text` })
    .from(payments)
    .where(where);
  return { count: row?.count ?? 0, amount: row?.amount ?? '0.0000' };
}

/** One payment by id within `scope` (its kind, and a player's or a site's when given). */
export async function findPayment(db: Db, id: number, scope: SQL | undefined): Promise<PaymentView | undefined> {
  const [row] = await selectPayments(db, and(eq(payments.id, id), scope));
  return row;
}

/** The list filters of the player's deposits and withdrawals. */
export function listConditions(filters: { status?: PaymentStatus | undefined; from?: string | undefined; to?: string | undefined }): (SQL | undefined)[] {
  return [
    filters.status ? eq(payments.status, filters.status) : undefined,
    filters.from ? gte(payments.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lt(payments.createdAt, new Date(filters.to)) : undefined,
  ];
}

function common(view: PaymentView) {
  const row = view.payment;
  return {
    reference: row.reference,
    amount: row.amount,
    currency: view.currency,
    status: row.status,
    // The player sees an operator's reason of a rejection only; cancellations and approvals say nothing.
    reason: row.status === 'rejected' ? row.decisionReason : '',
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

function receivingOf(view: PaymentView) {
  const account = view.receiving;
  return account && account.id !== null
    ? {
        receiving_account_id: account.id,
        bank_code: account.bankCode ?? '',
        bank_name: account.bankName ?? '',
        account_name: account.accountName ?? '',
        account_number: account.accountNumber ?? '',
      }
    : null;
}

export function depositRecordOf(view: PaymentView): DepositRecord {
  const row = view.payment;
  return {
    deposit_id: row.id,
    ...common(view),
    method_id: row.methodId,
    method_name: view.methodName,
    receiving_account: receivingOf(view),
    transfer_reference: row.transferReference,
    receipt_id: row.receiptId,
    promotion_id: row.promotionId,
  };
}

/** `playerCancels`: the site lets players cancel their pending withdrawals (ADR 0040). */
export function withdrawalRecordOf(view: PaymentView, playerCancels: boolean): WithdrawalRecord {
  const payee = view.payee;
  return {
    withdrawal_id: view.payment.id,
    ...common(view),
    bank_account:
      payee && payee.id !== null
        ? { bank_account_id: payee.id, bank_name: payee.bankName ?? '', account_name: payee.accountName ?? '', account_number: payee.accountNumber ?? '' }
        : null,
    cancellable: playerCancels && view.payment.status === 'pending',
  };
}

/** A payment as an operator sees it: the player, the site, who decided and every detail. */
/** A payment as operators see it, with what the checks of its player found (paymentPlayerChecks). */
export function opsPaymentOf(view: PaymentView, checks: PaymentPlayerChecks): OpsPayment {
  const row = view.payment;
  const payee = view.payee;
  return {
    payment_id: row.id,
    kind: row.kind,
    site: view.site,
    account_id: view.accountId,
    full_name: view.fullName,
    ...common(view),
    reason: row.decisionReason,
    decided_by: row.decidedBy,
    method_name: view.methodName,
    receiving_account: receivingOf(view),
    transfer_reference: row.transferReference,
    receipt_id: row.receiptId,
    promotion_id: row.promotionId,
    bank_account:
      payee && payee.id !== null ? { bank_name: payee.bankName ?? '', account_name: payee.accountName ?? '', account_number: payee.accountNumber ?? '' } : null,
    player_checks: checks,
  };
}
