import { z } from 'zod';
import { defineCall, isoDate, money, okFields, sessionPayload } from '../envelope.js';
import { BET_SIDES, BET_TYPES, decimalOdds, teamNameFields } from './home.js';
import { gameType } from './product.js';
import { betLeg } from './sports.js';
import { dateRange, LEDGER_ACCOUNT_NAMES, page, pageFields, pageSize, sessionFailures, statementFilters } from './banking-fields.js';

/*
 * Banking (ADR 0015): the player's statement (ledger entries) and bet history.
 */

export const statementEntry = z.object({
  entry_id: z.number().int().positive(),
  type: z.string().describe('deposit, withdrawal, withdrawal_release, bet, win, rollback, bonus, claim, adjustment, spin, mission, promotion...'),
  amount: money.describe('Signed: credits positive, debits negative.'),
  balance_after: money,
  reference: z.string(),
  created_at: isoDate,
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const statementTotals = z.object({
  count: z.number().int().nonnegative(),
  credits: money.describe('Sum of the positive entries matching the filters (every page).'),
  debits: money.describe('Sum of the negative entries matching the filters (every page), negative or 0.'),
  net: money.describe('credits + debits.'),
});

export const statementPayload = z.strictObject({ ...sessionPayload, ...statementFilters });
export const statementReply = z.object({
  ...okFields,
  account: z.enum(LEDGER_ACCOUNT_NAMES),
  currency: z.string(),
  value: z.array(statementEntry).describe('One page of the ledger entries, newest first.'),
  ...pageFields,
  totals: statementTotals,
  types: z.array(z.string()).describe('Every entry type the player has in this ledger, for the filter.'),
});
export type StatementReply = z.infer<typeof statementReply>;

export const statement = defineCall({
  path: '/api/banking/statement',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    "Every ledger entry of the player (deposits, withdrawals, bets, wins, bonuses, claims, adjustments, spins...) with the balance after it, " +
    `newest first, by type and date, a page at a time, with the totals of every matching entry. Failure keys: validationError, ${sessionFailures}.`,
  payload: statementPayload,
  reply: statementReply,
});

export const BET_KINDS = ['game', 'sports'] as const;
export const BET_STATUSES = ['pending', 'won', 'lost', 'void', 'cashed_out'] as const;

export const betRecord = z.object({
  bet_id: z.string().describe('Unique within the reply: "g:<game session>:<round>" or "s:<sports bet id>".'),
  kind: z.enum(BET_KINDS),
  status: z.enum(BET_STATUSES).describe('pending: not settled yet; won: paid something; lost: paid nothing; void: reversed (stake returned); cashed_out: a sports bet the player cashed out before it settled.'),
  stake: money,
  payout: money.describe('What the bet paid back (0 when lost or pending).'),
  placed_at: isoDate,
  settled_at: isoDate.nullable(),
  reference: z.string().describe("The provider's round id or the sports ticket."),
  // Game rounds
  provider_code: z.string().nullable(),
  game_code: z.string().nullable(),
  game_name: z.string().nullable(),
  game_type: gameType.nullable(),
  // Sports bets: the bet display fields of docs/product.md §3
  match_id: z.number().int().positive().nullable(),
  sport: z.string().nullable(),
  league: z.string().nullable(),
  match_start: isoDate.nullable(),
  bet_type: z.enum(BET_TYPES).nullable(),
  home_away: z.enum(BET_SIDES).nullable(),
  criteria1: z.string().nullable().describe('The line (handicap or total); null for 1X2 and for games.'),
  odds: decimalOdds.nullable(),
  home_team_name: z.string().nullable(),
  away_team_name: z.string().nullable(),
  ...teamNameFields,
  // Sports tickets placed from the betslip (ADR 0035)
  bet_kind: z.enum(['single', 'accumulator']).nullable().describe('A sports ticket: one selection or several; null for game rounds.'),
  potential_return: money.nullable().describe('What the ticket pays if every leg wins; null for game rounds and imported tickets.'),
  legs: z.array(betLeg).describe("A ticket's selections with their results and their matches now (live score); empty for game rounds and imported tickets."),
  cash_out: money.nullable().describe('The cash-out offer now of an open ticket (sports/cash_out); null when there is none.'),
});
export type BetRecord = z.infer<typeof betRecord>;

export const betHistoryPayload = z.strictObject({
  ...sessionPayload,
  kind: z.enum(BET_KINDS, 'invalidValue').optional().describe('Only game rounds or only sports bets.'),
  status: z.enum(BET_STATUSES, 'invalidValue').optional(),
  ...dateRange,
  page,
  page_size: pageSize,
});
export const betHistoryReply = z.object({
  ...okFields,
  currency: z.string(),
  value: z.array(betRecord).describe('One page of game rounds and sports bets, the latest placed first.'),
  ...pageFields,
  totals: z.object({ stake: money, payout: money }).describe('Over every matching bet (every page).'),
});
export type BetHistoryReply = z.infer<typeof betHistoryReply>;

export const betHistory = defineCall({
  path: '/api/banking/bet_history',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    "The player's game rounds (from the providers' wallet callbacks) and sports bets (with the bet display fields of docs/product.md §3), " +
    `latest first, by kind, status and date, a page at a time. Failure keys: validationError, ${sessionFailures}.`,
  payload: betHistoryPayload,
  reply: betHistoryReply,
});
