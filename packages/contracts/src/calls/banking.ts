import { z } from 'zod';
import { defineCall, isoDate, money, okFields, sessionPayload, sitePayload } from '../envelope.js';
import { domainName, fullName, accountId } from '../rules.js';
import { OWNER_PROOF_FAILURES, ownerProofFields } from '../owner-proof.js';
import { BET_SIDES, BET_TYPES, decimalOdds, teamNameFields } from './home.js';
import { LOCALE_CODES } from '../constants/locales.js';
import { gameType } from './product.js';

/*
 * Banking (issue 9, ADR 0015): the player's bank accounts, deposits, withdrawals, statement and bet
 * history (session calls under /api/banking/*), and the operator calls under /api/ops/* that
 * approve and reject them (OPERATOR_CALLS: an operator API key in the Authorization header, never
 * a player session). Amounts travel as exact decimal strings in the site currency.
 */

// siteInactive and siteExpired: the session's site was switched off or is past its expiry date (ADR 0019).
const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

/** A positive database id as a payload field. */
const rowId = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(2_147_483_647, 'invalidValue');

/** An amount as typed: a positive decimal of at most 16 digits and 4 decimals (numeric(20,4)), never a float. */
export const amountInput = z
  .string('invalidValue')
  .trim()
  .regex(/^\d{1,16}(\.\d{1,4})?$/, 'invalidFormat')
  .refine((value) => /[1-9]/.test(value), 'invalidValue')
  .describe('A positive exact decimal string in the site currency, at most 4 decimals ("500", "1250.50").');

/** A signed, non-zero amount (an operator's balance adjustment). */
export const signedAmountInput = z
  .string('invalidValue')
  .trim()
  .regex(/^[+-]?\d{1,16}(\.\d{1,4})?$/, 'invalidFormat')
  .refine((value) => /[1-9]/.test(value), 'invalidValue')
  .describe('A signed exact decimal string: "+500" or "500" credits, "-20.5" debits.');

/** A bank account number: digits only (spec §5 number-only rule). */
export const accountNumber = z
  .string('invalidValue')
  .trim()
  .min(6, 'invalidValue')
  .max(30, 'tooLong')
  .regex(/^[0-9]*$/, 'numberOnly')
  .describe('Digits only, 6 to 30.');

const page = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(10_000, 'invalidValue').default(1);
const pageSize = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(100, 'invalidValue').default(20);
const pageFields = { total: z.number().int().nonnegative().describe('Rows matching the filters, over every page.'), page: z.number().int(), page_size: z.number().int() };
/** A time filter: ISO 8601 with offset, within the years the database can compare (no year 0). */
const timeFilter = isoDate.refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}, 'invalidValue');
const dateRange = {
  from: timeFilter.optional().describe('Only rows at or after this time (ISO 8601 with offset).'),
  to: timeFilter.optional().describe('Only rows before this time.'),
};

// ---------------------------------------------------------------------------------------------
// Banks and the player's bank accounts

export const BANK_KINDS = ['bank', 'e_wallet'] as const;

export const bank = z.object({
  bank_id: z.number().int().positive(),
  code: z.string().describe('Short code of the bank, e.g. "BDO", "VCB".'),
  name: z.string(),
  kind: z.enum(BANK_KINDS).describe('bank: a bank account; e_wallet: a mobile wallet account (its number is the account number).'),
});
export type Bank = z.infer<typeof bank>;

export const bankingBanksPayload = z.strictObject({ ...sessionPayload });
export const bankingBanksReply = z.object({ ...okFields, value: z.array(bank).describe("The banks of the site's currency a player may add an account at, in display order.") });
export type BankingBanksReply = z.infer<typeof bankingBanksReply>;

export const bankingBanks = defineCall({
  path: '/api/banking/banks',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `The banks (and mobile wallets) of the site a player can hold an account at. Failure keys: validationError, ${sessionFailures}.`,
  payload: bankingBanksPayload,
  reply: bankingBanksReply,
});

export const bankAccount = z.object({
  bank_account_id: z.number().int().positive(),
  bank_id: z.number().int().positive(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  is_default: z.boolean().describe('The account withdrawals go to unless another is chosen; exactly one account is the default.'),
  created_at: isoDate,
});
export type BankAccount = z.infer<typeof bankAccount>;

export const bankAccountListReply = z.object({
  ...okFields,
  value: z.array(bankAccount).describe("The player's bank accounts, the default first, then the newest."),
  max_accounts: z.number().int().positive().describe('How many accounts the site lets a player hold.'),
  full_name: z.string().describe("The player's full name: an account's name must match it."),
});
export type BankAccountListReply = z.infer<typeof bankAccountListReply>;

export const bankAccountsPayload = z.strictObject({ ...sessionPayload });
export const bankAccounts = defineCall({
  path: '/api/banking/accounts',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `The player's bank accounts. Failure keys: validationError, ${sessionFailures}.`,
  payload: bankAccountsPayload,
  reply: bankAccountListReply,
});

export const bankAccountAddPayload = z.strictObject({
  ...sessionPayload,
  bank_id: rowId,
  account_name: fullName.describe("The name on the account: must be the player's full name (case and spacing aside)."),
  account_number: accountNumber,
  is_default: z.boolean('invalidValue').optional().describe("Make it the default account (the player's first account always is)."),
  ...ownerProofFields,
});

export const bankAccountAdd = defineCall({
  path: '/api/banking/accounts/add',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    "Adds a bank account at one of the site's banks, in the player's own name, and answers the updated list. Needs the password or a " +
    'fresh login code; the change is audited and the player gets an inbox notice. ' +
    `Failure keys: ${OWNER_PROOF_FAILURES}, notFound (bank), fullNameRequired, accountNameMismatch, bankAccountExists, tooManyBankAccounts, validationError, ${sessionFailures}.`,
  payload: bankAccountAddPayload,
  reply: bankAccountListReply,
});

export const bankAccountSetDefaultPayload = z.strictObject({ ...sessionPayload, bank_account_id: rowId, ...ownerProofFields });
export const bankAccountSetDefault = defineCall({
  path: '/api/banking/accounts/set_default',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    "Makes one of the player's accounts the default and answers the updated list. Needs the password or a fresh login code; the change is " +
    `audited and the player gets an inbox notice. Failure keys: ${OWNER_PROOF_FAILURES}, notFound, validationError, ${sessionFailures}.`,
  payload: bankAccountSetDefaultPayload,
  reply: bankAccountListReply,
});

export const bankAccountRemovePayload = z.strictObject({ ...sessionPayload, bank_account_id: rowId, ...ownerProofFields });
export const bankAccountRemove = defineCall({
  path: '/api/banking/accounts/remove',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    'Removes one of the player\'s accounts (kept for the records and for withdrawals already requested to it; the newest other ' +
    'account becomes the default) and answers the updated list. Needs the password or a fresh login code; the change is audited and the ' +
    `player gets an inbox notice. Failure keys: ${OWNER_PROOF_FAILURES}, notFound, validationError, ${sessionFailures}.`,
  payload: bankAccountRemovePayload,
  reply: bankAccountListReply,
});

// ---------------------------------------------------------------------------------------------
// Summary, deposit methods and receipts

export const bankingLimits = z.object({
  min_deposit: money,
  max_deposit: money,
  min_withdrawal: money,
  max_withdrawal: money,
});
export type BankingLimits = z.infer<typeof bankingLimits>;

export const bankingSummaryPayload = z.strictObject({ ...sessionPayload });
export const bankingSummaryReply = z.object({
  ...okFields,
  currency: z.string().describe('The site currency code of every amount.'),
  game_balance: money.describe('The available balance (what get_balance answers): what can be played or withdrawn.'),
  held_balance: money.describe('The amount of pending withdrawals, held until they are approved, rejected or cancelled.'),
  total_balance: money.describe('game_balance + held_balance.'),
  limits: bankingLimits,
  max_accounts: z.number().int().positive(),
  pending_deposits: z.number().int().nonnegative(),
  pending_withdrawals: z.number().int().nonnegative(),
});
export type BankingSummaryReply = z.infer<typeof bankingSummaryReply>;

export const bankingSummary = defineCall({
  path: '/api/banking/summary',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `The player's available and held balance, the site's deposit and withdrawal limits and the number of pending requests. Failure keys: notFound (the site has no banking), validationError, ${sessionFailures}.`,
  payload: bankingSummaryPayload,
  reply: bankingSummaryReply,
});

export const DEPOSIT_METHOD_KINDS = ['bank_transfer', 'e_wallet'] as const;

export const receivingAccount = z.object({
  receiving_account_id: z.number().int().positive(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
});
export type ReceivingAccount = z.infer<typeof receivingAccount>;

export const depositMethod = z.object({
  method_id: z.number().int().positive(),
  kind: z.enum(DEPOSIT_METHOD_KINDS).describe('bank_transfer: to one of the operator\'s bank accounts; e_wallet: to its mobile wallet account.'),
  name: z.string(),
  instructions: z.string().describe('Plain text shown with the receiving accounts.'),
  receiving_accounts: z.array(receivingAccount).describe('Where the player sends the money.'),
});
export type DepositMethod = z.infer<typeof depositMethod>;

export const depositPromotion = z.object({
  promotion_id: z.number().int().positive(),
  title: z.string(),
  reward_amount: money.nullable(),
  reward_type: z.enum(['balance', 'tokens']).nullable(),
});

export const depositMethodsPayload = z.strictObject({
  ...sessionPayload,
  language: z.enum(LOCALE_CODES, 'invalidValue').optional().describe("The player's language (a locale code) for the promotions' titles; English when missing."),
});
export const depositMethodsReply = z.object({
  ...okFields,
  currency: z.string(),
  min_deposit: money,
  max_deposit: money,
  value: z.array(depositMethod).describe("The site's deposit methods with their receiving accounts, in display order."),
  promotions: z
    .array(depositPromotion)
    .describe('Running deposit promotions the player has not joined yet: one may be named with a deposit, and its reward is credited when the deposit is approved.'),
});
export type DepositMethodsReply = z.infer<typeof depositMethodsReply>;

export const depositMethods = defineCall({
  path: '/api/banking/deposit_methods',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `The site's deposit methods with the operator's receiving accounts, the deposit limits and the promotions a deposit may join. Failure keys: notFound (the site has no banking), validationError, ${sessionFailures}.`,
  payload: depositMethodsPayload,
  reply: depositMethodsReply,
});

export const RECEIPT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** A receipt image is at most 2 MiB. */
export const RECEIPT_MAX_BYTES = 2 * 1024 * 1024;
/** Its base64 text is at most this long; the upload route takes bodies up to RECEIPT_BODY_LIMIT_BYTES. */
export const RECEIPT_MAX_BASE64 = Math.ceil(RECEIPT_MAX_BYTES / 3) * 4;
export const RECEIPT_BODY_LIMIT_BYTES = RECEIPT_MAX_BASE64 + 16 * 1024;

export const receiptInfo = z.object({
  receipt_id: z.number().int().positive(),
  content_type: z.enum(RECEIPT_CONTENT_TYPES),
  size: z.number().int().positive().describe('Bytes.'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  created_at: isoDate,
});

export const receiptUploadPayload = z.strictObject({
  ...sessionPayload,
  content_type: z.enum(RECEIPT_CONTENT_TYPES, 'invalidValue').describe('What the image is; its bytes must say the same.'),
  data: z
    .string('invalidValue')
    .min(4, 'required')
    .max(RECEIPT_MAX_BASE64, 'tooLong')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'invalidFormat')
    .describe(`The image, base64-encoded: PNG, JPEG or WebP of at most ${RECEIPT_MAX_BYTES / 1024 / 1024} MiB.`),
});
export const receiptUploadReply = z.object({ ...okFields, ...receiptInfo.shape });
export type ReceiptUploadReply = z.infer<typeof receiptUploadReply>;

export const receiptUpload = defineCall({
  path: '/api/banking/receipt_upload',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    'Stores a transfer receipt image for a deposit request and answers its id. The image is checked by its real type (PNG, JPEG or ' +
    `WebP, read from its bytes) and size; this call takes bodies up to ${Math.round(RECEIPT_BODY_LIMIT_BYTES / 1024)} KiB. ` +
    `Failure keys: invalidImage, payloadTooLarge, tooManyRequests, validationError, ${sessionFailures}.`,
  payload: receiptUploadPayload,
  reply: receiptUploadReply,
});

export const receiptPayload = z.strictObject({ ...sessionPayload, receipt_id: rowId });
export const receiptReply = z.object({ ...okFields, ...receiptInfo.shape, data: z.string().describe('The image, base64-encoded.') });
export type ReceiptReply = z.infer<typeof receiptReply>;

export const receipt = defineCall({
  path: '/api/banking/receipt',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `One of the player's own receipt images (another player's answers notFound). Failure keys: notFound, validationError, ${sessionFailures}.`,
  payload: receiptPayload,
  reply: receiptReply,
});

// ---------------------------------------------------------------------------------------------
// Deposits and withdrawals

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const paymentFields = {
  reference: z.string().describe("The platform's reference of the request, to quote to support."),
  amount: money,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES).describe('pending → approved | rejected by the operator, or cancelled by the player while pending.'),
  reason: z.string().describe("The operator's reason of a rejection; empty otherwise."),
  created_at: isoDate,
  decided_at: isoDate.nullable().describe('When it was approved, rejected or cancelled.'),
};

export const depositRecord = z.object({
  deposit_id: z.number().int().positive(),
  ...paymentFields,
  method_id: z.number().int().positive().nullable(),
  method_name: z.string().nullable(),
  receiving_account: receivingAccount.nullable().describe('The operator account the player paid into.'),
  transfer_reference: z.string().describe("The player's reference of the transfer."),
  receipt_id: z.number().int().positive().nullable(),
  promotion_id: z.number().int().positive().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

export const depositRequestPayload = z
  .strictObject({
    ...sessionPayload,
    method_id: rowId,
    receiving_account_id: rowId,
    amount: amountInput,
    transfer_reference: z.string('invalidValue').trim().max(64, 'tooLong').optional().describe("The bank's reference of the transfer."),
    receipt_id: rowId.optional().describe('A receipt uploaded with receipt_upload.'),
    promotion_id: rowId.optional().describe('A promotion of deposit_methods to join with this deposit.'),
  })
  // A deposit the operator cannot match to a transfer is of no use: a reference or a receipt.
  .refine((payload) => !!payload.transfer_reference || payload.receipt_id !== undefined, { message: 'required', path: ['transfer_reference'] });

export const depositReply = z.object({ ...okFields, value: depositRecord });
export type DepositReply = z.infer<typeof depositReply>;

export const depositRequest = defineCall({
  path: '/api/banking/deposit',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    'Asks for a deposit made by transfer to one of the site\'s receiving accounts, with the transfer\'s reference or a receipt ' +
    '(at least one): the request is pending until the operator approves it (the balance is credited then, exactly once) or rejects it. ' +
    `Failure keys: notFound, amountTooSmall, amountTooLarge, receiptInUse, notClaimable, alreadyClaimed, tooManyRequests, validationError, ${sessionFailures}, underMaintenance.`,
  payload: depositRequestPayload,
  reply: depositReply,
});

export const depositCancelPayload = z.strictObject({ ...sessionPayload, deposit_id: rowId });
export const depositCancel = defineCall({
  path: '/api/banking/deposit/cancel',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `Cancels one of the player's pending deposits. Failure keys: notFound, notPending, validationError, ${sessionFailures}.`,
  payload: depositCancelPayload,
  reply: depositReply,
});

const listFilters = {
  status: z.enum(PAYMENT_STATUSES, 'invalidValue').optional().describe('Only this status.'),
  ...dateRange,
  page,
  page_size: pageSize,
};

export const depositsPayload = z.strictObject({ ...sessionPayload, ...listFilters });
/** The count and the exact sum of the amounts of every request matching the filters (every page, not only the one answered). */
const paymentTotals = z
  .object({ count: z.number().int().nonnegative(), amount: money.describe('Sum of the amounts of every matching request.') })
  .describe('Over every matching request (every page).');
export const depositsReply = z.object({
  ...okFields,
  value: z.array(depositRecord).describe("One page of the player's deposits, newest first."),
  ...pageFields,
  totals: paymentTotals,
});
export type DepositsReply = z.infer<typeof depositsReply>;

export const deposits = defineCall({
  path: '/api/banking/deposits',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `The player's deposits, newest first, by status and date, a page at a time, with the count and sum of every matching deposit. Failure keys: validationError, ${sessionFailures}.`,
  payload: depositsPayload,
  reply: depositsReply,
});

export const withdrawalRecord = z.object({
  withdrawal_id: z.number().int().positive(),
  ...paymentFields,
  bank_account: z
    .object({ bank_account_id: z.number().int().positive(), bank_name: z.string(), account_name: z.string(), account_number: z.string() })
    .nullable()
    .describe('Where the money is paid.'),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

const balanceFields = {
  game_balance: money.describe('The available balance after the call.'),
  held_balance: money.describe('The amount held for pending withdrawals after the call.'),
};

export const withdrawalRequestPayload = z.strictObject({ ...sessionPayload, bank_account_id: rowId, amount: amountInput });
export const withdrawalReply = z.object({ ...okFields, value: withdrawalRecord, ...balanceFields });
export type WithdrawalReply = z.infer<typeof withdrawalReply>;

export const withdrawalRequest = defineCall({
  path: '/api/banking/withdrawal',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary:
    "Asks for a withdrawal to one of the player's bank accounts. The amount is held at once (it leaves the available balance and " +
    'shows as held) and is paid out when the operator approves, or returned when the request is rejected or cancelled. ' +
    `Failure keys: notFound, amountTooSmall, amountTooLarge, insufficientBalance, validationError, ${sessionFailures}, underMaintenance.`,
  payload: withdrawalRequestPayload,
  reply: withdrawalReply,
});

export const withdrawalCancelPayload = z.strictObject({ ...sessionPayload, withdrawal_id: rowId });
export const withdrawalCancel = defineCall({
  path: '/api/banking/withdrawal/cancel',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `Cancels one of the player's pending withdrawals; the held amount returns to the balance. Failure keys: notFound, notPending, validationError, ${sessionFailures}, underMaintenance.`,
  payload: withdrawalCancelPayload,
  reply: withdrawalReply,
});

export const withdrawalsPayload = z.strictObject({ ...sessionPayload, ...listFilters });
export const withdrawalsReply = z.object({
  ...okFields,
  value: z.array(withdrawalRecord).describe("One page of the player's withdrawals, newest first."),
  ...pageFields,
  totals: paymentTotals,
  ...balanceFields,
});
export type WithdrawalsReply = z.infer<typeof withdrawalsReply>;

export const withdrawals = defineCall({
  path: '/api/banking/withdrawals',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `The player's withdrawals, newest first, by status and date, a page at a time, with the count and sum of every matching withdrawal and the available and held balance. Failure keys: validationError, ${sessionFailures}.`,
  payload: withdrawalsPayload,
  reply: withdrawalsReply,
});

// ---------------------------------------------------------------------------------------------
// Statement and bet history

export const LEDGER_ACCOUNT_NAMES = ['balance', 'tokens', 'frozen_tokens', 'held'] as const;
/** A ledger entry type as a filter: lower-case letters and underscores (deposit, withdrawal, bet, win, bonus, claim, adjustment, spin...). */
const entryType = z.string('invalidValue').regex(/^[a-z_]{1,32}$/, 'invalidValue');

const statementFilters = {
  account: z
    .enum(LEDGER_ACCOUNT_NAMES, 'invalidValue')
    .default('balance')
    .describe('Which ledger: balance (default), tokens (game tokens), frozen_tokens, held (pending withdrawals).'),
  types: z.array(entryType, 'invalidValue').max(20, 'invalidValue').optional().describe('Only entries of these types.'),
  ...dateRange,
  page,
  page_size: pageSize,
};

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
export const BET_STATUSES = ['pending', 'won', 'lost', 'void'] as const;

export const betRecord = z.object({
  bet_id: z.string().describe('Unique within the reply: "g:<game session>:<round>" or "s:<sports bet id>".'),
  kind: z.enum(BET_KINDS),
  status: z.enum(BET_STATUSES).describe('pending: not settled yet; won: paid something; lost: paid nothing; void: reversed (stake returned).'),
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
  // Sports bets: the bet display fields of spec §3
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
    "The player's game rounds (from the providers' wallet callbacks) and sports bets (with the bet display fields of spec §3), " +
    `latest first, by kind, status and date, a page at a time. Failure keys: validationError, ${sessionFailures}.`,
  payload: betHistoryPayload,
  reply: betHistoryReply,
});

// ---------------------------------------------------------------------------------------------
// What anybody may read of a site's banking: the /banking page (before logging in too)

export const bankingInfoMethod = z.object({
  method_id: z.number().int().positive(),
  kind: z.enum(DEPOSIT_METHOD_KINDS),
  name: z.string(),
  instructions: z.string(),
  banks: z.array(z.string()).describe("The banks the operator receives this method's transfers at (names only: account numbers are shown to logged-in players)."),
});
export type BankingInfoMethod = z.infer<typeof bankingInfoMethod>;

export const bankingInfoPayload = z.strictObject({ ...sitePayload });
export const bankingInfoReply = z.object({
  ...okFields,
  currency: z.string(),
  limits: bankingLimits,
  max_accounts: z.number().int().positive().describe('How many bank accounts a player may hold.'),
  methods: z.array(bankingInfoMethod).describe('The deposit methods, in display order.'),
  banks: z.array(bank).describe('The banks (and mobile wallets) a player may withdraw to.'),
});
export type BankingInfoReply = z.infer<typeof bankingInfoReply>;

export const bankingInfo = defineCall({
  path: '/api/banking/info',
  method: 'POST',
  access: 'public',
  tag: 'Banking',
  summary:
    "A site's deposit methods (without the receiving account numbers), its deposit and withdrawal limits and the banks a player may " +
    'withdraw to, for the /banking page. Failure keys: notFound (the site has no banking), siteNotFound, siteInactive, underMaintenance, validationError.',
  payload: bankingInfoPayload,
  reply: bankingInfoReply,
});

/** The player banking calls, registered in CALLS. */
export const BANKING_CALLS = {
  bankingInfo,
  bankingSummary,
  bankingBanks,
  bankAccounts,
  bankAccountAdd,
  bankAccountSetDefault,
  bankAccountRemove,
  depositMethods,
  receiptUpload,
  receipt,
  depositRequest,
  depositCancel,
  deposits,
  withdrawalRequest,
  withdrawalCancel,
  withdrawals,
  statement,
  betHistory,
} as const;

// ---------------------------------------------------------------------------------------------
// Operator calls (/api/ops/*): `authorization: Bearer <operator key>`, never a player session.

/** What an operator call is: a POST with a JSON body, authenticated by the operator's key in a header. */
export interface OperatorCallDefinition<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  path: `/api/ops/${string}`;
  method: 'POST';
  summary: string;
  tag: 'Operator';
  payload: P;
  reply: R;
}

function defineOperatorCall<P extends z.ZodType, R extends z.ZodType>(call: Omit<OperatorCallDefinition<P, R>, 'method' | 'tag'>): OperatorCallDefinition<P, R> {
  return { ...call, method: 'POST', tag: 'Operator' };
}

const opsFailures = 'invalidApiKey (no, unknown or disabled key), permissionDenied (a site outside the key\'s scope), validationError';
const reason = z.string('invalidValue').trim().min(3, 'required').max(500, 'tooLong').describe('Why: kept in the audit log (and shown to the player on a rejection).');
const siteField = domainName.describe('The site, by one of its domain names (e.g. "casino1.localhost").');

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
});
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
  summary: `Credits or debits a player's balance with a reason (ledger type adjustment); a debit never takes the balance below zero. Failure keys: siteNotFound, accountNotFound, insufficientBalance, idempotencyConflict (the key was used with another site, account or amount), ${opsFailures}.`,
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
  actor: z.string().describe('"operator:<name>" for the HTTP API, "cli:<name>" for the command-line tool.'),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  site: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: isoDate,
});

export const opsAuditPayload = z.strictObject({ site: siteField.optional(), page, page_size: pageSize });
export const opsAuditReply = z.object({ ...okFields, value: z.array(opsAuditEntry).describe('Newest first.'), ...pageFields });
export type OpsAuditReply = z.infer<typeof opsAuditReply>;

export const opsAudit = defineOperatorCall({
  path: '/api/ops/audit',
  summary: `The audit log of operator actions (who, what, when and why), newest first. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsAuditPayload,
  reply: opsAuditReply,
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
} as const;
export type OperatorCallName = keyof typeof OPERATOR_CALLS;
