import type { z } from 'zod';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { ErrorKey, OPERATOR_CALLS, OpsKycDocument, SiteCompliance } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { siteScopeCondition, soleSiteId } from '../backoffice/index.js';
import { kycDocuments, players, sites } from '../db/schema.js';
import { failure } from '../http/calls.js';
import { revokeOtherSessions, type PlayerCache } from '../accounts/index.js';
import { extendExclusionByDocument } from '../responsible/index.js';
import { kycDocumentColumns, kycDocumentView, kycLevelOf, playerDocuments, type KycDocumentRow } from './kyc.js';
import { loadSiteCompliance, saveSiteCompliance } from './site-rules.js';

/*
 * The operator calls of identity verification and of a site's rules (issue 25 §4, ADR 0040). An
 * operator scoped to a site sees only its documents: another site's is notFound, another site
 * named explicitly permissionDenied. Each decision is audited in its transaction; so are views of
 * the queue and of an image (ADR 0023).
 */

/**
 * What these calls need of the operator side (banking's operator calls pass it in): banking
 * imports this feature, so this feature cannot import banking's actor, site resolution and audit.
 */
export interface OperatorAccess {
  /** "operator:<name>" or "cli:<name>": recorded as the reviewer. */
  label: string;
  /** The sites the operator may act on; null: every site. */
  siteIds: number[] | null;
  /** The site named by domain (the operator's own when scoped and none is named; null: every site), or why not. */
  site(db: Db, domain: string | undefined): Promise<{ ok: true; value: { id: number; externalId: string } | null } | { ok: false; message: ErrorKey }>;
  /** The server's player cache, which forgets the sessions a decision ends at once (null: the CLI). */
  playerCache: PlayerCache | null;
  /** Writes one audit entry (in `tx`'s transaction); answers its id. */
  audit(tx: Db, entry: { action: string; targetType: string; targetId: string | number; siteId: number | null; reason?: string; details?: Record<string, unknown> }): Promise<number>;
}

/** An operator call's reply: statusCode 1 and the fields, or 0 and an error key. */
export type OperatorReply = Record<string, unknown> & { statusCode: number; message: string };
type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;

const OK = { statusCode: 1, message: 'OK' } as const;

/** An approved identity document's number as stored: upper case, letters and digits only. */
export const normalisedDocumentNumber = (number: string): string => number.toUpperCase().replace(/[\s-]+/g, '');

const opsColumns = { ...kycDocumentColumns, accountId: players.accountId, fullName: players.fullName, site: sites.externalId };
type OpsRow = KycDocumentRow & { accountId: string; fullName: string | null; site: string };

function opsDocumentOf(row: OpsRow): OpsKycDocument {
  return {
    ...kycDocumentView(row),
    site: row.site,
    account_id: row.accountId,
    full_name: row.fullName ?? '',
    document_number: row.documentNumber,
    reviewed_by: row.reviewedBy,
  };
}

/** The documents an operator may see. */
const scopeOf = (access: OperatorAccess): SQL | undefined => siteScopeCondition(access, kycDocuments.siteId);

function selectDocuments(db: Db) {
  return db.select(opsColumns).from(kycDocuments).innerJoin(players, eq(players.id, kycDocuments.playerId)).innerJoin(sites, eq(sites.id, kycDocuments.siteId));
}

/** Documents waiting for review, oldest first (first come, first served). */
export async function opsKycPending(db: Db, access: OperatorAccess, payload: Payload<'opsKycPending'>): Promise<OperatorReply> {
  const site = await access.site(db, payload.site);
  if (!site.ok) return failure(site.message);
  const where = and(eq(kycDocuments.status, 'pending'), site.value ? eq(kycDocuments.siteId, site.value.id) : scopeOf(access));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectDocuments(db)
      .where(where)
      .orderBy(asc(kycDocuments.createdAt), asc(kycDocuments.id))
      .limit(payload.page_size)
      .offset((payload.page - 1) * payload.page_size),
    db.select({ total: count() }).from(kycDocuments).where(where),
  ]);
  const value = rows.map(opsDocumentOf);
  // The queue shows players' names: who saw which documents is audited (ADR 0023).
  await access.audit(db, {
    action: 'kyc.pending.view',
    targetType: 'kyc_pending',
    targetId: 'all',
    siteId: site.value?.id ?? soleSiteId(access),
    details: { page: payload.page, page_size: payload.page_size, total, document_ids: value.map((row) => row.document_id) },
  });
  return { ...OK, value, total, page: payload.page, page_size: payload.page_size };
}

/** One document with its image. The view is audited: an identity document is the most private thing the platform keeps. */
export async function opsKycImage(db: Db, access: OperatorAccess, payload: Payload<'opsKycImage'>): Promise<OperatorReply> {
  const [row] = await db
    .select({ ...opsColumns, data: kycDocuments.data })
    .from(kycDocuments)
    .innerJoin(players, eq(players.id, kycDocuments.playerId))
    .innerJoin(sites, eq(sites.id, kycDocuments.siteId))
    .where(and(eq(kycDocuments.id, payload.document_id), scopeOf(access)))
    .limit(1);
  if (!row) return failure('notFound');
  await access.audit(db, { action: 'kyc.image.view', targetType: 'kyc_document', targetId: row.id, siteId: row.siteId, details: { kind: row.kind, player_id: row.playerId } });
  return { ...OK, document: opsDocumentOf(row), content_type: row.contentType, width: row.width, height: row.height, data: Buffer.from(row.data).toString('base64') };
}

/**
 * Approves or rejects a pending document. The decision, its audit entry and what follows from it
 * are one transaction: an approved identity document's number also matches the person's accounts
 * on the owner's other sites, so a time-out or self-exclusion running on one of them now covers
 * this account too, and its sessions end (issue 25 §3).
 */
export async function opsKycReview(db: Db, access: OperatorAccess, payload: Payload<'opsKycReview'>): Promise<OperatorReply> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [row] = await tx
      .select(kycDocumentColumns)
      .from(kycDocuments)
      .where(and(eq(kycDocuments.id, payload.document_id), scopeOf(access)))
      .for('update')
      .limit(1);
    if (!row) return failure('notFound');
    if (row.status !== 'pending') return failure('notPending');
    const approve = payload.decision === 'approve';
    let documentNumber: string | null = null;
    if (approve && row.kind === 'identity') {
      if (!payload.document_number) return failure('validationError', { document_number: ['required'] });
      documentNumber = normalisedDocumentNumber(payload.document_number);
      if (!/^[A-Z0-9]{3,40}$/.test(documentNumber)) return failure('validationError', { document_number: ['invalidFormat'] });
    }
    await tx
      .update(kycDocuments)
      .set({ status: approve ? 'approved' : 'rejected', reason: payload.reason, reviewedBy: access.label, reviewedAt: new Date(), documentNumber })
      .where(eq(kycDocuments.id, row.id));
    const extended = documentNumber ? await extendExclusionByDocument(tx, { playerId: row.playerId, siteId: row.siteId }) : null;
    if (extended) await revokeOtherSessions(tx, access.playerCache, row.playerId, null, extended.kind === 'timeout' ? 'timed_out' : 'self_excluded');
    const auditId = await access.audit(tx, {
      action: approve ? 'kyc.approve' : 'kyc.reject',
      targetType: 'kyc_document',
      targetId: row.id,
      siteId: row.siteId,
      reason: payload.reason,
      details: { kind: row.kind, player_id: row.playerId, ...(extended ? { excluded: { kind: extended.kind, until: extended.until?.toISOString() ?? null } } : {}) },
    });
    const [view] = await selectDocuments(tx).where(eq(kycDocuments.id, row.id)).limit(1);
    const level = kycLevelOf(await playerDocuments(tx, row.siteId, row.playerId));
    return { ...OK, document: opsDocumentOf(view!), level, audit_id: auditId };
  });
}

/** A site's rules; the site must be within the operator's scope. */
export async function opsCompliance(db: Db, access: OperatorAccess, payload: Payload<'opsCompliance'>): Promise<OperatorReply> {
  const site = await access.site(db, payload.site);
  if (!site.ok) return failure(site.message);
  return { ...OK, ...(await loadSiteCompliance(db, site.value!.id)) };
}

/** Changes some of a site's rules (the others stay), audited with what was asked. */
export async function opsComplianceSet(db: Db, access: OperatorAccess, payload: Payload<'opsComplianceSet'>): Promise<OperatorReply> {
  const { site: domain, reason, ...change } = payload;
  const site = await access.site(db, domain);
  if (!site.ok) return failure(site.message);
  const siteId = site.value!.id;
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const before: SiteCompliance = await loadSiteCompliance(tx, siteId);
    const rules = await saveSiteCompliance(tx, siteId, change);
    const auditId = await access.audit(tx, { action: 'compliance.set', targetType: 'site', targetId: siteId, siteId, reason, details: { change, before } });
    return { ...OK, ...rules, audit_id: auditId };
  });
}
