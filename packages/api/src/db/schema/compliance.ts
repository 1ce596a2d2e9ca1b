import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AML_FLAG_STATUSES, AML_RULES, KYC_DOCUMENT_KINDS, KYC_DOCUMENT_STATUSES, type AmlRules } from '@wl/contracts';
import { at, bytea, createdAt, money, sqlList, updatedAt } from './columns.js';
import { playerRef } from './accounts.js';
import { siteRef, sites } from './sites.js';

/**
 * A site's identity and anti-money-laundering rules (issue 25 §4 and §5, ADR 0040; the minimum age
 * is the site row's, which every page shows). A site without a row has the defaults: no verification asked, players cancel their own withdrawals,
 * the AML rules that need no threshold (shared bank account, shared device).
 */
export const siteCompliance = pgTable(
  'site_compliance',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kycBeforeFirstWithdrawal: boolean('kyc_before_first_withdrawal').notNull().default(false),
    /** Verification before a withdrawal that takes the player's withdrawn total (paid and pending) above this; null: none. */
    kycWithdrawalsAbove: money('kyc_withdrawals_above'),
    kycLevel: text('kyc_level', { enum: ['identity', 'full'] }).notNull().default('identity'),
    playerCancelsWithdrawals: boolean('player_cancels_withdrawals').notNull().default(true),
    /** The AML rules (contracts' amlRulesSchema, validated on write). */
    aml: jsonb('aml').$type<AmlRules>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('site_compliance_kyc_level', sql`${t.kycLevel} IN ('identity','full')`),
    check('site_compliance_kyc_above', sql`${t.kycWithdrawalsAbove} IS NULL OR ${t.kycWithdrawalsAbove} > 0`),
  ],
);

/**
 * A player's identity documents (issue 25 §4, ADR 0040): the re-encoded image (only its pixels, as
 * receipts), its review, and an approved identity document's number (upper case, letters and digits),
 * which also matches the same person's accounts for a self-exclusion. Never deleted: a rejected
 * upload stays, with its reason, beside the one that replaced it.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: serial('id').primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    kind: text('kind', { enum: KYC_DOCUMENT_KINDS }).notNull(),
    status: text('status', { enum: KYC_DOCUMENT_STATUSES }).notNull().default('pending'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    documentNumber: text('document_number'),
    /** The operator's reason: shown to the player for a rejection. */
    reason: text('reason').notNull().default(''),
    reviewedBy: text('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_documents_player_idx').on(t.playerId, t.createdAt),
    index('kyc_documents_pending_idx').on(t.siteId, t.createdAt).where(sql`${t.status} = 'pending'`),
    index('kyc_documents_number_idx').on(t.documentNumber).where(sql`${t.documentNumber} IS NOT NULL`),
    check('kyc_documents_kind_valid', sql.raw(`"kind" IN (${sqlList(KYC_DOCUMENT_KINDS)})`)),
    check('kyc_documents_status_valid', sql.raw(`"status" IN (${sqlList(KYC_DOCUMENT_STATUSES)})`)),
    check('kyc_documents_content_type_valid', sql`${t.contentType} IN ('image/png','image/jpeg','image/webp')`),
    check('kyc_documents_size_valid', sql`${t.size} > 0 AND ${t.size} <= 2097152 AND octet_length(${t.data}) = ${t.size}`),
    check('kyc_documents_number_format', sql`${t.documentNumber} IS NULL OR ${t.documentNumber} ~ '^[A-Z0-9]{3,40}$'`),
    // An approved identity document always has its number; a review has its time and reviewer.
    check('kyc_documents_identity_number', sql`NOT (${t.kind} = 'identity' AND ${t.status} = 'approved') OR ${t.documentNumber} IS NOT NULL`),
    check('kyc_documents_reviewed', sql`(${t.status} = 'pending') = (${t.reviewedAt} IS NULL)`),
  ],
);

/**
 * Anti-money-laundering flags (issue 25 §5, ADR 0040): what a rule saw, with its evidence, and the
 * operator's decision. `subject` names what was flagged (a payment, a period, a bank account, a
 * device), so the same fact is flagged once however often it is checked. A player with an open or
 * escalated flag has their withdrawals held from approval.
 */
export const amlFlags = pgTable(
  'aml_flags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    rule: text('rule', { enum: AML_RULES }).notNull(),
    subject: text('subject').notNull(),
    reason: text('reason').notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: AML_FLAG_STATUSES }).notNull().default('open'),
    note: text('note').notNull().default(''),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('aml_flags_subject_key').on(t.playerId, t.rule, t.subject),
    index('aml_flags_queue_idx').on(t.siteId, t.status, t.createdAt),
    index('aml_flags_holding_idx').on(t.playerId).where(sql`${t.status} IN ('open','escalated')`),
    check('aml_flags_rule_valid', sql.raw(`"rule" IN (${sqlList(AML_RULES)})`)),
    check('aml_flags_status_valid', sql.raw(`"status" IN (${sqlList(AML_FLAG_STATUSES)})`)),
    check('aml_flags_decided', sql`(${t.status} = 'open') = (${t.decidedAt} IS NULL)`),
  ],
);
