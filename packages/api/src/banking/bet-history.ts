import { sql, type SQL } from 'drizzle-orm';
import { BET_SIDES, BET_TYPES, GAME_CATEGORIES, type BetHistoryReply, type BetRecord } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { formatOdds, teamNamesByLanguage } from '../content/index.js';
import type { Owner } from './tx.js';
import { cashOutOf, legView, legsOf, sportsLimitsOf, type SportsLegRow } from '../sports/index.js';

export interface BetFilters {
  kind?: 'game' | 'sports' | undefined;
  status?: BetRecord['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

interface BetRow {
  bet_id: string;
  kind: 'game' | 'sports';
  status: BetRecord['status'];
  stake: string;
  payout: string;
  placed_at: string;
  settled_at: string | null;
  reference: string;
  provider_code: string | null;
  game_code: string | null;
  game_name: string | null;
  game_type: string | null;
  match_id: number | null;
  sport: string | null;
  league: string | null;
  match_start: string | null;
  bet_type: string | null;
  home_away: string | null;
  criteria1: string | null;
  odds: string | null;
  home_team_name: string | null;
  away_team_name: string | null;
  local_names: Record<string, { home?: string; away?: string }> | null;
  bet_kind: 'single' | 'accumulator' | null;
  potential_return: string | null;
  legs: SportsLegRow[];
}

/**
 * Game rounds and sports bets of the player as one list. A game round is what the providers'
 * wallet callbacks recorded (provider_transactions) for one round of one game session: its stakes
 * and wins not rolled back; it is void when every stake was rolled back, settled once a win (even
 * of nothing) came, else pending. Sports bets are their own rows with the display fields of docs/product.md §3.
 */
function allBets(owner: Owner): SQL {
  const round = sql`coalesce(nullif(pt.round_id, ''), pt.provider_tx_id)`;
  return sql`
    select 'g:' || r.game_session_id::text || ':' || r.round as bet_id, 'game' as kind,
      case when r.live_stakes = 0 and r.void_stakes > 0 then 'void'
           when r.wins > 0 then case when r.payout > 0 then 'won' else 'lost' end
           else 'pending' end as status,
      r.stake, r.payout, r.placed_at, r.settled_at, r.round as reference,
      r.provider_code, r.game_code, r.game_name, r.game_type,
      null::int as match_id, null::text as sport, null::text as league, null::timestamptz as match_start,
      null::text as bet_type, null::text as home_away, null::text as criteria1, null::numeric as odds,
      null::text as home_team_name, null::text as away_team_name, null::jsonb as local_names,
      null::text as bet_kind, null::numeric as potential_return, '[]'::json as legs
    from (
      select pt.game_session_id, ${round} as round, p.code as provider_code, g.game_code, g.game_name, g.game_type,
        coalesce(sum(pt.amount) filter (where pt.kind = 'debit' and not pt.rolled_back), 0) as stake,
        coalesce(sum(pt.amount) filter (where pt.kind = 'credit' and not pt.rolled_back), 0) as payout,
        count(*) filter (where pt.kind = 'debit' and not pt.rolled_back) as live_stakes,
        count(*) filter (where pt.kind = 'debit' and pt.rolled_back) as void_stakes,
        count(*) filter (where pt.kind = 'credit' and not pt.rolled_back) as wins,
        min(pt.created_at) as placed_at,
        max(pt.created_at) filter (where pt.kind = 'credit') as settled_at
      from provider_transactions pt
      join game_sessions gs on gs.id = pt.game_session_id
      join games g on g.id = gs.game_id
      join providers p on p.id = pt.provider_id
      -- A refused stake (ADR 0020) was never placed: it is kept for the wallet's idempotency only.
      where pt.player_id = ${owner.id} and pt.site_id = ${owner.siteId} and pt.kind in ('debit', 'credit') and pt.status = 'applied'
      group by pt.game_session_id, ${round}, p.code, g.game_code, g.game_name, g.game_type
    ) r
    union all
    select 's:' || b.id::text, 'sports', b.status, b.stake, b.payout, b.placed_at, b.settled_at, b.ticket,
      null, null, null, null,
      b.match_id, b.sport, b.league, b.match_start, b.bet_type, b.home_away, b.criteria1, b.odds,
      b.home_team_name, b.away_team_name, b.local_names,
      -- A ticket imported without legs (the demo's history) shows as the single it was.
      case when exists (select 1 from sports_bet_legs l where l.bet_id = b.id) then b.kind end, b.potential_return, ${legsOf(sql`b.id`)}
    from sports_bets b
    where b.player_id = ${owner.id} and b.site_id = ${owner.siteId}`;
}

function filtered(owner: Owner, filters: BetFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.kind) conditions.push(sql`kind = ${filters.kind}`);
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.from) conditions.push(sql`placed_at >= ${filters.from}::timestamptz`);
  if (filters.to) conditions.push(sql`placed_at < ${filters.to}::timestamptz`);
  return sql`select * from (${allBets(owner)}) bets where ${sql.join(conditions, sql` and `)}`;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const decimal = (value: string | number) => String(value);

function recordOf(row: BetRow, cashOutMargin: string): BetRecord {
  const names = row.kind === 'sports' && row.home_team_name && row.away_team_name ? teamNamesByLanguage(row.local_names, row.home_team_name, row.away_team_name) : {};
  const known = <T extends string>(list: readonly T[], value: string | null): T | null => (value !== null && (list as readonly string[]).includes(value) ? (value as T) : null);
  return {
    bet_id: row.bet_id,
    kind: row.kind,
    status: row.status,
    stake: decimal(row.stake),
    payout: decimal(row.payout),
    placed_at: iso(row.placed_at)!,
    settled_at: iso(row.settled_at),
    reference: row.reference,
    provider_code: row.provider_code,
    game_code: row.game_code,
    game_name: row.game_name,
    game_type: known(GAME_CATEGORIES, row.game_type),
    match_id: row.match_id,
    sport: row.sport,
    league: row.league,
    match_start: iso(row.match_start),
    bet_type: known(BET_TYPES, row.bet_type),
    home_away: known(BET_SIDES, row.home_away),
    criteria1: row.criteria1 === '' ? null : row.criteria1,
    odds: row.odds === null ? null : formatOdds(decimal(row.odds)),
    home_team_name: row.home_team_name,
    away_team_name: row.away_team_name,
    ...names,
    bet_kind: row.bet_kind,
    potential_return: row.potential_return,
    legs: row.legs.map(legView),
    cash_out: row.kind === 'sports' ? cashOutOf(row, row.legs, cashOutMargin) : null,
  };
}

export type BetHistory = Omit<BetHistoryReply, 'statusCode' | 'message' | 'currency'>;

/** One page of the player's bets, the latest placed first, with the count and sums of every matching bet. */
export async function readBetHistory(db: Db, owner: Owner, filters: BetFilters): Promise<BetHistory> {
  const bets = filtered(owner, filters);
  const [rows, [totals], limits] = await Promise.all([
    queryRows<BetRow>(
      db,
      sql`select bet_id, kind, status, stake::numeric(20,4)::text as stake, payout::numeric(20,4)::text as payout, placed_at, settled_at, reference,
            provider_code, game_code, game_name, game_type, match_id, sport, league, match_start, bet_type, home_away, criteria1,
            odds::text as odds, home_team_name, away_team_name, local_names,
            bet_kind, potential_return::numeric(20,4)::text as potential_return, legs
          from (${bets}) page
          order by placed_at desc, bet_id desc
          limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`,
    ),
    queryRows<{ count: number; stake: string; payout: string }>(
      db,
      sql`select count(*)::int as count, coalesce(sum(stake), 0)::numeric(20,4)::text as stake, coalesce(sum(payout), 0)::numeric(20,4)::text as payout
          from (${bets}) matching`,
    ),
    sportsLimitsOf(db, owner.siteId),
  ]);
  return {
    value: rows.map((row) => recordOf(row, limits.cashOutMargin)),
    total: Number(totals?.count ?? 0),
    page: filters.page,
    page_size: filters.pageSize,
    totals: { stake: totals?.stake ?? '0.0000', payout: totals?.payout ?? '0.0000' },
  };
}
