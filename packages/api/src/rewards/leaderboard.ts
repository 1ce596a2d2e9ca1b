import { sql } from 'drizzle-orm';
import type { LeaderboardReply } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { maskAccountId } from './mask.js';

export const LEADERBOARD_SIZE = 20;

type Period = LeaderboardReply['period'];
type Metric = LeaderboardReply['metric'];

/** The start of the current UTC day, ISO week (Monday) or month. */
export function periodStart(period: Period, now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'day') return day;
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 60 * 60 * 1000);
}

/**
 * The site's top players of the period from the game ledger: turnover is the amount of the stakes
 * (`bet` entries, the providers' debits), winnings the amount of the wins (`win` entries). Ties go
 * to the player who got there first (the smaller player id). Account ids are masked.
 */
export async function leaderboard(
  db: Db,
  siteId: number,
  period: Period,
  metric: Metric,
  now = new Date(),
): Promise<{ start: Date; rows: LeaderboardReply['value'] }> {
  const start = periodStart(period, now);
  const type = metric === 'turnover' ? 'bet' : 'win';
  const rows = await queryRows<{ account_id: string; total: string }>(
    db,
    sql`select p.account_id, abs(sum(l.amount))::text as total
        from ledger_entries l join players p on p.id = l.player_id and p.site_id = l.site_id
        where l.site_id = ${siteId} and l.account = 'balance' and l.type = ${type} and l.created_at >= ${start.toISOString()}::timestamptz
        group by p.id, p.account_id
        having sum(l.amount) <> 0
        order by abs(sum(l.amount)) desc, p.id
        limit ${LEADERBOARD_SIZE}`,
  );
  return {
    start,
    rows: rows.map((row, index) => ({ rank: index + 1, account_id: maskAccountId(row.account_id), amount: row.total })),
  };
}
