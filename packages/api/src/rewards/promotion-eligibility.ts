import { sql } from 'drizzle-orm';
import { isAtLeast } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';

/** The rules of a promotion that decide who may take it (issue 21 §7, ADR 0022). */
export interface PromotionRules {
  id: number;
  category: string;
  startAt: Date;
  endAt: Date | null;
  minDeposit: string | null;
}

interface Taker {
  id: number;
  siteId: number;
}

export type EligibilityProblem = 'notClaimable' | 'alreadyClaimed';

/**
 * Why the player may not take the promotion, or null, checked on the server whatever the page
 * showed. Call it in the transaction that records the entry: a welcome offer takes a lock on the
 * player's phone number, so two accounts of one phone cannot both pass at once.
 *
 * - A deposit promotion joined by itself (promotions/join) needs a qualifying deposit: approved,
 *   made while the promotion runs, of at least its minimum.
 * - A deposit that names a promotion (`deposit`) must itself meet the promotion's minimum.
 * - A welcome offer is once per player (promotion_entries' key) and once per phone number: another
 *   account of the same site with the same phone that took it makes it alreadyClaimed.
 */
export async function eligibilityProblem(
  tx: Db,
  taker: Taker,
  promotion: PromotionRules,
  deposit?: { amount: string },
): Promise<EligibilityProblem | null> {
  const minimum = promotion.minDeposit ?? '0';
  if (deposit) {
    // Exact: both are decimals of at most 4 places (amountInput, numeric(20,4)).
    if (!isAtLeast(deposit.amount, minimum)) return 'notClaimable';
  } else if (promotion.category === 'deposit') {
    const qualifying = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from payments
          where player_id = ${taker.id} and site_id = ${taker.siteId} and kind = 'deposit' and status = 'approved'
            and amount >= ${minimum}::numeric and created_at >= ${promotion.startAt.toISOString()}::timestamptz
            and (${promotion.endAt?.toISOString() ?? null}::timestamptz is null or created_at < ${promotion.endAt?.toISOString() ?? null}::timestamptz)
          limit 1`,
    );
    if (qualifying.length === 0) return 'notClaimable';
  }
  if (promotion.category === 'welcome') {
    const [phone] = await queryRows<{ phone: string | null }>(tx, sql`select contact_phone as phone from players where id = ${taker.id}`);
    if (phone?.phone) {
      await tx.execute(sql`select pg_advisory_xact_lock(${taker.siteId}, hashtext(${`welcome:${promotion.id}:${phone.phone}`}))`);
      const taken = await queryRows<{ one: number }>(
        tx,
        sql`select 1 as one from promotion_entries e join players p on p.id = e.player_id
            where e.promotion_id = ${promotion.id} and e.site_id = ${taker.siteId} and p.site_id = ${taker.siteId}
              and p.contact_phone = ${phone.phone} and p.id <> ${taker.id}
            limit 1`,
      );
      if (taken.length > 0) return 'alreadyClaimed';
    }
  }
  return null;
}
