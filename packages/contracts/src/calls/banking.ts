import { z } from 'zod';
import { defineCall, okFields, sitePayload } from '../envelope.js';
import { bank, bankAccountAdd, bankAccountRemove, bankAccounts, bankAccountSetDefault, bankingBanks } from './banking-accounts.js';
import { bankingLimits, bankingSummary, DEPOSIT_METHOD_KINDS, depositMethods, receipt, receiptUpload } from './banking-methods.js';
import { depositCancel, depositRequest, deposits, withdrawalCancel, withdrawalRequest, withdrawals } from './banking-payments.js';
import { betHistory, statement } from './banking-history.js';

/*
 * Banking (issue 9, ADR 0015): the player's bank accounts, deposits, withdrawals, statement and bet
 * history (session calls under /api/banking/*), and the operator calls under /api/ops/* that
 * approve and reject them (OPERATOR_CALLS: an operator API key in the Authorization header, never
 * a player session). Amounts travel as exact decimal strings in the site currency.
 *
 * Each sub-feature has its own file (banking-accounts, -methods, -payments, -history, -ops, and the
 * shared banking-fields); this module re-exports their public names, so callers import as before.
 * It keeps the public /banking page's call and the list of the player banking calls.
 */

export { accountNumber, amountInput, LEDGER_ACCOUNT_NAMES, PAYMENT_STATUSES, signedAmountInput, type PaymentStatus } from './banking-fields.js';
export * from './banking-accounts.js';
export * from './banking-methods.js';
export * from './banking-payments.js';
export * from './banking-history.js';
export * from './banking-ops.js';
export * from './banking-books.js';

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
