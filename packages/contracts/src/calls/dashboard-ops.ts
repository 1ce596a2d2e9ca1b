import { z } from 'zod';
import { okFields } from '../envelope.js';
import { reportDay, reportFigures } from './banking-books.js';
import { defineOperatorCall, opsFailures, siteField } from './ops-define.js';

/*
 * The back office's dashboard (issue 26 §2, ADR 0046): the money reports of ADR 0028 for every site
 * the operator works on at once, over a short period ending today, with totals per currency (amounts
 * of different currencies are never added) and player counts across sites.
 */

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
/** The days each period covers, ending today in each site's time zone. */
export const DASHBOARD_PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

export const opsDashboardPayload = z.strictObject({
  site: siteField.optional().describe('One site; every site the operator works on when left out.'),
  period: z.enum(DASHBOARD_PERIODS, 'invalidValue').describe("today, 7d or 30d: the days ending today, each site's days in its own time zone."),
});

const count = z.number().int().nonnegative();

/** A site's figures for the period (as opsReport answers them for the same days). */
export const dashboardSite = z.object({
  site: z.string().describe("The site's external_id."),
  site_name: z.string(),
  currency: z.string(),
  time_zone: z.string().describe("The site's time zone: where its days begin and end."),
  from: z.string().describe("First day, YYYY-MM-DD, in the site's time zone."),
  to: z.string().describe("Last day (today there), YYYY-MM-DD."),
  totals: reportFigures,
  days: z.array(reportDay).describe('Every day of the period, oldest first.'),
});
export type DashboardSite = z.infer<typeof dashboardSite>;

/** The sites of one currency together: amounts summed, player counts summed (a player belongs to one site). */
export const dashboardCurrency = z.object({
  currency: z.string(),
  sites: z.array(z.string()).describe("The sites' external_ids."),
  totals: reportFigures,
  days: z.array(reportDay).describe("Per date, each site's day in its own time zone, oldest first."),
});
export type DashboardCurrency = z.infer<typeof dashboardCurrency>;

export const dashboardPlayerFigures = z.object({
  active_players: count.describe('Players with at least one bet (over the period: each counted once per site).'),
  new_players: count.describe('Players who signed up.'),
  first_depositors: count.describe('Players whose first deposit ever was credited then.'),
});
export const dashboardPlayerDay = dashboardPlayerFigures.extend({ date: z.string() });

export const opsDashboardReply = z.object({
  ...okFields,
  period: z.enum(DASHBOARD_PERIODS),
  sites: z.array(dashboardSite).describe('Each site in scope (or the one named), by name.'),
  currencies: z.array(dashboardCurrency).describe('Totals per currency, by currency code.'),
  players: dashboardPlayerFigures.extend({ days: z.array(dashboardPlayerDay) }).describe('Player counts of every site together.'),
});
export type OpsDashboardReply = z.infer<typeof opsDashboardReply>;

export const opsDashboard = defineOperatorCall({
  path: '/api/ops/dashboard',
  summary:
    "The dashboard (ADR 0046): for each site the operator works on (or the one named), the money report of ADR 0028 over today, the last 7 or the last 30 days in the site's time zone " +
    '(deposits, withdrawals paid, bets, wins, GGR, bonuses, NGR, adjustments, active and new players, first-time depositors, per day and in all), ' +
    `with totals per currency (never across currencies) and player counts of every site together. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsDashboardPayload,
  reply: opsDashboardReply,
});

export const DASHBOARD_OPERATOR_CALLS = { opsDashboard } as const;
