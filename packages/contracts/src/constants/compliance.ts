/*
 * Age, identity and anti-money-laundering rules (issue 25 §4 and §5, ADR 0040). Plain values,
 * without schemas, so the site's screens can list them; the calls of calls/compliance.ts validate
 * with them and the database checks them.
 */

/** A site's minimum age when its operator set none; a site may set a higher one (21 in some markets). */
export const DEFAULT_MINIMUM_AGE = 18;
export const MINIMUM_AGE_RANGE = { min: 18, max: 25 } as const;

/** The whole years between a date of birth (YYYY-MM-DD) and `today` (YYYY-MM-DD), both calendar dates. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** What a player uploads to prove who they are: an identity document, a selfie holding it, a proof of address. */
export const KYC_DOCUMENT_KINDS = ['identity', 'selfie', 'address'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
export const KYC_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

/**
 * Verification levels: `identity` once an identity document and a selfie are approved, `full` once
 * a proof of address is approved too.
 */
export const KYC_LEVELS = ['none', 'identity', 'full'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
/** The documents each level needs. */
export const KYC_LEVEL_DOCUMENTS: Record<Exclude<KycLevel, 'none'>, readonly KycDocumentKind[]> = {
  identity: ['identity', 'selfie'],
  full: ['identity', 'selfie', 'address'],
};

/** Uploads a player may make in a day: enough to retry a blurred photo, not a free image host. */
export const KYC_UPLOADS_PER_DAY = 20;

/** The anti-money-laundering rules a site can switch on (issue 25 §5). */
export const AML_RULES = [
  /** One deposit above a threshold. */
  'large_deposit',
  /** One withdrawal above a threshold. */
  'large_withdrawal',
  /** Deposits within a rolling period adding up to more than a threshold. */
  'period_deposits',
  /** A withdrawal after a deposit played through less than a share of it. */
  'low_turnover',
  /** Many deposits below an amount within a rolling period. */
  'small_deposits',
  /** A bank account number another player of the operator's sites also uses. */
  'shared_bank_account',
  /** A device (the site's visitor id) another player of the operator's sites also signed up from. */
  'shared_device',
] as const;
export type AmlRule = (typeof AML_RULES)[number];
export const AML_FLAG_STATUSES = ['open', 'escalated', 'cleared'] as const;
export type AmlFlagStatus = (typeof AML_FLAG_STATUSES)[number];
/** Statuses that hold the player's withdrawals until an operator clears the flag. */
export const AML_HOLDING_STATUSES: readonly AmlFlagStatus[] = ['open', 'escalated'];
