import { z } from 'zod';
import { defineCall, isoDate, money, okFields, sessionPayload } from '../envelope.js';
import { LOCALE_CODES } from '../constants/locales.js';
import { rowId, sessionFailures } from './banking-fields.js';

/*
 * Banking (ADR 0015): the player's banking summary, the site's deposit methods and deposit receipts.
 */

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
