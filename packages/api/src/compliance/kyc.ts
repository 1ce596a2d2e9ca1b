import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  addDecimals,
  compareDecimals,
  KYC_LEVEL_DOCUMENTS,
  KYC_UPLOADS_PER_DAY,
  type KycDocumentKind,
  type KycDocumentView,
  type KycLevel,
  type KycStatusReply,
} from '@wl/contracts';
import type { Db } from '../db/client.js';
import { kycDocuments, payments } from '../db/schema.js';
import { inspectImage, storedImage, type ImageType } from '../shared/images.js';
import { loadSiteCompliance } from './site-rules.js';

/*
 * Identity verification (issue 25 §4, ADR 0040): a player's documents, the level they reach, and
 * the level the site's rules ask before a withdrawal.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A document without its image: what lists and levels need. */
export const kycDocumentColumns = {
  id: kycDocuments.id,
  siteId: kycDocuments.siteId,
  playerId: kycDocuments.playerId,
  kind: kycDocuments.kind,
  status: kycDocuments.status,
  contentType: kycDocuments.contentType,
  width: kycDocuments.width,
  height: kycDocuments.height,
  documentNumber: kycDocuments.documentNumber,
  reason: kycDocuments.reason,
  reviewedBy: kycDocuments.reviewedBy,
  reviewedAt: kycDocuments.reviewedAt,
  createdAt: kycDocuments.createdAt,
};
export type KycDocumentRow = { [K in keyof typeof kycDocumentColumns]: (typeof kycDocuments.$inferSelect)[K] };

export function kycDocumentView(row: KycDocumentRow): KycDocumentView {
  return {
    document_id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The player's documents, newest first. */
export function playerDocuments(db: Db, siteId: number, playerId: number): Promise<KycDocumentRow[]> {
  return db
    .select(kycDocumentColumns)
    .from(kycDocuments)
    .where(and(eq(kycDocuments.siteId, siteId), eq(kycDocuments.playerId, playerId)))
    .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id));
}

/**
 * The kinds that count: those whose latest upload is approved. A newer upload replaces the older
 * one, so a document sent again stands only once it is approved in its turn.
 */
function approvedKinds(newestFirst: readonly Pick<KycDocumentRow, 'kind' | 'status'>[]): Set<KycDocumentKind> {
  const latest = new Map<KycDocumentKind, string>();
  for (const row of newestFirst) if (!latest.has(row.kind)) latest.set(row.kind, row.status);
  return new Set([...latest].filter(([, status]) => status === 'approved').map(([kind]) => kind));
}

export function kycLevelOf(newestFirst: readonly Pick<KycDocumentRow, 'kind' | 'status'>[]): KycLevel {
  const approved = approvedKinds(newestFirst);
  const has = (level: Exclude<KycLevel, 'none'>) => KYC_LEVEL_DOCUMENTS[level].every((kind) => approved.has(kind));
  return has('full') ? 'full' : has('identity') ? 'identity' : 'none';
}

/**
 * The kinds to upload (or upload again, after a rejection) to reach `level`. A kind waiting for
 * review is not listed: sending it again would not help; the documents show it pending.
 */
function missingFor(level: KycLevel, newestFirst: readonly Pick<KycDocumentRow, 'kind' | 'status'>[]): KycDocumentKind[] {
  if (level === 'none') return [];
  const latest = new Map<KycDocumentKind, string>();
  for (const row of newestFirst) if (!latest.has(row.kind)) latest.set(row.kind, row.status);
  return KYC_LEVEL_DOCUMENTS[level].filter((kind) => latest.get(kind) !== 'approved' && latest.get(kind) !== 'pending');
}

const LEVEL_ORDER: Record<KycLevel, number> = { none: 0, identity: 1, full: 2 };
/** Whether `have` is at least `need`. */
const reaches = (have: KycLevel, need: KycLevel) => LEVEL_ORDER[have] >= LEVEL_ORDER[need];

/** What the player has withdrawn: paid and pending withdrawals (a pending one may still be paid). */
async function withdrawnTotal(db: Db, siteId: number, playerId: number): Promise<{ total: string; count: number }> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text`, count: count() })
    .from(payments)
    .where(and(eq(payments.siteId, siteId), eq(payments.playerId, playerId), eq(payments.kind, 'withdrawal'), inArray(payments.status, ['pending', 'approved'])));
  return { total: row?.total ?? '0', count: row?.count ?? 0 };
}

/**
 * The level the site asks before a withdrawal of `amount` ('none': no check). `amount` null: the
 * player's next withdrawal, whatever its size (any amount crosses a threshold already reached).
 */
async function levelAskedFor(db: Db, siteId: number, playerId: number, amount: string | null): Promise<KycLevel> {
  const rules = await loadSiteCompliance(db, siteId);
  if (!rules.kyc_before_first_withdrawal && rules.kyc_withdrawals_above === null) return 'none';
  const withdrawn = await withdrawnTotal(db, siteId, playerId);
  if (rules.kyc_before_first_withdrawal && withdrawn.count === 0) return rules.kyc_level;
  if (rules.kyc_withdrawals_above !== null) {
    const crosses = amount === null ? compareDecimals(withdrawn.total, rules.kyc_withdrawals_above) >= 0 : compareDecimals(addDecimals(withdrawn.total, amount), rules.kyc_withdrawals_above) > 0;
    if (crosses) return rules.kyc_level;
  }
  return 'none';
}

export async function kycStatusOf(db: Db, siteId: number, playerId: number): Promise<Omit<KycStatusReply, 'statusCode' | 'message'>> {
  const [documents, asked] = await Promise.all([playerDocuments(db, siteId, playerId), levelAskedFor(db, siteId, playerId, null)]);
  return { level: kycLevelOf(documents), documents: documents.map(kycDocumentView), withdrawal_level: asked, missing: missingFor(asked, documents) };
}

/**
 * Why a withdrawal of `amount` must wait for verification (null: it need not): the level the
 * site's rules ask, when the player has not reached it, and the kinds still to upload. For the
 * withdrawal request, which answers kycRequired with these.
 */
export async function kycWithdrawalRefusal(db: Db, siteId: number, playerId: number, amount: string): Promise<{ level: KycLevel; missing: KycDocumentKind[] } | null> {
  const asked = await levelAskedFor(db, siteId, playerId, amount);
  if (asked === 'none') return null;
  const documents = await playerDocuments(db, siteId, playerId);
  if (reaches(kycLevelOf(documents), asked)) return null;
  return { level: asked, missing: missingFor(asked, documents) };
}

export type KycUploadOutcome = { ok: true; document: KycDocumentView } | { ok: false; message: 'invalidImage' | 'payloadTooLarge' | 'tooManyRequests' };

/** Stores a checked document image of the player, pending review (at most KYC_UPLOADS_PER_DAY a day). */
export async function storeKycDocument(db: Db, owner: { siteId: number; playerId: number }, kind: KycDocumentKind, data: string, contentType: ImageType): Promise<KycUploadOutcome> {
  const [{ recent } = { recent: 0 }] = await db
    .select({ recent: count() })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.playerId, owner.playerId), gt(kycDocuments.createdAt, new Date(Date.now() - DAY_MS))));
  if (recent >= KYC_UPLOADS_PER_DAY) return { ok: false, message: 'tooManyRequests' };
  const image = await inspectImage(data, contentType);
  if (!image.ok) return image;
  const [row] = await db
    .insert(kycDocuments)
    .values({
      siteId: owner.siteId,
      playerId: owner.playerId,
      kind,
      ...storedImage(image.value, contentType),
    })
    .returning(kycDocumentColumns);
  return { ok: true, document: kycDocumentView(row!) };
}
