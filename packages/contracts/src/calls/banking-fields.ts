import { z } from 'zod';
import { isoDate, money } from '../envelope.js';

/*
 * The fields the banking calls share (ADR 0015): ids, amounts, pages, time filters, the fields of a
 * payment and the statement's filters. The public ones are re-exported by calls/banking.ts.
 */

// siteInactive and siteExpired: the session's site was switched off or is past its expiry date (ADR 0019).
export const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

/** A positive database id as a payload field. */
export const rowId = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(2_147_483_647, 'invalidValue');

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

/** A bank account number: digits only (docs/product.md §5 number-only rule). */
export const accountNumber = z
  .string('invalidValue')
  .trim()
  .min(6, 'invalidValue')
  .max(30, 'tooLong')
  .regex(/^[0-9]*$/, 'numberOnly')
  .describe('Digits only, 6 to 30.');

export const page = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(10_000, 'invalidValue').default(1);
export const pageSize = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(100, 'invalidValue').default(20);
export const pageFields = { total: z.number().int().nonnegative().describe('Rows matching the filters, over every page.'), page: z.number().int(), page_size: z.number().int() };
/** A time filter: ISO 8601 with offset, within the years the database can compare (no year 0). */
export const timeFilter = isoDate.refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}, 'invalidValue');
export const dateRange = {
  from: timeFilter.optional().describe('Only rows at or after this time (ISO 8601 with offset).'),
  to: timeFilter.optional().describe('Only rows before this time.'),
};

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentFields = {
  reference: z.string().describe("The platform's reference of the request, to quote to support."),
  amount: money,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES).describe('pending → approved | rejected by the operator, or cancelled by the player while pending.'),
  reason: z.string().describe("The operator's reason of a rejection; empty otherwise."),
  created_at: isoDate,
  decided_at: isoDate.nullable().describe('When it was approved, rejected or cancelled.'),
};

export const LEDGER_ACCOUNT_NAMES = ['balance', 'tokens', 'frozen_tokens', 'held'] as const;
/** A ledger entry type as a filter: lower-case letters and underscores (deposit, withdrawal, bet, win, bonus, claim, adjustment, spin...). */
export const entryType = z.string('invalidValue').regex(/^[a-z_]{1,32}$/, 'invalidValue');

export const statementFilters = {
  account: z
    .enum(LEDGER_ACCOUNT_NAMES, 'invalidValue')
    .default('balance')
    .describe('Which ledger: balance (default), tokens (game tokens), frozen_tokens, held (pending withdrawals).'),
  types: z.array(entryType, 'invalidValue').max(20, 'invalidValue').optional().describe('Only entries of these types.'),
  ...dateRange,
  page,
  page_size: pageSize,
};
