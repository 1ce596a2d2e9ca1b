import type { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { OPERATOR_CALLS, OpsMatch, OpsMatchState } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';

/*
 * The back office's list of the shared feed's matches (issue 26 §2 "Sportsbook and games", ADR
 * 0051). The matches are every site's, so any operator who may view the sportsbook lists them; the
 * open bets counted on each are only those of the caller's sites. Entering results, voids and holds
 * stays with banking's opsSports* calls (ADR 0035), for an operator of the whole platform.
 */

type Payload = z.output<(typeof OPERATOR_CALLS)['opsMatches']['payload']>;
type OperatorReply = Record<string, unknown> & { statusCode: number; message: string };

/** The operator side as this call sees it (the banking feature builds it: ADR 0027). */
export interface MatchesAccess {
  /** The sites whose bets are counted; null: every site. */
  siteIds: number[] | null;
  /** Whether the caller may enter results, void and hold (its role, and every site of the platform). */
  maySettle(db: Db): Promise<boolean>;
}

/** Every selection of the match voided (and it has some). */
const ALL_VOID = sql`(exists (select 1 from match_odds o where o.match_id = m.id) and not exists (select 1 from match_odds o where o.match_id = m.id and not o.voided))`;

const STATE_CONDITIONS: Record<OpsMatchState, SQL> = {
  upcoming: sql`m.status = 'upcoming' and m.resulted_at is null and not ${ALL_VOID}`,
  live: sql`m.status = 'live' and m.resulted_at is null and not ${ALL_VOID}`,
  awaiting: sql`m.status = 'finished' and m.resulted_at is null and not ${ALL_VOID}`,
  resulted: sql`m.resulted_at is not null and not ${ALL_VOID}`,
  void: ALL_VOID,
};

const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface MatchRow {
  id: number;
  sport: string;
  league: string;
  home_team_name: string;
  away_team_name: string;
  start_time: string | Date;
  status: OpsMatch['status'];
  home_score: number | null;
  away_score: number | null;
  held: boolean;
  suspended: boolean;
  resulted_at: string | Date | null;
  result_corrections: number;
  selections: number;
  voided_selections: number;
  open_bets: number;
  total: number;
}

function stateOf(row: MatchRow): OpsMatchState {
  if (row.selections > 0 && row.voided_selections === row.selections) return 'void';
  if (row.resulted_at !== null) return 'resulted';
  return row.status === 'finished' ? 'awaiting' : row.status;
}

export async function opsMatches(db: Db, access: MatchesAccess, payload: Payload): Promise<OperatorReply> {
  const conditions: SQL[] = [sql`true`];
  if (payload.state) conditions.push(STATE_CONDITIONS[payload.state]);
  if (payload.q) {
    const pattern = contains(payload.q);
    conditions.push(sql`(m.home_team_name ilike ${pattern} or m.away_team_name ilike ${pattern} or m.league ilike ${pattern})`);
  }
  if (payload.from) conditions.push(sql`m.start_time >= ${payload.from}::timestamptz`);
  if (payload.to) conditions.push(sql`m.start_time < ${payload.to}::timestamptz`);
  const where = sql.join(conditions, sql` and `);
  const siteScope = access.siteIds === null ? sql`` : sql`and b.site_id = any(${`{${access.siteIds.join(',')}}`}::int[])`;
  const rows = await queryRows<MatchRow>(
    db,
    sql`select m.id, m.sport, m.league, m.home_team_name, m.away_team_name, m.start_time, m.status, m.home_score, m.away_score,
          m.held, m.suspended, m.resulted_at, m.result_corrections,
          (select count(*)::int from match_odds o where o.match_id = m.id) as selections,
          (select count(*)::int from match_odds o where o.match_id = m.id and o.voided) as voided_selections,
          (select count(distinct l.bet_id)::int from sports_bet_legs l join sports_bets b on b.id = l.bet_id
            where l.match_id = m.id and b.status = 'pending' ${siteScope}) as open_bets,
          count(*) over ()::int as total
        from matches m
        where ${where}
        order by m.start_time desc, m.id desc
        limit ${payload.page_size} offset ${(payload.page - 1) * payload.page_size}`,
  );
  const total =
    rows[0]?.total ??
    (payload.page > 1 ? Number((await queryRows<{ total: number }>(db, sql`select count(*)::int as total from matches m where ${where}`))[0]?.total ?? 0) : 0);
  const value: OpsMatch[] = rows.map((row) => ({
    match_id: Number(row.id),
    sport: row.sport,
    league: row.league,
    home_team: row.home_team_name,
    away_team: row.away_team_name,
    start_time: new Date(row.start_time).toISOString(),
    status: row.status,
    state: stateOf({ ...row, selections: Number(row.selections), voided_selections: Number(row.voided_selections) }),
    home_score: row.home_score,
    away_score: row.away_score,
    held: row.held,
    suspended: row.suspended,
    resulted_at: row.resulted_at === null ? null : new Date(row.resulted_at).toISOString(),
    corrections: Number(row.result_corrections),
    selections: Number(row.selections),
    voided_selections: Number(row.voided_selections),
    open_bets: Number(row.open_bets),
  }));
  return { statusCode: 1, message: 'OK', value, total: Number(total), page: payload.page, page_size: payload.page_size, may_settle: await access.maySettle(db) };
}
