import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { operatorAccounts, operatorAudit, operators } from '../db/schema.js';
import { hashToken } from '../shared/hash-token.js';
import { newOperatorKey } from '../shared/operator-key.js';
import { actorOfAccount, type Actor } from '../backoffice/index.js';

export type { Actor } from '../backoffice/index.js';

export const OPERATOR_NAME = /^[A-Za-z0-9._-]{2,64}$/;

export type CreatedOperator = { ok: true; id: number; key: string } | { ok: false; message: 'operatorExists' | 'invalidName' };

/**
 * Creates an operator and answers its API key, the only time the key exists in clear: the
 * database keeps its SHA-256, like session tokens (a 256-bit key needs no slow hash). Audited.
 */
export async function createOperator(db: Db, input: { name: string; siteId: number | null; createdBy: string }): Promise<CreatedOperator> {
  if (!OPERATOR_NAME.test(input.name)) return { ok: false, message: 'invalidName' };
  const { key, keyHash } = newOperatorKey();
  try {
    const id = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx.insert(operators).values({ name: input.name, keyHash, siteId: input.siteId }).returning({ id: operators.id });
      await tx.insert(operatorAudit).values({
        operatorId: null,
        actor: input.createdBy,
        action: 'operator.create',
        targetType: 'operator',
        targetId: String(row!.id),
        siteId: input.siteId,
        details: { name: input.name, site_scope: input.siteId },
      });
      return row!.id;
    });
    return { ok: true, id, key };
  } catch (error) {
    if (isUniqueViolation(error, 'operators_name_key')) return { ok: false, message: 'operatorExists' };
    throw error;
  }
}

/** Disables an operator: its key stops working at once. Audited. */
export async function disableOperator(db: Db, name: string, by: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [row] = await tx
      .update(operators)
      .set({ disabledAt: sql`now()` })
      .where(sql`${operators.name} = ${name} and ${operators.disabledAt} is null`)
      .returning({ id: operators.id, siteId: operators.siteId });
    if (!row) return false;
    await tx.insert(operatorAudit).values({ actor: by, action: 'operator.disable', targetType: 'operator', targetId: String(row.id), siteId: row.siteId, details: { name } });
    return true;
  });
}

/** Why a key opened nothing: recorded in the audit log (ADR 0023), never the key itself. */
export type AuthenticationFailure = 'missingKey' | 'malformedKey' | 'unknownKey' | 'disabledOperator';

export type Authentication =
  | { ok: true; actor: Actor }
  | { ok: false; reason: AuthenticationFailure; /** The disabled operator, when the key was one's. */ operator?: { id: number; name: string; siteId: number | null } };

/**
 * Checks an `Authorization: Bearer <key>` header: the operator behind it, or why not (no header,
 * another scheme, an unknown key — a player's session token is one — or a disabled operator).
 */
export async function checkOperatorKey(db: Db, header: string | undefined): Promise<Authentication> {
  if (!header?.trim()) return { ok: false, reason: 'missingKey' };
  const match = /^Bearer ([A-Za-z0-9_-]{16,256})$/.exec(header.trim());
  if (!match) return { ok: false, reason: 'malformedKey' };
  const [row] = await db.select().from(operators).where(eq(operators.keyHash, hashToken(match[1]!))).limit(1);
  if (!row) return { ok: false, reason: 'unknownKey' };
  if (row.disabledAt) return { ok: false, reason: 'disabledOperator', operator: { id: row.id, name: row.name, siteId: row.siteId } };
  if (row.accountId !== null) {
    // A key made in the console acts as its account: its role, its sites, and only while it is active.
    const [account] = await db.select().from(operatorAccounts).where(and(eq(operatorAccounts.id, row.accountId), isNull(operatorAccounts.disabledAt))).limit(1);
    if (!account) return { ok: false, reason: 'disabledOperator', operator: { id: row.id, name: row.name, siteId: row.siteId } };
    return { ok: true, actor: { ...(await actorOfAccount(db, account, row.id)), label: `operator:${row.name}` } };
  }
  return { ok: true, actor: { operatorId: row.id, accountId: null, label: `operator:${row.name}`, siteIds: row.siteId === null ? null : [row.siteId], role: null } };
}

/** The operator of an `Authorization: Bearer <key>` header, or null (checkOperatorKey without the reason). */
export async function authenticateOperator(db: Db, header: string | undefined): Promise<Actor | null> {
  const checked = await checkOperatorKey(db, header);
  return checked.ok ? checked.actor : null;
}

/**
 * Records a failed authentication in the audit log (ADR 0023): which call, from which address,
 * why, and the operator when a disabled one's key was used.
 */
export async function auditFailedAuthentication(db: Db, failure: Extract<Authentication, { ok: false }>, request: { call: string; clientIp: string }): Promise<void> {
  await db.insert(operatorAudit).values({
    operatorId: failure.operator?.id ?? null,
    actor: failure.operator ? `operator:${failure.operator.name}` : 'anonymous',
    action: 'auth.failed',
    targetType: 'call',
    targetId: request.call,
    siteId: failure.operator?.siteId ?? null,
    reason: failure.reason,
    details: { client_ip: request.clientIp },
  });
}
