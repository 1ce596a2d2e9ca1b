import { eq, sql } from 'drizzle-orm';
import { amlRulesSchema, DEFAULT_MINIMUM_AGE, fromMinorUnits, siteComplianceSchema, toMinorUnits, type AmlRules, type SiteCompliance } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { siteCompliance, sites } from '../db/schema.js';

/*
 * A site's age, identity and anti-money-laundering rules (issue 25 §4 and §5, ADR 0040). A site
 * without a row has the defaults, so a new site asks nothing more than before until its operator
 * sets rules.
 */

/** The rules of a site that set none: 18, no verification asked, players cancel their withdrawals. */
export function defaultSiteCompliance(): SiteCompliance {
  return {
    minimum_age: DEFAULT_MINIMUM_AGE,
    kyc_before_first_withdrawal: false,
    kyc_withdrawals_above: null,
    kyc_level: 'identity',
    player_cancels_withdrawals: true,
    aml: amlRulesSchema.parse({}),
  };
}

/** An amount as the operator wrote it ("500", not the column's "500.0000"). */
const trimmed = (amount: string | null): string | null => (amount === null ? null : fromMinorUnits(toMinorUnits(amount), { trim: true }));

export async function loadSiteCompliance(db: Db, siteId: number): Promise<SiteCompliance> {
  // The minimum age is the site row's (every page shows it); the other rules are site_compliance's.
  const [found] = await db
    .select({ minimumAge: sites.minimumAge, rules: siteCompliance })
    .from(sites)
    .leftJoin(siteCompliance, eq(siteCompliance.siteId, sites.id))
    .where(eq(sites.id, siteId))
    .limit(1);
  const row = found?.rules;
  if (!row) return { ...defaultSiteCompliance(), minimum_age: found?.minimumAge ?? DEFAULT_MINIMUM_AGE };
  return {
    minimum_age: found.minimumAge,
    kyc_before_first_withdrawal: row.kycBeforeFirstWithdrawal,
    kyc_withdrawals_above: trimmed(row.kycWithdrawalsAbove),
    kyc_level: row.kycLevel,
    player_cancels_withdrawals: row.playerCancelsWithdrawals,
    // Parsed again: rules added to the schema later read with their defaults.
    aml: amlRulesSchema.parse(row.aml),
  };
}

/** What an operator changes: any of the rules, and some of the AML rules (the others stay). */
export type SiteComplianceChange = Partial<Omit<SiteCompliance, 'aml'>> & { aml?: Partial<AmlRules> | undefined };

/**
 * Applies a change to the site's rules (in the caller's transaction) and answers the rules now in
 * force. The merged rules are validated whole with the contracts' schema, so the row always holds
 * rules the site could have been given at once.
 */
export async function saveSiteCompliance(tx: Db, siteId: number, change: SiteComplianceChange): Promise<SiteCompliance> {
  // Two changes at once take turns, so neither's rules are lost (a row may not exist yet to lock).
  await tx.execute(sql`select id from sites where id = ${siteId} for no key update`);
  const current = await loadSiteCompliance(tx, siteId);
  const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
  const { aml, ...rest } = change;
  const next = siteComplianceSchema.parse({ ...current, ...defined(rest), aml: { ...current.aml, ...defined(aml ?? {}) } });
  await tx.update(sites).set({ minimumAge: next.minimum_age }).where(eq(sites.id, siteId));
  const values = {
    kycBeforeFirstWithdrawal: next.kyc_before_first_withdrawal,
    kycWithdrawalsAbove: next.kyc_withdrawals_above,
    kycLevel: next.kyc_level,
    playerCancelsWithdrawals: next.player_cancels_withdrawals,
    aml: next.aml,
  };
  await tx
    .insert(siteCompliance)
    .values({ siteId, ...values })
    .onConflictDoUpdate({ target: siteCompliance.siteId, set: { ...values, updatedAt: new Date() } });
  return { ...next, kyc_withdrawals_above: trimmed(next.kyc_withdrawals_above) };
}
