import { depositLimitRefusal } from '../responsible/index.js';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { DepositMethod, DepositRecord, LocaleCode, PaymentStatus } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { banks, depositMethods, payments, promotionEntries, promotionTexts, promotions, receipts, receivingAccounts } from '../db/schema.js';
import { checkAmount, type BankingSettingsRow } from './settings.js';
import { depositRecordOf, findPayment, listConditions, paymentTotals, selectPayments } from './records.js';
import { closeDeposit } from './transitions.js';
import { inTransaction, lockPlayer, Refusal, type Outcome, type Owner } from './tx.js';
import { eligibilityProblem } from '../rewards/index.js';
import { screenAml, type AmlLog } from '../compliance/index.js';

/** Promotion categories a deposit may join. */
const DEPOSIT_CATEGORIES = ['welcome', 'deposit'] as const;

/** The site's active deposit methods, each with its active receiving accounts, in display order. */
export async function listDepositMethods(db: Db, siteId: number): Promise<DepositMethod[]> {
  const [methods, accounts] = await Promise.all([
    db
      .select()
      .from(depositMethods)
      .where(and(eq(depositMethods.siteId, siteId), eq(depositMethods.active, true)))
      .orderBy(asc(depositMethods.sort), asc(depositMethods.id)),
    db
      .select({
        id: receivingAccounts.id,
        methodId: receivingAccounts.methodId,
        accountName: receivingAccounts.accountName,
        accountNumber: receivingAccounts.accountNumber,
        bankCode: banks.code,
        bankName: banks.name,
      })
      .from(receivingAccounts)
      .innerJoin(banks, eq(banks.id, receivingAccounts.bankId))
      .where(and(eq(receivingAccounts.siteId, siteId), eq(receivingAccounts.active, true)))
      .orderBy(asc(receivingAccounts.sort), asc(receivingAccounts.id)),
  ]);
  return methods
    .map((method) => ({
      method_id: method.id,
      kind: method.kind,
      name: method.name,
      instructions: method.instructions,
      receiving_accounts: accounts
        .filter((account) => account.methodId === method.id)
        .map((account) => ({
          receiving_account_id: account.id,
          bank_code: account.bankCode,
          bank_name: account.bankName,
          account_name: account.accountName,
          account_number: account.accountNumber,
        })),
    }))
    .filter((method) => method.receiving_accounts.length > 0);
}

/** Running deposit promotions (welcome or deposit, with something to join) the player has not joined yet. */
function eligiblePromotions(owner: Owner, now: Date) {
  return and(
    eq(promotions.siteId, owner.siteId),
    eq(promotions.kind, 'promotion'),
    eq(promotions.active, true),
    ne(promotions.claimType, 'none'),
    inArray(promotions.category, [...DEPOSIT_CATEGORIES]),
    lte(promotions.startAt, now),
    or(isNull(promotions.endAt), gt(promotions.endAt, now)),
  );
}

function notJoinedBy(db: Db, owner: Owner) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(promotionEntries)
      .where(and(eq(promotionEntries.promotionId, promotions.id), eq(promotionEntries.playerId, owner.id))),
  );
}

export async function depositPromotions(db: Db, owner: Owner, language: LocaleCode | undefined, now = new Date()) {
  const rows = await db
    .select({ id: promotions.id, rewardAmount: promotions.rewardAmount, rewardType: promotions.rewardType })
    .from(promotions)
    .where(and(eligiblePromotions(owner, now), notJoinedBy(db, owner)))
    .orderBy(desc(promotions.startAt), desc(promotions.id));
  if (rows.length === 0) return [];
  const texts = await db
    .select({ promotionId: promotionTexts.promotionId, locale: promotionTexts.locale, title: promotionTexts.title })
    .from(promotionTexts)
    .where(and(inArray(promotionTexts.promotionId, rows.map((row) => row.id)), inArray(promotionTexts.locale, [...new Set(['EN', language ?? 'EN'])])));
  const titleOf = (id: number) =>
    (texts.find((text) => text.promotionId === id && text.locale === language) ?? texts.find((text) => text.promotionId === id && text.locale === 'EN'))?.title ?? '';
  return rows.map((row) => ({ promotion_id: row.id, title: titleOf(row.id), reward_amount: row.rewardAmount, reward_type: row.rewardType }));
}

export interface DepositInput {
  methodId: number;
  receivingAccountId: number;
  amount: string;
  transferReference: string;
  receiptId: number | undefined;
  promotionId: number | undefined;
}

/**
 * Records a pending deposit after checking it against the site's settings: the amount within the
 * limits, a method and receiving account of the site, the player's own unused receipt, a running
 * deposit promotion not joined yet, and no more pending deposits than the site allows (counted
 * under the player's row lock, so concurrent requests cannot slip past it). Nothing is credited
 * until an operator approves. The site's AML rules on deposits within a period see the request in
 * its transaction (ADR 0040).
 */
export async function requestDeposit(db: Db, owner: Owner, settings: BankingSettingsRow, input: DepositInput, log?: AmlLog): Promise<Outcome<DepositRecord>> {
  const limit = checkAmount(input.amount, settings.minDeposit, settings.maxDeposit);
  if (limit) return { ok: false, message: limit };
  const [account] = await db
    .select({ id: receivingAccounts.id })
    .from(receivingAccounts)
    .innerJoin(depositMethods, eq(depositMethods.id, receivingAccounts.methodId))
    .where(
      and(
        eq(receivingAccounts.id, input.receivingAccountId),
        eq(receivingAccounts.methodId, input.methodId),
        eq(receivingAccounts.siteId, owner.siteId),
        eq(receivingAccounts.active, true),
        eq(depositMethods.active, true),
      ),
    )
    .limit(1);
  if (!account) return { ok: false, message: 'notFound' };
  if (input.promotionId !== undefined) {
    const problem = await promotionProblem(db, owner, input.promotionId, input.amount);
    if (problem) return { ok: false, message: problem };
  }

  let outcome: Outcome<number>;
  try {
    outcome = await inTransaction(db, async (tx) => {
      await lockPlayer(tx, owner);
      if (input.receiptId !== undefined) {
        const [receipt] = await tx
          .select({ id: receipts.id })
          .from(receipts)
          .where(and(eq(receipts.id, input.receiptId), eq(receipts.playerId, owner.id), eq(receipts.siteId, owner.siteId)))
          .limit(1);
        if (!receipt) throw new Refusal('notFound');
        const [used] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.receiptId, receipt.id)).limit(1);
        if (used) throw new Refusal('receiptInUse');
      }
      const [{ pending } = { pending: 0 }] = await tx
        .select({ pending: count() })
        .from(payments)
        .where(and(eq(payments.playerId, owner.id), eq(payments.kind, 'deposit'), eq(payments.status, 'pending')));
      if (pending >= settings.maxPendingDeposits) throw new Refusal('tooManyRequests');
      // The player's deposit limits (issue 25 §2), counted under the same lock.
      const overLimit = await depositLimitRefusal(tx, owner.id, input.amount);
      if (overLimit) throw new Refusal('limitExceeded', { kind: overLimit.kind, period: overLimit.period, left: overLimit.left });
      const [row] = await tx
        .insert(payments)
        .values({
          siteId: owner.siteId,
          playerId: owner.id,
          kind: 'deposit',
          amount: input.amount,
          status: 'pending',
          methodId: input.methodId,
          receivingAccountId: account.id,
          transferReference: input.transferReference,
          receiptId: input.receiptId ?? null,
          promotionId: input.promotionId ?? null,
        })
        .returning({ id: payments.id });
      await tx.update(payments).set({ reference: `DP-${row!.id}` }).where(eq(payments.id, row!.id));
      await screenAml(tx, { siteId: owner.siteId, playerId: owner.id }, { kind: 'deposit_requested', paymentId: row!.id }, { log });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payments_receipt_key')) return { ok: false, message: 'receiptInUse' };
    throw error;
  }
  if (!outcome.ok) return outcome;
  const view = await findPayment(db, outcome.value, eq(payments.playerId, owner.id));
  return { ok: true, value: depositRecordOf(view!) };
}

/**
 * Why a promotion cannot go with a deposit: unknown on this site, not a running deposit promotion,
 * joined already, or against its own rules (the deposit under its minimum, a welcome offer taken
 * by another account of the player's phone). Approval checks the rules again (transitions.ts).
 */
async function promotionProblem(db: Db, owner: Owner, id: number, amount: string, now = new Date()): Promise<'notFound' | 'notClaimable' | 'alreadyClaimed' | null> {
  const [known] = await db.select().from(promotions).where(and(eq(promotions.id, id), eq(promotions.siteId, owner.siteId))).limit(1);
  if (!known) return 'notFound';
  const [eligible] = await db.select({ id: promotions.id }).from(promotions).where(and(eq(promotions.id, id), eligiblePromotions(owner, now))).limit(1);
  if (!eligible) return 'notClaimable';
  const [joined] = await db
    .select({ id: promotionEntries.promotionId })
    .from(promotionEntries)
    .where(and(eq(promotionEntries.promotionId, id), eq(promotionEntries.playerId, owner.id)))
    .limit(1);
  if (joined) return 'alreadyClaimed';
  return db.transaction((trx) => eligibilityProblem(trx as unknown as Db, owner, known, { amount }));
}

/** The player cancels one of its pending deposits. */
export async function cancelDeposit(db: Db, owner: Owner, id: number): Promise<Outcome<DepositRecord>> {
  const mine = and(eq(payments.playerId, owner.id), eq(payments.siteId, owner.siteId));
  const outcome = await inTransaction(db, (tx) => closeDeposit(tx, id, mine, 'cancelled', { by: 'player', reason: '' }));
  if (!outcome.ok) return outcome;
  const view = await findPayment(db, id, mine);
  return { ok: true, value: depositRecordOf(view!) };
}

export interface ListFilters {
  status?: PaymentStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

/** One page of the player's deposits, newest first, how many match and the sum of their amounts. */
export async function listDeposits(
  db: Db,
  owner: Owner,
  filters: ListFilters,
): Promise<{ value: DepositRecord[]; total: number; totals: { count: number; amount: string } }> {
  const where = and(eq(payments.playerId, owner.id), eq(payments.siteId, owner.siteId), eq(payments.kind, 'deposit'), ...listConditions(filters));
  const [rows, totals] = await Promise.all([selectPayments(db, where, 'newest', filters), paymentTotals(db, where)]);
  return { value: rows.map(depositRecordOf), total: totals.count, totals };
}
