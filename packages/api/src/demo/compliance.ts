import { eq, sql } from 'drizzle-orm';
import { amlRulesSchema, fromMinorUnits, MINOR_PER_UNIT, type AmlRules } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { siteCompliance, sites } from '../db/schema.js';
import { currencyMoney, seedSites } from './helpers.js';

/** The demo site whose market asks players to be 21 (the others ask 18). */
const AGE_21_SITE = 'casino4';

/** The demo players' date of birth: of age on every demo site. */
export const DEMO_BIRTH_DATE = '1990-01-01';

/**
 * Seed step 0017-compliance (ADR 0040): every demo site's rules in its currency, so the AML queue
 * and verification can be tried: flags on a large deposit or withdrawal (about 50,000 pesos),
 * deposits over about 100,000 pesos in a week, a withdrawal staked through less than 30% of the
 * last deposit, ten deposits under about 100 pesos in a day, shared bank accounts and devices;
 * verification once a player's withdrawals pass about 20,000 pesos, so the demo player withdraws
 * small amounts without documents. One site asks players to be 21. The players seeded before
 * signup asked for a date of birth get one.
 */
export async function seedCompliance(db: Db): Promise<void> {
  for (const site of await seedSites(db)) {
    const money = currencyMoney(site.currency);
    // Two significant digits: thresholds an operator would pick (50,000, not 50,400).
    const about = (usd: number) => {
      const units = money.of(usd) / MINOR_PER_UNIT;
      const step = 10n ** BigInt(Math.max(String(units).length - 2, 0));
      return fromMinorUnits(((units + step / 2n) / step) * step * MINOR_PER_UNIT, { trim: true });
    };
    const aml: AmlRules = amlRulesSchema.parse({
      large_deposit: { above: about(900) },
      large_withdrawal: { above: about(900) },
      period_deposits: { above: about(1_800), period: 'week' },
      low_turnover: { share: '0.3' },
      small_deposits: { below: about(2), count: 10, period: 'day' },
      shared_bank_account: true,
      shared_device: true,
    });
    await db
      .insert(siteCompliance)
      .values({
        siteId: site.id,
        kycBeforeFirstWithdrawal: false,
        kycWithdrawalsAbove: about(360),
        kycLevel: 'identity',
        playerCancelsWithdrawals: true,
        aml,
      })
      .onConflictDoNothing();
    if (site.externalId === AGE_21_SITE) await db.update(sites).set({ minimumAge: 21 }).where(eq(sites.id, site.id));
  }
  await db.execute(sql`update players set birth_date = ${DEMO_BIRTH_DATE}::date where birth_date is null`);
}
