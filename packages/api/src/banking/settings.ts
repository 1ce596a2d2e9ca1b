import { eq } from 'drizzle-orm';
import type { BankingLimits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { bankingSettings } from '../db/schema.js';
import { toMinor } from '../rewards/decimal.js';

export type BankingSettingsRow = typeof bankingSettings.$inferSelect;

/** A site's banking settings; null when the operator has not set banking up (its calls answer notFound). */
export async function loadBankingSettings(db: Db, siteId: number): Promise<BankingSettingsRow | null> {
  const [row] = await db.select().from(bankingSettings).where(eq(bankingSettings.siteId, siteId)).limit(1);
  return row ?? null;
}

export function limitsOf(settings: BankingSettingsRow): BankingLimits {
  return {
    min_deposit: settings.minDeposit,
    max_deposit: settings.maxDeposit,
    min_withdrawal: settings.minWithdrawal,
    max_withdrawal: settings.maxWithdrawal,
  };
}

/** Whether an amount lies within [min, max], compared exactly (decisions.md §6: no floats). */
export function checkAmount(amount: string, min: string, max: string): 'amountTooSmall' | 'amountTooLarge' | null {
  const value = toMinor(amount);
  if (value < toMinor(min)) return 'amountTooSmall';
  if (value > toMinor(max)) return 'amountTooLarge';
  return null;
}
