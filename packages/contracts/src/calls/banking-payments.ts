import { z } from 'zod';
import { defineCall, money, okFields, sessionPayload } from '../envelope.js';
import { amountInput, dateRange, page, pageFields, pageSize, PAYMENT_STATUSES, paymentFields, rowId, sessionFailures } from './banking-fields.js';
import { receivingAccount } from './banking-methods.js';

/*
 * Banking (ADR 0015): the player's deposit and withdrawal requests.
 */

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
    'Failure keys: notFound, amountTooSmall, amountTooLarge, limitExceeded (a deposit limit of the player: the reply names it and what it leaves), ' +
    `receiptInUse, notClaimable, alreadyClaimed, tooManyRequests, validationError, ${sessionFailures}, underMaintenance.`,
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
  cancellable: z.boolean().describe('true: pending, and the site lets players cancel their own withdrawals (ADR 0040).'),
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
    `Failure keys: notFound, amountTooSmall, amountTooLarge, insufficientBalance, kycRequired (with level and missing: the documents to upload first, ADR 0040), validationError, ${sessionFailures}, underMaintenance.`,
  payload: withdrawalRequestPayload,
  reply: withdrawalReply,
});

export const withdrawalCancelPayload = z.strictObject({ ...sessionPayload, withdrawal_id: rowId });
export const withdrawalCancel = defineCall({
  path: '/api/banking/withdrawal/cancel',
  method: 'POST',
  access: 'session',
  tag: 'Banking',
  summary: `Cancels one of the player's pending withdrawals; the held amount returns to the balance. Failure keys: notFound, notPending, withdrawalNotCancellable (the site does not let players cancel withdrawals), validationError, ${sessionFailures}, underMaintenance.`,
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
