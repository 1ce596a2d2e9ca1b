import { eq } from 'drizzle-orm';
import { compareDecimals, type BankingLimits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { bankingSettings } from '../db/schema.js';

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

/** Whether an amount lies within [min, max], compared exactly (docs/product.md D6: no floats). */
export function checkAmount(amount: string, min: string, max: string): 'amountTooSmall' | 'amountTooLarge' | null {
  if (compareDecimals(amount, min) < 0) return 'amountTooSmall';
  if (compareDecimals(amount, max) > 0) return 'amountTooLarge';
  return null;
}
