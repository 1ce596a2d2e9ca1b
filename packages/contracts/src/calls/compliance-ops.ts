import { z } from 'zod';
import { AML_FLAG_STATUSES, AML_RULES, KYC_LEVELS } from '../constants/compliance.js';
import { isoDate, okFields } from '../envelope.js';
import { accountId } from '../rules.js';
import { page, pageFields, pageSize, rowId } from './banking-fields.js';
import { RECEIPT_CONTENT_TYPES } from './banking-methods.js';
import { amlRulesSchema, kycDocumentView, siteComplianceSchema } from './compliance.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';

/*
 * Operator calls of identity verification and anti-money-laundering monitoring (issue 25 §4 and
 * §5, ADR 0040). Each decision is audited in its transaction.
 */

const siteScope = siteField.optional().describe("The site; a site-scoped key's own site when left out, every site for an unscoped key.");

export const opsKycDocument = kycDocumentView.extend({
  site: z.string().describe("The site's external_id."),
  account_id: z.string(),
  full_name: z.string(),
  document_number: z.string().nullable().describe("An approved identity document's number, as the operator read it."),
  reviewed_by: z.string().nullable(),
});
export type OpsKycDocument = z.infer<typeof opsKycDocument>;

export const opsKycPendingPayload = z.strictObject({ site: siteScope, page, page_size: pageSize });
export const opsKycPending = defineOperatorCall({
  path: '/api/ops/kyc/pending',
  summary: `Identity documents waiting for review, oldest first. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsKycPendingPayload,
  reply: z.object({ ...okFields, value: z.array(opsKycDocument), ...pageFields }),
});

export const opsKycImagePayload = z.strictObject({ document_id: rowId });
export const opsKycImage = defineOperatorCall({
  path: '/api/ops/kyc/image',
  summary: `One document with its image (base64). Failure keys: notFound, ${opsFailures}.`,
  payload: opsKycImagePayload,
  reply: z.object({
    ...okFields,
    document: opsKycDocument,
    content_type: z.enum(RECEIPT_CONTENT_TYPES),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    data: z.string().describe('The image, base64-encoded.'),
  }),
});

export const KYC_DECISIONS = ['approve', 'reject'] as const;
export const opsKycReviewPayload = z.strictObject({
    document_id: rowId,
    decision: z.enum(KYC_DECISIONS, 'invalidValue'),
    reason,
    document_number: z
      .string('invalidValue')
      .trim()
      .min(3, 'required')
      .max(40, 'tooLong')
      .regex(/^[A-Za-z0-9 -]+$/, 'invalidFormat')
      .optional()
      .describe("Approving an identity document: its number (letters and digits; spaces and dashes are ignored). It also matches the person's other accounts for a self-exclusion."),
  });
export const opsKycReview = defineOperatorCall({
  path: '/api/ops/kyc/review',
  summary:
    "Approves or rejects a pending document; the reason of a rejection is shown to the player. Approving an identity document needs its document_number. Failure keys: notFound, notPending, " +
    `validationError, ${opsFailures}.`,
  payload: opsKycReviewPayload,
  reply: z.object({ ...okFields, document: opsKycDocument, level: z.enum(KYC_LEVELS).describe("The player's level after the decision."), audit_id: z.number().int().positive() }),
});

export const opsAmlFlag = z.object({
  flag_id: z.number().int().positive(),
  site: z.string().describe("The site's external_id."),
  account_id: z.string(),
  rule: z.enum(AML_RULES),
  reason: z.string().describe('What the rule saw, in words.'),
  evidence: z.record(z.string(), z.unknown()).describe('The facts behind it: amounts, payment ids, other accounts, periods.'),
  status: z.enum(AML_FLAG_STATUSES),
  note: z.string().describe("The operator's note of the decision ('' while open)."),
  decided_by: z.string().nullable(),
  decided_at: isoDate.nullable(),
  created_at: isoDate,
});
export type OpsAmlFlag = z.infer<typeof opsAmlFlag>;

/** What an operator deciding a payment sees of its player (issue 26 §2 Payments). */
export const paymentPlayerChecks = z.object({
  kyc_level: z.enum(KYC_LEVELS).describe('The verification level the player has reached.'),
  risk_flags: z
    .array(opsAmlFlag.pick({ flag_id: true, rule: true, reason: true, status: true, created_at: true }))
    .describe("The player's AML flags that hold withdrawals (open or escalated), oldest first."),
});
export type PaymentPlayerChecks = z.infer<typeof paymentPlayerChecks>;

export const opsAmlFlagsPayload = z.strictObject({
  site: siteScope,
  status: z.enum(AML_FLAG_STATUSES, 'invalidValue').optional().describe('Only flags of this status (every status when left out).'),
  account_id: accountId.optional().describe("One player's flags (with site)."),
  page,
  page_size: pageSize,
});
export const opsAmlFlags = defineOperatorCall({
  path: '/api/ops/aml/flags',
  summary: `The anti-money-laundering review queue, oldest first. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsAmlFlagsPayload,
  reply: z.object({ ...okFields, value: z.array(opsAmlFlag), ...pageFields }),
});

export const AML_DECISIONS = ['clear', 'escalate'] as const;
export const opsAmlDecidePayload = z.strictObject({ flag_id: rowId, decision: z.enum(AML_DECISIONS, 'invalidValue'), note: reason });
export const opsAmlDecide = defineOperatorCall({
  path: '/api/ops/aml/decide',
  summary:
    "Clears a flag (the player's withdrawals are released once no flag holds them) or escalates it (to the compliance officer; it still holds them). " +
    `An escalated flag can be cleared later. Failure keys: notFound, notPending, ${opsFailures}.`,
  payload: opsAmlDecidePayload,
  reply: z.object({ ...okFields, flag: opsAmlFlag, audit_id: z.number().int().positive() }),
});

export const opsCompliancePayload = z.strictObject({ site: siteField });
export const opsCompliance = defineOperatorCall({
  path: '/api/ops/compliance',
  summary: `A site's age, identity and anti-money-laundering rules. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsCompliancePayload,
  reply: z.object({ ...okFields, ...siteComplianceSchema.shape }),
});

/** A rule of amlRulesSchema left out when not sent: its default would reset the rule (the others stay). */
const changed = <T extends z.ZodType>(field: z.ZodDefault<T>) => field.unwrap().optional().describe(field.description ?? '');
const aml = amlRulesSchema.shape;
const amlRulesChange = z.strictObject({
  large_deposit: changed(aml.large_deposit),
  large_withdrawal: changed(aml.large_withdrawal),
  period_deposits: changed(aml.period_deposits),
  low_turnover: changed(aml.low_turnover),
  small_deposits: changed(aml.small_deposits),
  shared_bank_account: changed(aml.shared_bank_account),
  shared_device: changed(aml.shared_device),
});

export const opsComplianceSetPayload = z.strictObject({
  site: siteField,
  ...siteComplianceSchema.partial().shape,
  aml: amlRulesChange.optional().describe('The rules to change; the others stay.'),
  reason,
});
export const opsComplianceSet = defineOperatorCall({
  path: '/api/ops/compliance/set',
  summary: `Changes some of a site's rules; the others stay. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsComplianceSetPayload,
  reply: z.object({ ...okFields, ...siteComplianceSchema.shape, audit_id: z.number().int().positive() }),
});

export const COMPLIANCE_OPERATOR_CALLS = { opsKycPending, opsKycImage, opsKycReview, opsAmlFlags, opsAmlDecide, opsCompliance, opsComplianceSet } as const;
