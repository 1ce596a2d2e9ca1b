import { and, desc, eq, sql } from 'drizzle-orm';
import { REFERRAL_LATEST_SIZE, type ReferralInfoReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { players } from '../db/schema.js';
import type { PlayerRow } from '../accounts/index.js';
import { maskAccountId } from './mask.js';

/**
 * A player's referral standing: the own code, how many players signed up with it and the latest of
 * them. Both queries are scoped to the player's site as well as to referred_by, so a row of another
 * site can never count, even if ids were ever shared across sites. referred_by is indexed.
 */
export async function referralInfo(db: Db, player: Pick<PlayerRow, 'id' | 'siteId' | 'referralCode'>): Promise<Omit<ReferralInfoReply, 'statusCode' | 'message'>> {
  const joinedWith = and(eq(players.siteId, player.siteId), eq(players.referredBy, player.id));
  const [[count], latest] = await Promise.all([
    db.select({ value: sql<number>`count(*)::int` }).from(players).where(joinedWith),
    db
      .select({ accountId: players.accountId, createdAt: players.createdAt })
      .from(players)
      .where(joinedWith)
      .orderBy(desc(players.createdAt), desc(players.id))
      .limit(REFERRAL_LATEST_SIZE),
  ]);
  return {
    referral_code: player.referralCode,
    joined_count: count?.value ?? 0,
    // Other players' ids are masked as on the public tickers: the referrer sees who joined, not their account.
    latest: latest.map((row) => ({ account_id: maskAccountId(row.accountId), joined_at: row.createdAt.toISOString() })),
  };
}
