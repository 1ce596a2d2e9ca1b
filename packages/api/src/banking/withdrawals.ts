import { and, eq, isNull } from 'drizzle-orm';
import type { WithdrawalRecord } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { bankAccounts, payments } from '../db/schema.js';
import { checkAmount, type BankingSettingsRow } from './settings.js';
import { findPayment, listConditions, paymentTotals, selectPayments, withdrawalRecordOf } from './records.js';
import { closeWithdrawal, holdWithdrawal } from './transitions.js';
import { inTransaction, type Outcome, type Owner } from './tx.js';
import type { ListFilters } from './deposits.js';

/**
 * Requests a withdrawal to one of the player's live bank accounts: the request row and its hold
 * (balance −amount, held +amount) are one transaction, so a request the balance cannot cover
 * leaves nothing behind (insufficientBalance). Money already held for other pending withdrawals is
 * not in the balance any more, so a player can never ask for more than the available balance.
 */
export async function requestWithdrawal(
  db: Db,
  owner: Owner,
  settings: BankingSettingsRow,
  input: { bankAccountId: number; amount: string },
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

  const outcome = await inTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(payments)
      .values({ siteId: owner.siteId, playerId: owner.id, kind: 'withdrawal', amount: input.amount, status: 'pending', bankAccountId: account.id })
      .returning({ id: payments.id });
    const [row] = await tx.update(payments).set({ reference: `WD-${inserted!.id}` }).where(eq(payments.id, inserted!.id)).returning();
    await holdWithdrawal(tx, row!);
    return row!.id;
  });
  if (!outcome.ok) return outcome;
  const view = await findPayment(db, outcome.value, eq(payments.playerId, owner.id));
  return { ok: true, value: withdrawalRecordOf(view!) };
}

/** The player cancels one of its pending withdrawals: the held amount returns to the balance. */
export async function cancelWithdrawal(db: Db, owner: Owner, id: number): Promise<Outcome<WithdrawalRecord>> {
  const mine = and(eq(payments.playerId, owner.id), eq(payments.siteId, owner.siteId));
  const outcome = await inTransaction(db, (tx) => closeWithdrawal(tx, id, mine, 'cancelled', { by: 'player', reason: '' }));
  if (!outcome.ok) return outcome;
  const view = await findPayment(db, id, mine);
  return { ok: true, value: withdrawalRecordOf(view!) };
}

/** One page of the player's withdrawals, newest first, how many match and the sum of their amounts. */
export async function listWithdrawals(
  db: Db,
  owner: Owner,
  filters: ListFilters,
): Promise<{ value: WithdrawalRecord[]; total: number; totals: { count: number; amount: string } }> {
  const where = and(eq(payments.playerId, owner.id), eq(payments.siteId, owner.siteId), eq(payments.kind, 'withdrawal'), ...listConditions(filters));
  const [rows, totals] = await Promise.all([selectPayments(db, where, 'newest', filters), paymentTotals(db, where)]);
  return { value: rows.map(withdrawalRecordOf), total: totals.count, totals };
}
