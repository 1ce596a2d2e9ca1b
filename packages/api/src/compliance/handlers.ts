import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import { kycStatusOf, storeKycDocument } from './kyc.js';

/** The player's identity verification calls (issue 25 §4, ADR 0040). */
export const complianceHandlers: CallHandlers = {
  kycStatus: sessionCall<'kycStatus'>(async (_payload, { db, session }) => ({
    statusCode: 1,
    message: 'OK',
    ...(await kycStatusOf(db, session.site.id, session.player.id)),
  })),

  /** The image goes through the receipts' checks (real type, size, encoded again: no EXIF). */
  kycUpload: sessionCall<'kycUpload'>(async ({ kind, content_type, data }, { db, log, session }) => {
    const stored = await storeKycDocument(db, { siteId: session.site.id, playerId: session.player.id }, kind, data, content_type);
    if (!stored.ok) return failure(stored.message);
    log.info({ siteId: session.site.id, playerId: session.player.id, kind, documentId: stored.document.document_id }, 'identity document uploaded');
    return { statusCode: 1, message: 'OK', document: stored.document };
  }),
};
