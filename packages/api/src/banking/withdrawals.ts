import { and, eq, isNull, sql } from 'drizzle-orm';
import type { WithdrawalRecord } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { bankAccounts, payments } from '../db/schema.js';
import { kycWithdrawalRefusal, loadSiteCompliance, screenAml, type AmlLog } from '../compliance/index.js';
import { checkAmount, type BankingSettingsRow } from './settings.js';
import { findPayment, listConditions, paymentTotals, selectPayments, withdrawalRecordOf } from './records.js';
import { closeWithdrawal, holdWithdrawal } from './transitions.js';
import { inTransaction, Refusal, type Outcome, type Owner } from './tx.js';
import type { ListFilters } from './deposits.js';

/**
 * Requests a withdrawal to one of the player's live bank accounts: the request row and its hold
 * (balance −amount, held +amount) are one transaction, so a request the balance cannot cover
 * leaves nothing behind (insufficientBalance). Money already held for other pending withdrawals is
 * not in the balance any more, so a player can never ask for more than the available balance.
 * The site's verification rules are checked first (kycRequired, nothing held), and its AML rules
 * flag the request in the same transaction (ADR 0040).
 */
export async function requestWithdrawal(
  db: Db,
  owner: Owner,
  settings: BankingSettingsRow,
  input: { bankAccountId: number; amount: string },
  log?: AmlLog,
): Promise<Outcome<WithdrawalRecord>> {
  const limit = checkAmount(input.amount, settings.minWithdrawal, settings.maxWithdrawal);
  if (limit) return { ok: false, message: limit };
  const [account] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, input.bankAccountId),
        eq(bankAccounts.playerId, owner.id),
        eq(bankAccounts.siteId, owner.siteId),
        isNull(bankAccounts.removedAt),
      ),
    )
    .limit(1);
  if (!account) return { ok: false, message: 'notFound' };
  const rules = await loadSiteCompliance(db, owner.siteId);

  const outcome = await inTransaction(db, async (tx) => {
    // The player's requests one at a time from here, so two cannot both pass under the verification
    // threshold. NO KEY UPDATE, as the limits lock it: rows referring to the player stay writable.
    await tx.execute(sql`select id from players where id = ${owner.id} and site_id = ${owner.siteId} for no key update`);
    const unverified = await kycWithdrawalRefusal(tx, owner.siteId, owner.id, input.amount);
    if (unverified) throw new Refusal('kycRequired', { level: unverified.level, missing: unverified.missing });
    const [inserted] = await tx
      .insert(payments)
      .values({ siteId: owner.siteId, playerId: owner.id, kind: 'withdrawal', amount: input.amount, status: 'pending', bankAccountId: account.id })
      .returning({ id: payments.id });
    const [row] = await tx.update(payments).set({ reference: `WD-${inserted!.id}` }).where(eq(payments.id, inserted!.id)).returning();
    await holdWithdrawal(tx, row!);
    await screenAml(tx, { siteId: owner.siteId, playerId: owner.id }, { kind: 'withdrawal_requested', paymentId: row!.id }, { rules: rules.aml, log });
    return row!.id;
  });
  if (!outcome.ok) return outcome;
  const view = await findPayment(db, outcome.value, eq(payments.playerId, owner.id));
  return { ok: true, value: withdrawalRecordOf(view!, rules.player_cancels_withdrawals) };
}

/**
 * The player cancels one of its pending withdrawals: the held amount returns to the balance.
 * Refused (withdrawalNotCancellable) on a site whose market forbids reversing a withdrawal (ADR 0040).
 */
export async function cancelWithdrawal(db: Db, owner: Owner, id: number): Promise<Outcome<WithdrawalRecord>> {
  const mine = and(eq(payments.playerId, owner.id), eq(payments.siteId, owner.siteId));
  const { player_cancels_withdrawals: playerCancels } = await loadSiteCompliance(db, owner.siteId);
  if (!playerCancels) {
    const known = await findPayment(db, id, and(mine, eq(payments.kind, 'withdrawal')));
    return { ok: false, message: known ? 'withdrawalNotCancellable' : 'notFound' };
  }
  const outcome = await inTransaction(db, (tx) => closeWithdrawal(tx, id, mine, 'cancelled', { by: 'player', reason: '' }));
  if (!outcome.ok) return outcome;
  const view = await findPayment(db, id, mine);
  return { ok: true, value: withdrawalRecordOf(view!, playerCancels) };
}

/** One page of the player's withdrawals, newest first, how many match and the sum of their amounts. */
export async function listWithdrawals(
  db: Db,
  owner: Owner,
  filters: ListFilters,
): Promise<{ value: WithdrawalRecord[]; total: number; totals: { count: number; amount: string } }> {
  const where = and(eq(payments.playerId, owner.id), eq(payments.siteId, owner.siteId), eq(payments.kind, 'withdrawal'), ...listConditions(filters));
  const [rows, totals, rules] = await Promise.all([selectPayments(db, where, 'newest', filters), paymentTotals(db, where), loadSiteCompliance(db, owner.siteId)]);
  return { value: rows.map((row) => withdrawalRecordOf(row, rules.player_cancels_withdrawals)), total: totals.count, totals };
}
