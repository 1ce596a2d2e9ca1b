import { sql, type SQL } from 'drizzle-orm';
import type { BetLeg, PlacedBet } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { formatOdds, teamNamesByLanguage } from '../content/index.js';
import { cashOutOffer, type SelectionResult } from './outcomes.js';

/** Whose bet: a player of a site (every read and write of a bet is scoped to both). */
export interface BetOwner {
  siteId: number;
  playerId: number;
}

/** A leg as `legsOf` reads it: the leg, its match now, and its selection's price now if it takes bets now. */
export interface LegRow {
  selection_id: number;
  match_id: number;
  sport: string;
  league: string;
  match_start: string;
  home_team_name: string;
  away_team_name: string;
  local_names: Record<string, { home?: string; away?: string }> | null;
  bet_type: BetLeg['bet_type'];
  home_away: BetLeg['home_away'];
  criteria1: string;
  odds: string | number;
  result: SelectionResult | null;
  match_status: BetLeg['match_status'];
  home_score: number | null;
  away_score: number | null;
  minute: number | null;
  current_odds: string | number | null;
}

/**
 * The legs of the bet `bet` (an SQL expression of its id) as one JSON array in leg order, each with
 * its match now and the price now of its selection when that takes bets now.
 */
export function legsOf(bet: SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object(
      'selection_id', l.selection_id, 'match_id', l.match_id, 'sport', l.sport, 'league', l.league, 'match_start', l.match_start,
      'home_team_name', l.home_team_name, 'away_team_name', l.away_team_name, 'local_names', l.local_names, 'bet_type', l.bet_type, 'home_away', l.home_away,
      'criteria1', l.criteria1, 'odds', l.odds::text, 'result', l.result,
      'match_status', m.status, 'home_score', m.home_score, 'away_score', m.away_score, 'minute', m.minute,
      'current_odds', case when o.open and not m.suspended and not m.held and m.status <> 'finished' and m.resulted_at is null then o.odds::text end
    ) order by l.leg_index)
    from sports_bet_legs l join matches m on m.id = l.match_id join match_odds o on o.id = l.selection_id
    where l.bet_id = ${bet}), '[]'::json)`;
}

/** Thousandths-exact odds shown with at least two decimals; an accumulator's product keeps its digits. */
const oddsText = (value: string | number) => formatOdds(String(value));

export function legView(leg: LegRow): BetLeg {
  return {
    selection_id: leg.selection_id,
    match_id: leg.match_id,
    sport: leg.sport,
    league: leg.league,
    match_start: new Date(leg.match_start).toISOString(),
    home_team_name: leg.home_team_name,
    away_team_name: leg.away_team_name,
    ...teamNamesByLanguage(leg.local_names, leg.home_team_name, leg.away_team_name),
    bet_type: leg.bet_type,
    home_away: leg.home_away,
    criteria1: leg.criteria1 === '' ? null : leg.criteria1,
    odds: oddsText(leg.odds),
    result: leg.result,
    match_status: leg.match_status,
    home_score: leg.home_score,
    away_score: leg.away_score,
    minute: leg.minute,
  };
}

/** The cash-out offer now of a bet with these legs; null when it is not open or has none (ADR 0035). */
export function cashOutOf(bet: { status: string; stake: string }, legs: LegRow[], margin: string): string | null {
  if (bet.status !== 'pending' || legs.length === 0) return null;
  const offer = cashOutOffer(
    bet.stake,
    legs.map((leg) => ({ odds: String(leg.odds), result: leg.result, currentOdds: leg.current_odds === null ? null : String(leg.current_odds) })),
    margin,
  );
  return offer !== null && /[1-9]/.test(offer) ? offer : null;
}

interface BetRow {
  id: number;
  ticket: string;
  kind: 'single' | 'accumulator';
  status: PlacedBet['status'];
  stake: string;
  odds: string;
  potential_return: string | null;
  in_play: boolean;
  placed_at: Date | string;
  legs: LegRow[];
}

/** One of the player's bets with its legs, by id or by the betslip's id; null when it is not theirs. */
export async function readPlacedBet(db: Db, owner: BetOwner, by: { id: number } | { clientBetId: string }): Promise<PlacedBet | null> {
  const where = 'id' in by ? sql`b.id = ${by.id}` : sql`b.client_bet_id = ${by.clientBetId}`;
  const [row] = await queryRows<BetRow>(
    db,
    sql`select b.id, b.ticket, b.kind, b.status, b.stake::text as stake, b.odds::text as odds, b.potential_return::text as potential_return,
          b.in_play, b.placed_at, ${legsOf(sql`b.id`)} as legs
        from sports_bets b
        where b.site_id = ${owner.siteId} and b.player_id = ${owner.playerId} and ${where}`,
  );
  if (!row) return null;
  return {
    bet_id: `s:${row.id}`,
    ticket: row.ticket,
    kind: row.kind,
    status: row.status,
    stake: row.stake,
    odds: oddsText(row.odds),
    potential_return: row.potential_return ?? '0',
    in_play: row.in_play,
    placed_at: new Date(row.placed_at).toISOString(),
    legs: row.legs.map(legView),
  };
}
