import { and, asc, desc, inArray } from 'drizzle-orm';
import { AML_HOLDING_STATUSES, type PaymentPlayerChecks } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { amlFlags, kycDocuments } from '../db/schema.js';
import { kycLevelOf } from './kyc.js';

/*
 * What an operator deciding a payment needs to know of its player (issue 26 §2 Payments,
 * ADR 0040): the verification level reached and the risk flags that hold withdrawals. (The level
 * the site's rules ask was checked when the withdrawal was requested: kycRequired.) One query for
 * the documents and one for the flags of the whole page.
 */

export async function paymentPlayerChecks(db: Db, rows: readonly { playerId: number }[]): Promise<PaymentPlayerChecks[]> {
  const playerIds = [...new Set(rows.map((row) => row.playerId))];
  if (!playerIds.length) return [];
  const [documents, flags] = await Promise.all([
    db
      .select({ playerId: kycDocuments.playerId, kind: kycDocuments.kind, status: kycDocuments.status })
      .from(kycDocuments)
      .where(inArray(kycDocuments.playerId, playerIds))
      .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id)),
    db
      .select({ playerId: amlFlags.playerId, id: amlFlags.id, rule: amlFlags.rule, reason: amlFlags.reason, status: amlFlags.status, createdAt: amlFlags.createdAt })
      .from(amlFlags)
      .where(and(inArray(amlFlags.playerId, playerIds), inArray(amlFlags.status, [...AML_HOLDING_STATUSES])))
      .orderBy(asc(amlFlags.createdAt), asc(amlFlags.id)),
  ]);
  return rows.map((row) => ({
    kyc_level: kycLevelOf(documents.filter((document) => document.playerId === row.playerId)),
    risk_flags: flags
      .filter((flag) => flag.playerId === row.playerId)
      .map((flag) => ({ flag_id: flag.id, rule: flag.rule, reason: flag.reason, status: flag.status, created_at: flag.createdAt.toISOString() })),
  }));
}
