import type { z } from 'zod';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AmlFlagStatus, OPERATOR_CALLS, OpsAmlFlag } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { siteScopeCondition, soleSiteId } from '../backoffice/index.js';
import { amlFlags, players, sites } from '../db/schema.js';
import { failure } from '../http/calls.js';
import type { OperatorAccess, OperatorReply } from './kyc-ops.js';

/*
 * The operator calls of anti-money-laundering monitoring (issue 25 §5, ADR 0040): the review queue
 * and the decision on a flag. An operator scoped to a site sees only its flags (another site's is
 * notFound, another site named explicitly permissionDenied). A decision and its audit entry are
 * one transaction; a view of the queue is audited too, as it shows players and their evidence.
 */

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;

const OK = { statusCode: 1, message: 'OK' } as const;

const flagColumns = { flag: amlFlags, accountId: players.accountId, site: sites.externalId };
type FlagRow = { flag: typeof amlFlags.$inferSelect; accountId: string; site: string };

function opsFlagOf(row: FlagRow): OpsAmlFlag {
  const flag = row.flag;
  return {
    flag_id: flag.id,
    site: row.site,
    account_id: row.accountId,
    rule: flag.rule,
    reason: flag.reason,
    evidence: flag.evidence,
    status: flag.status,
    note: flag.note,
    decided_by: flag.decidedBy,
    decided_at: flag.decidedAt?.toISOString() ?? null,
    created_at: flag.createdAt.toISOString(),
  };
}

function selectFlags(db: Db) {
  return db.select(flagColumns).from(amlFlags).innerJoin(players, eq(players.id, amlFlags.playerId)).innerJoin(sites, eq(sites.id, amlFlags.siteId));
}

/** The flags an operator may see. */
const scopeOf = (access: OperatorAccess): SQL | undefined => siteScopeCondition(access, amlFlags.siteId);

/** The review queue, oldest first, of a site or of every site the operator may see; by status and player when asked. */
export async function opsAmlFlags(db: Db, access: OperatorAccess, payload: Payload<'opsAmlFlags'>): Promise<OperatorReply> {
  const site = await access.site(db, payload.site);
  if (!site.ok) return failure(site.message);
  const where = and(
    site.value ? eq(amlFlags.siteId, site.value.id) : scopeOf(access),
    payload.status ? eq(amlFlags.status, payload.status) : undefined,
    payload.account_id ? eq(players.accountId, payload.account_id.toLowerCase()) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectFlags(db)
      .where(where)
      .orderBy(asc(amlFlags.createdAt), asc(amlFlags.id))
      .limit(payload.page_size)
      .offset((payload.page - 1) * payload.page_size),
    db.select({ total: count() }).from(amlFlags).innerJoin(players, eq(players.id, amlFlags.playerId)).where(where),
  ]);
  const value = rows.map(opsFlagOf);
  // The evidence names players and their bank accounts: who saw which flags is audited (ADR 0023).
  await access.audit(db, {
    action: 'aml.flags.view',
    targetType: 'aml_flags',
    targetId: payload.status ?? 'all',
    siteId: site.value?.id ?? soleSiteId(access),
    details: { page: payload.page, page_size: payload.page_size, total, account_id: payload.account_id ?? null, flag_ids: value.map((row) => row.flag_id) },
  });
  return { ...OK, value, total, page: payload.page, page_size: payload.page_size };
}

/** What each decision moves a flag from: an open flag is cleared or escalated; an escalated one can only be cleared. */
const DECISION_FROM: Record<Payload<'opsAmlDecide'>['decision'], { from: AmlFlagStatus[]; to: AmlFlagStatus }> = {
  clear: { from: ['open', 'escalated'], to: 'cleared' },
  escalate: { from: ['open'], to: 'escalated' },
};

/**
 * Clears or escalates a flag with a note. One conditional UPDATE decides: of two operators
 * deciding at once, the second finds the flag moved on and answers notPending.
 */
export async function opsAmlDecide(db: Db, access: OperatorAccess, payload: Payload<'opsAmlDecide'>): Promise<OperatorReply> {
  const { from, to } = DECISION_FROM[payload.decision];
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const target = and(eq(amlFlags.id, payload.flag_id), scopeOf(access));
    const [before] = await tx.select({ status: amlFlags.status }).from(amlFlags).where(target).for('update').limit(1);
    if (!before) return failure('notFound');
    const [row] = await tx
      .update(amlFlags)
      .set({ status: to, note: payload.note, decidedBy: access.label, decidedAt: sql`now()` })
      .where(and(target, inArray(amlFlags.status, from)))
      .returning();
    if (!row) return failure('notPending');
    const auditId = await access.audit(tx, {
      action: `aml.${payload.decision}`,
      targetType: 'aml_flag',
      targetId: row.id,
      siteId: row.siteId,
      reason: payload.note,
      details: { rule: row.rule, subject: row.subject, player_id: row.playerId, from: before.status, to },
    });
    const [view] = await selectFlags(tx).where(eq(amlFlags.id, row.id)).limit(1);
    return { ...OK, flag: opsFlagOf(view!), audit_id: auditId };
  });
}
