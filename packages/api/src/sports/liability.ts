import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { formatOdds } from '../content/index.js';

/*
 * What the open bets on a match stand to win, per selection (issue 24 §4): an operator's view of
 * the book before a result or a price decision. An accumulator's full potential return counts on
 * each of its open legs, so the figures are an upper bound where accumulators are involved. Sites
 * keep their own currency, so amounts are summed per currency, never across currencies: a
 * selection has one row per currency its open bets are in.
 */

export interface SelectionLiability {
  selection_id: number;
  bet_type: '1X2' | 'HDP' | 'OU';
  home_away: 'home' | 'draw' | 'away' | 'over' | 'under';
  criteria1: string | null;
  odds: string;
  open: boolean;
  bets: number;
  stakes: string;
  potential_return: string;
  /** The currency of the row's amounts; null for a selection without open bets (nothing to add up). */
  currency: string | null;
}

/** The match's status and each selection's liability; null when there is no such match. `siteIds` null: every site. */
export async function matchLiability(db: Db, matchId: number, siteIds: readonly number[] | null): Promise<{ status: 'upcoming' | 'live' | 'finished'; value: SelectionLiability[] } | null> {
  const [match] = await queryRows<{ status: 'upcoming' | 'live' | 'finished' }>(db, sql`select status from matches where id = ${matchId}`);
  if (!match) return null;
  const site = siteIds === null ? sql`` : sql`and b.site_id = any(${`{${siteIds.join(',')}}`}::int[])`;
  const rows = await queryRows<Omit<SelectionLiability, 'criteria1'> & { criteria1: string }>(
    db,
    sql`select o.id as selection_id, o.bet_type, o.home_away, o.criteria1, o.odds::text as odds, o.open,
          count(b.id)::int as bets, coalesce(sum(b.stake), 0)::numeric(20,4)::text as stakes,
          coalesce(sum(b.potential_return), 0)::numeric(20,4)::text as potential_return, s.currency
        from match_odds o
        left join sports_bet_legs l on l.selection_id = o.id and l.result is null
        left join sports_bets b on b.id = l.bet_id and b.status = 'pending' ${site}
        left join sites s on s.id = b.site_id
        where o.match_id = ${matchId}
        group by o.id, s.currency
        order by o.bet_type, o.criteria1, o.home_away, s.currency`,
  );
  return { status: match.status, value: rows.map((row) => ({ ...row, odds: formatOdds(row.odds), criteria1: row.criteria1 === '' ? null : row.criteria1 })) };
}
