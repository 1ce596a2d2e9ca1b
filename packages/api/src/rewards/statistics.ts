import { sql } from 'drizzle-orm';
import type { SiteStatistics } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';

interface StatisticsRow {
  withrawal: string;
  winner: number;
  hour_withdrawal: string;
  registered_player: number;
  active_player: number;
  deposited_player: number;
}

/**
 * The site's player statistics (docs/product.md §3; meanings in the contract's siteStatistics), computed by
 * PostgreSQL from the site's own rows in one statement:
 * - withrawal, winner: approved withdrawals since the site opened (sum, distinct players);
 * - hour_withdrawal: sum of the withdrawals approved in the last 24 hours;
 * - registered_player: player accounts of the site, whatever their status;
 * - active_player: players who logged in (players.last_login_at) or used a session
 *   (sessions.last_seen_at) in the last 24 hours;
 * - deposited_player: players with at least one approved deposit.
 * Money sums are exact decimals (numeric), answered as strings with four decimals.
 */
export async function siteStatistics(db: Db, siteId: number, now = new Date()): Promise<SiteStatistics> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const [row] = await queryRows<StatisticsRow>(
    db,
    sql`
      with approved as (
        select player_id, kind, amount, decided_at
        from payments
        where site_id = ${siteId} and status = 'approved'
      )
      select
        (select coalesce(sum(amount), 0)::numeric(20, 4)::text from approved where kind = 'withdrawal') as withrawal,
        (select count(distinct player_id)::int from approved where kind = 'withdrawal') as winner,
        (select coalesce(sum(amount), 0)::numeric(20, 4)::text from approved
          where kind = 'withdrawal' and decided_at >= ${dayAgo}::timestamptz) as hour_withdrawal,
        (select count(*)::int from players where site_id = ${siteId}) as registered_player,
        (select count(*)::int from players p
          where p.site_id = ${siteId}
            and (p.last_login_at >= ${dayAgo}::timestamptz
              or exists (select 1 from sessions s where s.player_id = p.id and s.site_id = ${siteId}
                           and s.last_seen_at >= ${dayAgo}::timestamptz))) as active_player,
        (select count(distinct player_id)::int from approved where kind = 'deposit') as deposited_player`,
  );
  if (!row) throw new Error('statistics query answered no row');
  return {
    withrawal: row.withrawal,
    winner: Number(row.winner),
    hour_withdrawal: row.hour_withdrawal,
    registered_player: Number(row.registered_player),
    active_player: Number(row.active_player),
    deposited_player: Number(row.deposited_player),
  };
}
