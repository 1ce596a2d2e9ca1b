import type { Db } from '../db/client.js';
import { operatorAudit } from '../db/schema.js';
import type { Actor } from './actor.js';

/**
 * Records an operator action in the audit log (ADR 0023): who (the key, the account, the label),
 * what, on what, on which site, why and the details (before and after). Called in the transaction
 * of the action, so an action and its record stand or fall together.
 */
export async function recordAudit(
  tx: Db,
  actor: Actor,
  entry: { action: string; targetType: string; targetId: string | number; siteId: number | null; reason?: string; details?: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx
    .insert(operatorAudit)
    .values({
      operatorId: actor.operatorId,
      accountId: actor.accountId,
      actor: actor.label,
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      siteId: entry.siteId,
      reason: entry.reason ?? '',
      details: entry.details ?? {},
    })
    .returning({ id: operatorAudit.id });
  return row!.id;
}
