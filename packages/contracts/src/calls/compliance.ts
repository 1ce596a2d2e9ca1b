import { z } from 'zod';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_STATUSES, KYC_LEVELS, MINIMUM_AGE_RANGE } from '../constants/compliance.js';
import { LIMIT_PERIODS } from '../constants/responsible.js';
import { defineCall, isoDate, okFields, sessionPayload } from '../envelope.js';
import { amountInput, sessionFailures } from './banking-fields.js';
import { RECEIPT_BODY_LIMIT_BYTES, RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BASE64, RECEIPT_MAX_BYTES } from './banking-methods.js';

/*
 * Identity verification (issue 25 §4, ADR 0040): the player's documents and level. Operator calls
 * (review, AML flags, a site's rules) are in calls/compliance-ops.ts.
 */

export const kycDocumentView = z.object({
  document_id: z.number().int().positive(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  reason: z.string().describe("The operator's reason of a rejection ('' otherwise): what to upload instead."),
  created_at: isoDate,
  reviewed_at: isoDate.nullable(),
});
export type KycDocumentView = z.infer<typeof kycDocumentView>;

export const kycStatusReply = z.object({
  ...okFields,
  level: z.enum(KYC_LEVELS).describe('none; identity: an identity document and a selfie approved; full: a proof of address approved too.'),
  documents: z.array(kycDocumentView).describe("The player's uploads, newest first."),
  withdrawal_level: z
    .enum(KYC_LEVELS)
    .describe("The level the site asks before the player's next withdrawal (none: no check now); from the site's rules and what the player has withdrawn."),
  missing: z.array(z.enum(KYC_DOCUMENT_KINDS)).describe('The kinds still to upload (or to upload again) to reach withdrawal_level.'),
});
export type KycStatusReply = z.infer<typeof kycStatusReply>;

export const kycStatus = defineCall({
  path: '/api/kyc/status',
  method: 'POST',
  access: 'session',
  tag: 'Identity',
  summary: `The player's verification level, documents (with an operator's reason for a rejection), and what the site asks before a withdrawal. Failure keys: validationError, ${sessionFailures}.`,
  payload: z.strictObject({ ...sessionPayload }),
  reply: kycStatusReply,
});

export const kycUploadPayload = z.strictObject({
  ...sessionPayload,
  kind: z.enum(KYC_DOCUMENT_KINDS, 'invalidValue').describe('identity: a passport, identity card or driving licence; selfie: the player holding it; address: a bill or bank statement.'),
  content_type: z.enum(RECEIPT_CONTENT_TYPES, 'invalidValue').describe('What the image is; its bytes must say the same.'),
  data: z
    .string('invalidValue')
    .min(4, 'required')
    .max(RECEIPT_MAX_BASE64, 'tooLong')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'invalidFormat')
    .describe(`The image, base64-encoded: PNG, JPEG or WebP of at most ${RECEIPT_MAX_BYTES / 1024 / 1024} MiB.`),
});
export const kycUploadReply = z.object({ ...okFields, document: kycDocumentView });

export const kycUpload = defineCall({
  path: '/api/kyc/upload',
  method: 'POST',
  access: 'session',
  tag: 'Identity',
  summary:
    'Uploads an identity document for an operator to review. The image is checked by its real type and size and encoded again (only its pixels are kept: ' +
    `no location or camera data). This call takes bodies up to ${Math.round(RECEIPT_BODY_LIMIT_BYTES / 1024)} KiB. ` +
    `Failure keys: invalidImage, payloadTooLarge, tooManyRequests, validationError, ${sessionFailures}.`,
  payload: kycUploadPayload,
  reply: kycUploadReply,
});

/** A withdrawal refused for want of verification: the level asked and the documents still to upload. */
export const kycRequiredReply = z.object({
  statusCode: z.literal(0),
  message: z.literal('kycRequired'),
  level: z.enum(KYC_LEVELS),
  missing: z.array(z.enum(KYC_DOCUMENT_KINDS)),
});
export type KycRequiredReply = z.infer<typeof kycRequiredReply>;

/** A signup refused for the player's age: the site's minimum age, so the site can say it. */
export const underAgeReply = z.object({
  statusCode: z.literal(0),
  message: z.literal('underAge'),
  minimum_age: z.number().int().positive(),
});
export type UnderAgeReply = z.infer<typeof underAgeReply>;

export const KYC_CALLS = { kycStatus, kycUpload } as const;

// ---------------------------------------------------------------------------------------------
// A site's rules (read by the operator calls; the anti-money-laundering rules are documented here)

const threshold = amountInput;
export const amlRulesSchema = z
  .strictObject({
    large_deposit: z.strictObject({ above: threshold }).nullable().default(null).describe('Flags one deposit above the amount.'),
    large_withdrawal: z.strictObject({ above: threshold }).nullable().default(null).describe('Flags one withdrawal above the amount.'),
    period_deposits: z
      .strictObject({ above: threshold, period: z.enum(LIMIT_PERIODS, 'invalidValue') })
      .nullable()
      .default(null)
      .describe('Flags deposits within the rolling period (day, week, month) adding up to more than the amount.'),
    low_turnover: z
      .strictObject({ share: z.string('invalidValue').regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'invalidValue') })
      .nullable()
      .default(null)
      .describe('Flags a withdrawal when the stakes since the last approved deposit are below this share (0 to 1) of that deposit.'),
    small_deposits: z
      .strictObject({ below: threshold, count: z.number('invalidValue').int('invalidValue').min(2, 'invalidValue').max(1000, 'invalidValue'), period: z.enum(LIMIT_PERIODS, 'invalidValue') })
      .nullable()
      .default(null)
      .describe('Flags the count-th deposit below the amount within the rolling period.'),
    shared_bank_account: z.boolean('invalidValue').default(true).describe("Flags a bank account number that another player on the operator's sites uses."),
    shared_device: z.boolean('invalidValue').default(true).describe("Flags a signup from a device (visitor id) another player of the operator's sites signed up from."),
  })
  .describe('The anti-money-laundering rules; null (or false) switches a rule off.');
export type AmlRules = z.output<typeof amlRulesSchema>;

export const siteComplianceSchema = z.strictObject({
  minimum_age: z.number('invalidValue').int('invalidValue').min(MINIMUM_AGE_RANGE.min, 'invalidValue').max(MINIMUM_AGE_RANGE.max, 'invalidValue').describe('Younger players are refused at signup.'),
  kyc_before_first_withdrawal: z.boolean('invalidValue').describe('true: a player is verified (kyc_level) before the first withdrawal.'),
  kyc_withdrawals_above: threshold
    .nullable()
    .describe('Verification (kyc_level) before a withdrawal that takes what the player has withdrawn (paid and pending) above this amount; null: none.'),
  kyc_level: z.enum(['identity', 'full'], 'invalidValue').describe('The level those rules ask for.'),
  player_cancels_withdrawals: z.boolean('invalidValue').describe('false: a player cannot cancel a pending withdrawal (markets that forbid reversing them).'),
  aml: amlRulesSchema,
});
export type SiteCompliance = z.output<typeof siteComplianceSchema>;
