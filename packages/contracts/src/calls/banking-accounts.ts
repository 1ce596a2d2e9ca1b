import { z } from 'zod';
import { defineCall, isoDate, okFields, sessionPayload } from '../envelope.js';
import { fullName } from '../rules.js';
import { OWNER_PROOF_FAILURES, ownerProofFields } from '../owner-proof.js';
import { accountNumber, rowId, sessionFailures } from './banking-fields.js';

/*
 * Banking (ADR 0015): the banks of a site and the player's own bank accounts.
 */

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
