import { z } from 'zod';
import { money, okFields } from '../envelope.js';
import { domainName } from '../rules.js';

/*
 * The operator's money reports and books check (ADR 0028): payloads and replies of opsReport and
 * opsBooks (their calls are declared with the other operator calls in banking-ops.ts). Every figure
 * is computed from the ledger's transfers, never from counters kept on the side.
 */

/** The longest report: a year and a day (a leap year's days, in the site's time zone). */
export const REPORT_MAX_DAYS = 366;

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
const day = z
  .string('invalidValue')
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 1970;
  }, 'invalidValue');

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const opsReportPayload = z
  .strictObject({
    site: domainName.describe('The site, by one of its domain names (e.g. "casino1.localhost").'),
    from: day.optional().describe("First day, in the site's time zone (default: 29 days before `to`)."),
    to: day.optional().describe("Last day, included, in the site's time zone (default: today there)."),
  })
  .superRefine((payload, context) => {
    if (payload.from === undefined || payload.to === undefined) return;
    const days = daysBetween(payload.from, payload.to);
    if (days < 0 || days >= REPORT_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: 'invalidValue' });
  });

const count = z.number().int().nonnegative();

/** A day's (or the period's) figures. Amounts are exact decimal strings in the site's currency. */
export const reportFigures = z.object({
  deposits: money.describe('Approved deposits credited to players (less any reversed).'),
  withdrawals: money.describe('Withdrawals paid out (approved), less any returned after payment.'),
  bets: money.describe('Stakes of games and sports, less stakes rolled back.'),
  wins: money.describe('Wins paid to players, less wins rolled back.'),
  ggr: money.describe('Gross gaming revenue: bets − wins (may be negative).'),
  bonuses: money.describe('Promotions, claims and prizes paid in money, less any taken back.'),
  ngr: money.describe('Net gaming revenue: GGR − bonuses.'),
  adjustments: money.describe("Operators' balance adjustments, net (credits to players positive)."),
  active_players: count.describe('Players with at least one bet (over the period: each counted once).'),
  new_players: count.describe('Players who signed up.'),
  first_depositors: count.describe('Players whose first deposit ever was credited then.'),
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportDay = reportFigures.extend({ date: z.string().describe("The day, YYYY-MM-DD, in the site's time zone.") });
export type ReportDay = z.infer<typeof reportDay>;

export const opsReportReply = z.object({
  ...okFields,
  site: z.string().describe("The site's external_id."),
  currency: z.string(),
  time_zone: z.string().describe("The site's time zone (IANA name): where its days begin and end."),
  from: z.string(),
  to: z.string(),
  days: z.array(reportDay).describe('Every day of the period, oldest first (days without movements show zeros).'),
  totals: reportFigures,
});
export type OpsReportReply = z.infer<typeof opsReportReply>;

export const opsBooksPayload = z.strictObject({
  site: domainName.optional().describe("The site; a site-scoped key's own site when left out, every site for an unscoped key."),
});

export const booksUnit = z.object({
  unit: z.enum(['money', 'tokens']),
  total: money.describe('Sum of every account of the unit: 0 when the books balance.'),
  players: money.describe("Players' accounts, together (posted: reserved amounts still included)."),
  pending: money.describe('Reserved by pending transfers not yet posted or voided (withdrawals awaiting a decision).'),
  system: z.array(z.object({ code: z.string(), balance: money })).describe("The site's system accounts (credits − debits)."),
});

export const siteBooks = z.object({
  site: z.string(),
  currency: z.string(),
  balanced: z.boolean(),
  units: z.array(booksUnit),
});
export type SiteBooks = z.infer<typeof siteBooks>;

export const BOOKS_MISMATCH_KINDS = ['imbalance', 'wallet', 'negative', 'transfer'] as const;

export const booksMismatch = z.object({
  kind: z.enum(BOOKS_MISMATCH_KINDS).describe(
    "imbalance: a site's unit does not sum to zero; wallet: a wallet differs from its accounts' transfers; negative: a player account below zero; transfer: a transfer names an account of another site or unit.",
  ),
  site: z.string(),
  account_id: z.string().nullable().describe("The player's account id (wallet, negative)."),
  transfer_id: z.number().int().nullable(),
  field: z.string().nullable().describe('balance, held, tokens or frozen_tokens; the unit for an imbalance.'),
  expected: money.nullable(),
  actual: money.nullable(),
});
export type BooksMismatch = z.infer<typeof booksMismatch>;

export const opsBooksReply = z.object({
  ...okFields,
  balanced: z.boolean().describe('true: every site balances and nothing mismatches.'),
  sites: z.array(siteBooks),
  mismatches: z.array(booksMismatch).describe('At most 1000, in the order found.'),
  mismatch_count: count.describe('Mismatches found (each kind looked for up to 1000).'),
});
export type OpsBooksReply = z.infer<typeof opsBooksReply>;
