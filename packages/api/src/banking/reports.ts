import { sql, type SQL } from 'drizzle-orm';
import type { OpsReportReply, ReportDay, ReportFigures } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import type { Actor } from './operators.js';
import { resolveOpsSite } from './operations.js';
import type { Outcome } from './tx.js';

/*
 * The operator's money report (ADR 0028): a site's figures per day in the site's time zone, computed
 * from the ledger's transfers (and the players table for sign-ups), never from counters kept on the
 * side, so the report and the books can never tell two stories. Only money counts (tokens are not
 * money), and only what moved: posted transfers and posted pending ones (a withdrawal paid), never a
 * reservation that may still be voided. What counts as what is decided by the accounts a transfer
 * joins, not by its type alone:
 *   deposits     deposits → player, less player → deposits
 *   withdrawals  player → withdrawals (paid), less withdrawals → player
 *   bets / wins  player → game or sportsbook / the reverse; a rollback (type) of a bet credits the
 *                player and reduces bets, one of a win debits the player and reduces wins
 *   bonuses      bonuses → player, less player → bonuses
 *   adjustments  adjustments → player, less player → adjustments
 */

export type OpsReport = Omit<OpsReportReply, 'statusCode' | 'message'>;

export interface ReportQuery {
  site: string;
  /** YYYY-MM-DD in the site's time zone; `to` defaults to today there, `from` to 29 days before `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

const DEFAULT_DAYS = 30;
const ZERO = '0.0000';

type MoneyField = 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'ggr' | 'bonuses' | 'ngr' | 'adjustments';
const MONEY_FIELDS: MoneyField[] = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'adjustments'];

/** A calendar day `days` after `day` (both YYYY-MM-DD; calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The report of a site the actor may see. */
export async function siteReport(db: Db, actor: Actor, query: ReportQuery): Promise<Outcome<OpsReport>> {
  const site = await resolveOpsSite(db, actor, query.site);
  if (!site.ok) return site;
  const siteId = site.value!.id;
  const [zone] = await queryRows<{ time_zone: string; today: string }>(
    db,
    sql`select time_zone, (now() at time zone time_zone)::date::text as today from sites where id = ${siteId}`,
  );
  const timeZone = zone!.time_zone;
  // Given only `from`: 30 days from it, or up to today when that comes first (but never before `from`).
  const to = query.to ?? (query.from ? maxDay(query.from, minDay(addDays(query.from, DEFAULT_DAYS - 1), zone!.today)) : zone!.today);
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const figures = await reportFigures(db, siteId, timeZone, from, to);
  const days: ReportDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push({ date: day, ...(figures.get(day) ?? emptyFigures()) });
  return {
    ok: true,
    value: { site: site.value!.externalId, currency: site.value!.currency, time_zone: timeZone, from, to, days, totals: figures.get(TOTAL) ?? emptyFigures() },
  };
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}

function emptyFigures(): ReportFigures {
  return { deposits: ZERO, withdrawals: ZERO, bets: ZERO, wins: ZERO, ggr: ZERO, bonuses: ZERO, ngr: ZERO, adjustments: ZERO, active_players: 0, new_players: 0, first_depositors: 0 };
}

/** The key of the period's totals among the days. */
const TOTAL = 'total';

/** One site's period: the site, its time zone and its first and last days (YYYY-MM-DD there). */
export interface SitePeriod {
  siteId: number;
  timeZone: string;
  from: string;
  to: string;
}

/**
 * Every figure per day of [from, to] and for the whole period (key `total`), days without any
 * movement left out. The period's bounds are the site's midnights, so the site's index on
 * (site_id, created_at) reads only the period's transfers.
 */
export async function reportFigures(db: Db, siteId: number, timeZone: string, from: string, to: string): Promise<Map<string, ReportFigures>> {
  return (await sitesReportFigures(db, [{ siteId, timeZone, from, to }])).get(siteId) ?? new Map();
}

/**
 * The figures of several sites' periods at once (the dashboard, ADR 0046): the same three queries
 * as one site's, each over every site's period (its own days and time zone), by site. Sites
 * without any movement are left out.
 */
export async function sitesReportFigures(db: Db, periods: SitePeriod[]): Promise<Map<number, Map<string, ReportFigures>>> {
  const bySite = new Map<number, Map<string, ReportFigures>>();
  if (periods.length === 0) return bySite;
  // Each site's period as a row: its id, time zone and the instants of its first and last midnights.
  const rows = periods.map(
    (period) =>
      sql`(${period.siteId}::int, ${period.timeZone}::text, (${period.from}::date::timestamp at time zone ${period.timeZone}), ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone}))`,
  );
  const withPeriods = sql`with p (site_id, time_zone, start_at, end_at) as (values ${sql.join(rows, sql`, `)})`;
  const local = (column: SQL) => sql`(${column} at time zone p.time_zone)::date`;
  const [moneyRows, signUps, firstDeposits] = await Promise.all([
    queryRows<Record<MoneyField, string> & { site_id: number; day: string | null; active_players: number }>(db, moneyQuery(withPeriods, local)),
    queryRows<{ site_id: number; day: string | null; players: number }>(
      db,
      sql`${withPeriods}
        select site_id, day::text as day, count(*)::int as players
        from (select p.site_id, ${local(sql`pl.created_at`)} as day from p join players pl on pl.site_id = p.site_id and pl.created_at >= p.start_at and pl.created_at < p.end_at) s
        group by grouping sets ((site_id, day), (site_id))`,
    ),
    queryRows<{ site_id: number; day: string | null; players: number }>(db, firstDepositsQuery(withPeriods, local)),
  ]);
  const at = (siteId: number, day: string | null) => {
    let figures = bySite.get(siteId);
    if (!figures) bySite.set(siteId, (figures = new Map()));
    const key = day ?? TOTAL;
    let row = figures.get(key);
    if (!row) figures.set(key, (row = emptyFigures()));
    return row;
  };
  for (const row of moneyRows) {
    const target = at(row.site_id, row.day);
    for (const field of MONEY_FIELDS) target[field] = row[field];
    target.active_players = row.active_players;
  }
  for (const row of signUps) at(row.site_id, row.day).new_players = row.players;
  for (const row of firstDeposits) at(row.site_id, row.day).first_depositors = row.players;
  return bySite;
}

/** Money figures per day and for the period (day null), read from the period's money transfers. */
function moneyQuery(withPeriods: SQL, local: (column: SQL) => SQL): SQL {
  const total = (filter: SQL) => sql`coalesce(sum(m.amount) filter (where ${filter}), 0)`;
  // A game account: each provider's and the sportsbook (system accounts: no player).
  const debitGame = sql`m.debit_player is null and (m.debit_code = 'sportsbook' or m.debit_code like 'game:%')`;
  const creditGame = sql`m.credit_player is null and (m.credit_code = 'sportsbook' or m.credit_code like 'game:%')`;
  const fromPlayer = sql`m.debit_player is not null`;
  const toPlayer = sql`m.credit_player is not null`;
  const bet = sql`${fromPlayer} and ${creditGame} and m.type <> 'rollback'`;
  const net = (code: string) => sql`${total(sql`m.debit_code = ${code} and ${toPlayer}`)} - ${total(sql`m.credit_code = ${code} and ${fromPlayer}`)}`;
  return sql`${withPeriods}
    select site_id, day::text as day, deposits::numeric(24,4)::text as deposits, withdrawals::numeric(24,4)::text as withdrawals,
      bets::numeric(24,4)::text as bets, wins::numeric(24,4)::text as wins, (bets - wins)::numeric(24,4)::text as ggr,
      bonuses::numeric(24,4)::text as bonuses, (bets - wins - bonuses)::numeric(24,4)::text as ngr,
      adjustments::numeric(24,4)::text as adjustments, active_players
    from (
      select m.site_id, m.day,
        ${net('deposits')} as deposits,
        -(${net('withdrawals')}) as withdrawals,
        ${total(bet)} - ${total(sql`${toPlayer} and ${debitGame} and m.type = 'rollback'`)} as bets,
        ${total(sql`${toPlayer} and ${debitGame} and m.type <> 'rollback'`)} - ${total(sql`${fromPlayer} and ${creditGame} and m.type = 'rollback'`)} as wins,
        ${net('bonuses')} as bonuses,
        ${net('adjustments')} as adjustments,
        (count(distinct m.debit_player) filter (where ${bet}))::int as active_players
      from (
        select p.site_id, ${local(sql`t.created_at`)} as day, t.amount, t.type,
          d.player_id as debit_player, d.code as debit_code, c.player_id as credit_player, c.code as credit_code
        from p
        join ledger_transfers t on t.site_id = p.site_id and t.created_at >= p.start_at and t.created_at < p.end_at
        join ledger_accounts d on d.id = t.debit_account_id
        join ledger_accounts c on c.id = t.credit_account_id
        where t.unit = 'money' and t.kind in ('posted', 'post_pending')
      ) m
      group by grouping sets ((m.site_id, m.day), (m.site_id))
    ) figures`;
}

/**
 * Players whose first deposit ever (deposits → the player's balance) falls in the period, per day
 * of it and in all. A deposit before the period makes a player no first-time depositor in it.
 */
function firstDepositsQuery(withPeriods: SQL, local: (column: SQL) => SQL): SQL {
  return sql`${withPeriods}
    select site_id, day::text as day, count(*)::int as players
    from (
      select p.site_id, ${local(sql`f.first_at`)} as day
      from p
      cross join lateral (
        select t.credit_account_id, min(t.created_at) as first_at
        from ledger_transfers t
        where t.debit_account_id = (select a.id from ledger_accounts a where a.site_id = p.site_id and a.player_id is null and a.code = 'deposits')
          and t.kind = 'posted' and t.created_at < p.end_at
        group by t.credit_account_id
      ) f
      where f.first_at >= p.start_at
    ) first_deposits
    group by grouping sets ((site_id, day), (site_id))`;
}
