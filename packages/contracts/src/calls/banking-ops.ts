import { z } from 'zod';
import { isoDate, money, okFields } from '../envelope.js';
import { accountId } from '../rules.js';
import { COMPLIANCE_OPERATOR_CALLS, paymentPlayerChecks } from './compliance-ops.js';
import { INBOX_OPERATOR_CALLS } from './inbox-ops.js';
import { SITE_OPERATOR_CALLS } from './site-ops.js';
import { TEAM_OPERATOR_CALLS } from './team-ops.js';
import { PLAYER_OPERATOR_CALLS } from './player-ops.js';
import { DASHBOARD_OPERATOR_CALLS } from './dashboard-ops.js';
import { GAMES_OPERATOR_CALLS } from './games-ops.js';
import { CONTENT_OPERATOR_CALLS } from './content-ops.js';
import { CMS_OPERATOR_CALLS } from './cms-ops.js';
import { REWARDS_OPERATOR_CALLS } from './rewards-ops.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';
import { AUDIT_EXPORT_PATH, auditFilterFields, withOrderedRange } from './audit-filters.js';
import { page, pageFields, pageSize, paymentFields, rowId, signedAmountInput, statementFilters } from './banking-fields.js';
import { receiptReply, receivingAccount } from './banking-methods.js';
import { statementReply } from './banking-history.js';
import { opsBooksPayload, opsBooksReply, opsReportPayload, opsReportReply } from './banking-books.js';
import { BET_SIDES, BET_TYPES } from './home.js';

/*
 * Operator calls (/api/ops/*, ADR 0015): `authorization: Bearer <operator key>`, never a player session.
 * They approve and reject payments, adjust balances and read statements, receipts and the audit log.
 */


export const PAYMENT_KINDS = ['deposit', 'withdrawal'] as const;

export const opsPayment = z.object({
  payment_id: z.number().int().positive(),
  kind: z.enum(PAYMENT_KINDS),
  site: z.string().describe("The site's external_id."),
  account_id: z.string(),
  full_name: z.string(),
  ...paymentFields,
  decided_by: z.string().nullable(),
  method_name: z.string().nullable(),
  receiving_account: receivingAccount.nullable(),
  transfer_reference: z.string(),
  receipt_id: z.number().int().positive().nullable(),
  promotion_id: z.number().int().positive().nullable(),
  bank_account: z.object({ bank_name: z.string(), account_name: z.string(), account_number: z.string() }).nullable(),
  player_checks: paymentPlayerChecks,
});
export type OpsPayment = z.infer<typeof opsPayment>;

export const opsPendingPayload = z.strictObject({
  site: siteField.optional().describe("The site; a site-scoped key's own site when left out, every site for an unscoped key."),
  kind: z.enum(PAYMENT_KINDS, 'invalidValue').optional(),
  page,
  page_size: pageSize,
});
export const opsPendingReply = z.object({ ...okFields, value: z.array(opsPayment).describe('Pending requests, oldest first (first come, first served).'), ...pageFields });
export type OpsPendingReply = z.infer<typeof opsPendingReply>;

export const opsPending = defineOperatorCall({
  path: '/api/ops/pending',
  summary: `Pending deposits and withdrawals of a site, oldest first. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsPendingPayload,
  reply: opsPendingReply,
});

export const opsDecisionPayload = z.strictObject({ payment_id: rowId, reason });
export const opsDecisionReply = z.object({ ...okFields, value: opsPayment, audit_id: z.number().int().positive() });
export type OpsDecisionReply = z.infer<typeof opsDecisionReply>;

const decision = (path: `/api/ops/${string}`, summary: string) =>
  defineOperatorCall({ path, summary: `${summary} Failure keys: notFound, notPending, ${opsFailures}.`, payload: opsDecisionPayload, reply: opsDecisionReply });

export const opsDepositApprove = decision(
  '/api/ops/deposit/approve',
  'Approves a pending deposit: credits the balance through the ledger exactly once, adds to the VIP deposit progress and credits a named promotion\'s reward, all with the audit record in one transaction.',
);
export const opsDepositReject = decision('/api/ops/deposit/reject', 'Rejects a pending deposit with a reason (nothing is credited).');
export const opsWithdrawalApprove = decision('/api/ops/withdrawal/approve', 'Approves a pending withdrawal: the held amount is paid out (leaves the held balance).');
export const opsWithdrawalReject = decision('/api/ops/withdrawal/reject', 'Rejects a pending withdrawal with a reason: the held amount returns to the available balance.');

export const opsAdjustPayload = z.strictObject({
  site: siteField,
  account_id: accountId,
  amount: signedAmountInput,
  reason,
  idempotency_key: z
    .string('invalidValue')
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'invalidValue')
    .optional()
    .describe('Sent again with a retried request, the adjustment is made once (per operator); with another site, account or amount it answers idempotencyConflict.'),
  sports_ticket: z
    .string('invalidValue')
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'invalidValue')
    .optional()
    .describe(
      "With a debit: recovers this much of what a corrected sports result could not take back from this bet of the player (its `unrecovered`, ADR 0037). It is posted against the sportsbook as a rollback of the win, and the bet then owes that much less; more than it owes answers amountTooLarge, a ticket the player does not hold notFound.",
    ),
}).refine((payload) => payload.sports_ticket === undefined || payload.amount.trim().startsWith('-'), { path: ['sports_ticket'], message: 'invalidValue' });
export const opsAdjustReply = z.object({
  ...okFields,
  applied: z.boolean().describe('false: this idempotency key was used before and nothing moved this time.'),
  entry_id: z.number().int().positive(),
  balance_after: money,
  audit_id: z.number().int().positive().nullable(),
});
export type OpsAdjustReply = z.infer<typeof opsAdjustReply>;

export const opsAdjust = defineOperatorCall({
  path: '/api/ops/adjust',
  summary: `Credits or debits a player's balance with a reason (ledger type adjustment); a debit never takes the balance below zero. Failure keys: siteNotFound, accountNotFound, insufficientBalance, idempotencyConflict (the key was used with another site, account or amount), notFound and amountTooLarge (with sports_ticket), ${opsFailures}.`,
  payload: opsAdjustPayload,
  reply: opsAdjustReply,
});

export const opsStatementPayload = z.strictObject({ site: siteField, account_id: accountId, ...statementFilters });
export const opsStatementReply = statementReply.extend({ account_id: z.string(), full_name: z.string(), game_balance: money, held_balance: money });
export type OpsStatementReply = z.infer<typeof opsStatementReply>;

export const opsStatement = defineOperatorCall({
  path: '/api/ops/statement',
  summary: `A player's statement (as the player's own statement call answers it) with the available and held balance. The view is audited. Failure keys: siteNotFound, accountNotFound, ${opsFailures}.`,
  payload: opsStatementPayload,
  reply: opsStatementReply,
});

export const opsReceiptPayload = z.strictObject({ receipt_id: rowId });
export const opsReceipt = defineOperatorCall({
  path: '/api/ops/receipt',
  summary: `A deposit's receipt image (base64). The view is audited. Failure keys: notFound, ${opsFailures}.`,
  payload: opsReceiptPayload,
  reply: receiptReply.extend({ site: z.string(), account_id: z.string() }),
});

export const opsAuditEntry = z.object({
  audit_id: z.number().int().positive(),
  actor: z.string().describe('"console:<username>" for a back-office account, "operator:<name>" for the HTTP API, "cli:<name>" for the command-line tool.'),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  site: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: isoDate,
});

// The filters (all optional) are audit-filters.ts's, shared with the CSV export (ADR 0048).
export const opsAuditPayload = withOrderedRange(z.strictObject({ ...auditFilterFields, page, page_size: pageSize }));
export const opsAuditReply = z.object({ ...okFields, value: z.array(opsAuditEntry).describe('Newest first.'), ...pageFields });
export type OpsAuditReply = z.infer<typeof opsAuditReply>;

export const opsAudit = defineOperatorCall({
  path: '/api/ops/audit',
  summary: `The audit log of operator actions (who, what, when and why), newest first, filtered by site, actor, action, target and time; every matching entry as CSV: GET ${AUDIT_EXPORT_PATH} with the same filters as query parameters. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsAuditPayload,
  reply: opsAuditReply,
});

export const opsReport = defineOperatorCall({
  path: '/api/ops/report',
  summary: `A site's money per day in its time zone (ADR 0028): deposits, withdrawals paid, bets, wins, GGR, bonuses, NGR, adjustments, active and new players, first-time depositors, with the period's totals; computed from the ledger's transfers. At most 366 days. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsReportPayload,
  reply: opsReportReply,
});

export const opsBooks = defineOperatorCall({
  path: '/api/ops/books',
  summary: `The books check (ADR 0028): each site's trial balance per unit (every account summed: zero), its system accounts, the players' total and the pending total, and every mismatch (an imbalance, a wallet that differs from its accounts' transfers, a player account below zero, a transfer across sites or units). Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsBooksPayload,
  reply: opsBooksReply,
});

// Sportsbook (issue 24 §4, ADR 0035): matches are the platform's shared feed, so entering a result,
// voiding or holding a market is for an operator of every site (a key without a site scope); the
// liability is read per site.

const matchId = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(2_147_483_647, 'invalidValue').describe("The match's match_id.");
const score = z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(999, 'invalidValue');

export const opsSportsResultPayload = z.strictObject({ match_id: matchId, home_score: score, away_score: score, reason });
export const opsSportsResult = defineOperatorCall({
  path: '/api/ops/sports/result',
  summary:
    "Enters a match's final score and settles every selection, leg and bet it decides, once (a second result of a settled match changes nothing: applied false). " +
    `Failure keys: notFound, permissionDenied (a key scoped to one site), ${opsFailures}.`,
  payload: opsSportsResultPayload,
  reply: z.object({
    ...okFields,
    applied: z.boolean().describe('false: the match had its result already; nothing changed.'),
    selections: z.number().int().nonnegative(),
    bets: z.number().int().nonnegative().describe('Bets settled now.'),
    audit_id: z.number().int().positive(),
  }),
});

export const opsSportsCorrectPayload = z.strictObject({ match_id: matchId, home_score: score, away_score: score, reason });
export const opsSportsCorrect = defineOperatorCall({
  path: '/api/ops/sports/correct',
  summary:
    "Replaces the final score of a match that has its result (ADR 0037): every selection it decides differently takes its new result (a voided one stays void), and every bet on them is settled again from all its legs; " +
    'the difference of each payout is paid or taken back through the ledger, never below a zero balance (what the balance cannot cover is listed as unrecovered). A cashed-out bet keeps its cash-out. ' +
    `Failure keys: notFound, notResulted (no result yet: use result), permissionDenied, ${opsFailures}.`,
  payload: opsSportsCorrectPayload,
  reply: z.object({
    ...okFields,
    applied: z.boolean().describe('false: the score entered is the one on record; nothing changed.'),
    selections: z.number().int().nonnegative().describe('Selections whose result changed.'),
    bets: z.number().int().nonnegative().describe('Bets settled again.'),
    paid: z.string().describe('Paid to players by the correction.'),
    reclaimed: z.string().describe('Taken back from players by the correction.'),
    unrecovered: z
      .array(z.object({ site: z.string(), account_id: z.string(), ticket: z.string(), amount: z.string() }))
      .describe("Payouts the players' balances could not cover, per bet: for the operator to settle with the player."),
    audit_id: z.number().int().positive(),
  }),
});

export const opsSportsVoidPayload = z.strictObject({
  match_id: matchId,
  bet_type: z.enum(BET_TYPES, 'invalidValue').optional().describe('Only this market (with `line`, one line of it); the whole match when left out.'),
  line: z.string('invalidValue').max(12, 'invalidValue').optional().describe('The line of an HDP or OU market ("-0.5", "2.5").'),
  reason,
});
export const opsSportsVoid = defineOperatorCall({
  path: '/api/ops/sports/void',
  summary:
    "Voids a market's unsettled selections (or the whole match's): they take no more bets, their legs settle as void (price 1.00), and every bet they decide settles. " +
    `Failure keys: notFound, permissionDenied, ${opsFailures}.`,
  payload: opsSportsVoidPayload,
  reply: z.object({ ...okFields, selections: z.number().int().nonnegative(), bets: z.number().int().nonnegative(), audit_id: z.number().int().positive() }),
});

export const opsSportsHoldPayload = z.strictObject({ match_id: matchId, held: z.boolean('invalidValue').describe('true: no bets or cash-outs on the match until released; false: release it.'), reason });
export const opsSportsHold = defineOperatorCall({
  path: '/api/ops/sports/hold',
  summary: `Suspends a match by hand (its prices stay shown, no bets or cash-outs are taken) or releases it; the feed's own suspensions are apart from this. Failure keys: notFound, permissionDenied, ${opsFailures}.`,
  payload: opsSportsHoldPayload,
  reply: z.object({ ...okFields, held: z.boolean(), audit_id: z.number().int().positive() }),
});

export const opsSportsLiabilityPayload = z.strictObject({ match_id: matchId, site: siteField.optional().describe("One site's bets (a key scoped to a site always reads its own).") });
export const opsSportsLiability = defineOperatorCall({
  path: '/api/ops/sports/liability',
  summary:
    "What the open bets on a match stand to win, per selection and currency (never summed across currencies): the number of open bets, their stakes, and their potential returns if the selection wins (an accumulator's full return is counted on each of its legs: an upper bound). " +
    `Failure keys: notFound, siteNotFound, ${opsFailures}.`,
  payload: opsSportsLiabilityPayload,
  reply: z.object({
    ...okFields,
    match_id: z.number().int().positive(),
    status: z.enum(['upcoming', 'live', 'finished']),
    value: z.array(
      z.object({
        selection_id: z.number().int().positive(),
        bet_type: z.enum(BET_TYPES),
        home_away: z.enum(BET_SIDES),
        criteria1: z.string().nullable(),
        odds: z.string().describe('The price now.'),
        open: z.boolean(),
        bets: z.number().int().nonnegative(),
        stakes: money,
        potential_return: money,
        currency: z
          .string()
          .nullable()
          .describe("The currency of the row's amounts. Sites keep their own currency: without a site, a selection has a row per currency its open bets are in (null: no open bet)."),
      }),
    ),
  }),
});

/** Every operator call, by name. */
export const OPERATOR_CALLS = {
  opsPending,
  opsDepositApprove,
  opsDepositReject,
  opsWithdrawalApprove,
  opsWithdrawalReject,
  opsAdjust,
  opsStatement,
  opsReceipt,
  opsAudit,
  opsReport,
  opsBooks,
  opsSportsResult,
  opsSportsCorrect,
  opsSportsVoid,
  opsSportsHold,
  opsSportsLiability,
  ...COMPLIANCE_OPERATOR_CALLS,
  ...INBOX_OPERATOR_CALLS,
  ...SITE_OPERATOR_CALLS,
  ...TEAM_OPERATOR_CALLS,
  ...PLAYER_OPERATOR_CALLS,
  ...DASHBOARD_OPERATOR_CALLS,
  ...GAMES_OPERATOR_CALLS,
  ...CONTENT_OPERATOR_CALLS,
  ...CMS_OPERATOR_CALLS,
  ...REWARDS_OPERATOR_CALLS,
} as const;
export type OperatorCallName = keyof typeof OPERATOR_CALLS;
