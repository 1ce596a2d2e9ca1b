import { asc, sql } from 'drizzle-orm';
import { DASHBOARD_PERIOD_DAYS, type DashboardCurrency, type DashboardPeriod, type DashboardSite, type OpsDashboardReply, type ReportDay, type ReportFigures } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { sites } from '../db/schema.js';
import { siteScopeCondition } from '../backoffice/index.js';
import type { Actor } from './operators.js';
import { resolveOpsSite } from './operations.js';
import { addDays, sitesReportFigures } from './reports.js';
import type { Outcome } from './tx.js';

/*
 * The back office's dashboard (ADR 0046): the money report of ADR 0028 (reports.ts, the same
 * queries) for every site the actor works on at once, over today, the last 7 or the last 30 days
 * of each site's own time zone; then totals per currency (amounts of two currencies are never
 * added) and player counts of every site (a player belongs to one site, so counts add up). Like
 * the report it shows totals and no player's data: it is not audited (ADR 0028).
 */

export type OpsDashboard = Omit<OpsDashboardReply, 'statusCode' | 'message'>;

type MoneyField = 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'ggr' | 'bonuses' | 'ngr' | 'adjustments';
const MONEY_FIELDS: MoneyField[] = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'adjustments'];
const COUNT_FIELDS = ['active_players', 'new_players', 'first_depositors'] as const;

/** The report's amounts have four decimals (numeric(24,4)); sums are kept in ten-thousandths, exact. */
const SCALE = 4;

const toUnits = (amount: string): bigint => {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const units = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0');
  return negative ? -units : units;
};

const fromUnits = (units: bigint): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
};

function zeroFigures(): ReportFigures {
  return { deposits: '0.0000', withdrawals: '0.0000', bets: '0.0000', wins: '0.0000', ggr: '0.0000', bonuses: '0.0000', ngr: '0.0000', adjustments: '0.0000', active_players: 0, new_players: 0, first_depositors: 0 };
}

/** Figures added together: amounts exactly, counts as numbers. */
function addFigures(into: ReportFigures, more: ReportFigures): void {
  for (const field of MONEY_FIELDS) into[field] = fromUnits(toUnits(into[field]) + toUnits(more[field]));
  for (const field of COUNT_FIELDS) into[field] += more[field];
}

/** The dashboard of the actor's sites, or of the one site named. */
export async function dashboard(db: Db, actor: Actor, query: { site?: string | undefined; period: DashboardPeriod }): Promise<Outcome<OpsDashboard>> {
  let scope = siteScopeCondition(actor, sites.id);
  if (query.site !== undefined) {
    const site = await resolveOpsSite(db, actor, query.site);
    if (!site.ok) return site;
    scope = sql`${sites.id} = ${site.value!.id}`;
  }
  const found = await db
    .select({
      id: sites.id,
      externalId: sites.externalId,
      siteName: sites.siteName,
      currency: sites.currency,
      timeZone: sites.timeZone,
      today: sql<string>`(now() at time zone ${sites.timeZone})::date::text`,
    })
    .from(sites)
    .where(scope)
    .orderBy(asc(sites.siteName), asc(sites.id));

  const span = DASHBOARD_PERIOD_DAYS[query.period];
  const periods = found.map((site) => ({ siteId: site.id, timeZone: site.timeZone, from: addDays(site.today, -(span - 1)), to: site.today }));
  const figures = await sitesReportFigures(db, periods);

  const siteReplies: DashboardSite[] = found.map((site, index) => {
    const { from, to } = periods[index]!;
    const byDay = figures.get(site.id);
    const days: ReportDay[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) days.push({ date: day, ...(byDay?.get(day) ?? zeroFigures()) });
    return { site: site.externalId, site_name: site.siteName, currency: site.currency, time_zone: site.timeZone, from, to, totals: byDay?.get('total') ?? zeroFigures(), days };
  });

  // Per currency: each site's totals and days added (a date is each site's day in its own time zone).
  const currencies = new Map<string, { sites: string[]; totals: ReportFigures; days: Map<string, ReportFigures> }>();
  const players = { totals: { active_players: 0, new_players: 0, first_depositors: 0 }, days: new Map<string, { active_players: number; new_players: number; first_depositors: number }>() };
  for (const site of siteReplies) {
    let group = currencies.get(site.currency);
    if (!group) currencies.set(site.currency, (group = { sites: [], totals: zeroFigures(), days: new Map() }));
    group.sites.push(site.site);
    addFigures(group.totals, site.totals);
    for (const field of COUNT_FIELDS) players.totals[field] += site.totals[field];
    for (const { date, ...day } of site.days) {
      let sum = group.days.get(date);
      if (!sum) group.days.set(date, (sum = zeroFigures()));
      addFigures(sum, day);
      let counts = players.days.get(date);
      if (!counts) players.days.set(date, (counts = { active_players: 0, new_players: 0, first_depositors: 0 }));
      for (const field of COUNT_FIELDS) counts[field] += day[field];
    }
  }
  const byDate = <T>(days: Map<string, T>) => [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, day]) => ({ date, ...day }));
  const currencyReplies: DashboardCurrency[] = [...currencies.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, group]) => ({ currency, sites: group.sites, totals: group.totals, days: byDate(group.days) }));

  return { ok: true, value: { period: query.period, sites: siteReplies, currencies: currencyReplies, players: { ...players.totals, days: byDate(players.days) } } };
}
