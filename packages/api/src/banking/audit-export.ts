import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray, isNull, lte, or, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AUDIT_EXPORT_PATH, REPORT_EXPORT_PATH, auditExportQuery, auditRangeBounds, opsReportPayload, type AuditExportQuery, type OpsAuditReply, type Permission } from '@wl/contracts';
import { isConnectionError, type Db } from '../db/client.js';
import { operatorAccounts, operatorAudit, sites } from '../db/schema.js';
import { failure, httpStatusOf } from '../http/calls.js';
import { RATE_LIMITS, type RateLimiter } from '../security/index.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import { CSV_BOM, csvDocument, csvRow } from '../shared/csv.js';
import { actorMay, sessionActor, siteScopeCondition, soleSiteId } from '../backoffice/index.js';
import { auditFailedAuthentication, checkOperatorKey, type Actor } from './operators.js';
import { recordAudit, resolveOpsSite } from './operations.js';
import { siteReport } from './reports.js';
import type { Outcome } from './tx.js';

/*
 * The audit log (issue 26 §2 Audit log, ADR 0048): its filters and scope, one page of it for the
 * opsAudit call, and the CSV exports of the log and of the ledger report. An export is a GET (a
 * download link of the console, or curl with the API key), authenticated and refused like the
 * operator calls, and itself audited: an operator taking data out is an action.
 */

export type AuditFilters = AuditExportQuery;

/**
 * Which entries an actor may read. A platform key or the CLI: all. A site's key: its sites'. A
 * back-office account: its sites' entries, its own entries without a site (its refusals, say) and,
 * when it works on every site of its brand owner, the entries without a site of every account of
 * that brand owner. Another brand owner's entries are never among them.
 */
async function readableEntries(db: Db, actor: Actor): Promise<SQL | undefined> {
  const sitesOf = siteScopeCondition(actor, operatorAudit.siteId);
  if (sitesOf === undefined || actor.accountId === null) return sitesOf;
  const [account] = await db.select({ brandOwnerId: operatorAccounts.brandOwnerId, siteIds: operatorAccounts.siteIds }).from(operatorAccounts).where(eq(operatorAccounts.id, actor.accountId)).limit(1);
  const siteless =
    account && account.siteIds === null
      ? inArray(operatorAudit.accountId, db.select({ id: operatorAccounts.id }).from(operatorAccounts).where(eq(operatorAccounts.brandOwnerId, account.brandOwnerId)))
      : eq(operatorAudit.accountId, actor.accountId);
  return or(sitesOf, and(isNull(operatorAudit.siteId), siteless));
}

/** LIKE's wildcards taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The filters as a condition, within the actor's scope; the site named (when one is) for the audit entry of an export. */
async function auditCondition(db: Db, actor: Actor, filters: AuditFilters): Promise<Outcome<{ where: SQL | undefined; siteId: number | null }>> {
  const site = await resolveOpsSite(db, actor, filters.site);
  if (!site.ok) return site;
  const conditions: (SQL | undefined)[] = [site.value ? eq(operatorAudit.siteId, site.value.id) : await readableEntries(db, actor)];
  if (filters.actor !== undefined) {
    const name = filters.actor.toLowerCase();
    conditions.push(name.includes(':') ? sql`lower(${operatorAudit.actor}) = ${name}` : sql`(lower(${operatorAudit.actor}) = ${name} or lower(${operatorAudit.actor}) like ${`%:${literal(name)}`})`);
  }
  if (filters.action !== undefined) {
    conditions.push(filters.action.endsWith('.') ? sql`${operatorAudit.action} like ${`${literal(filters.action)}%`}` : eq(operatorAudit.action, filters.action));
  }
  if (filters.target_type !== undefined) conditions.push(eq(operatorAudit.targetType, filters.target_type));
  if (filters.target_id !== undefined) conditions.push(eq(operatorAudit.targetId, filters.target_id));
  const range = auditRangeBounds(filters);
  if (range.from) conditions.push(gte(operatorAudit.createdAt, range.from));
  if (range.to) conditions.push(lt(operatorAudit.createdAt, range.to));
  return { ok: true, value: { where: and(...conditions), siteId: site.value?.id ?? soleSiteId(actor) } };
}

type AuditEntry = OpsAuditReply['value'][number];

const entrySelection = { entry: operatorAudit, site: sites.externalId };

function entryOf({ entry, site }: { entry: typeof operatorAudit.$inferSelect; site: string | null }): AuditEntry {
  return {
    audit_id: entry.id,
    actor: entry.actor,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    site,
    reason: entry.reason,
    details: entry.details,
    created_at: entry.createdAt.toISOString(),
  };
}

/** One page of the audit log, newest first, of what the actor may read and the filters keep. */
export async function auditLog(db: Db, actor: Actor, query: AuditFilters & { page: number; pageSize: number }): Promise<Outcome<{ value: AuditEntry[]; total: number }>> {
  const condition = await auditCondition(db, actor, query);
  if (!condition.ok) return condition;
  const { where } = condition.value;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(entrySelection)
      .from(operatorAudit)
      .leftJoin(sites, eq(sites.id, operatorAudit.siteId))
      .where(where)
      .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(operatorAudit).where(where),
  ]);
  return { ok: true, value: { total, value: rows.map(entryOf) } };
}

/** The export's columns, in order. */
export const AUDIT_CSV_COLUMNS = ['audit_id', 'created_at', 'actor', 'action', 'target_type', 'target_id', 'site', 'reason', 'details'] as const;

/** Rows read per query while streaming. */
const EXPORT_BATCH = 500;

/**
 * The CSV of every entry the filters keep, newest first, as a stream read batch by batch. The
 * entries are those up to the last one written when the export began, so the file is the log as it
 * was then (its own audit entry, written just after, is not in it).
 */
async function auditCsv(db: Db, actor: Actor, filters: AuditFilters): Promise<Outcome<{ stream: Readable; rows: number; siteId: number | null }>> {
  const condition = await auditCondition(db, actor, filters);
  if (!condition.ok) return condition;
  const [{ last } = { last: 0 }] = await db.select({ last: sql<number>`coalesce(max(${operatorAudit.id}), 0)::bigint` }).from(operatorAudit);
  const where = and(condition.value.where, lte(operatorAudit.id, Number(last)));
  const [{ rows } = { rows: 0 }] = await db.select({ rows: count() }).from(operatorAudit).where(where);
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvRow(AUDIT_CSV_COLUMNS);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await db
        .select(entrySelection)
        .from(operatorAudit)
        .leftJoin(sites, eq(sites.id, operatorAudit.siteId))
        .where(where)
        .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
        .limit(EXPORT_BATCH)
        .offset(offset);
      if (batch.length > 0) {
        yield batch
          .map(entryOf)
          .map((entry) => csvRow([entry.audit_id, entry.created_at, entry.actor, entry.action, entry.target_type, entry.target_id, entry.site, entry.reason, JSON.stringify(entry.details)]))
          .join('');
      }
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return { ok: true, value: { stream: Readable.from(lines()), rows, siteId: condition.value.siteId } };
}

/** The report's columns: the day, the currency, then every figure of opsReport. */
export const REPORT_CSV_COLUMNS = ['date', 'currency', 'deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'adjustments', 'active_players', 'new_players', 'first_depositors'] as const;

type ReportQuery = z.output<typeof opsReportPayload>;

/** The ledger report of a site as CSV: a row per day, then the period's totals (date "total"). */
async function reportCsv(db: Db, actor: Actor, query: ReportQuery): Promise<Outcome<{ csv: string; siteId: number; name: string }>> {
  const site = await resolveOpsSite(db, actor, query.site);
  if (!site.ok) return site;
  const report = await siteReport(db, actor, query);
  if (!report.ok) return report;
  const { currency, days, totals, from, to } = report.value;
  const figures = (date: string, row: (typeof days)[number] | typeof totals) =>
    [date, currency, row.deposits, row.withdrawals, row.bets, row.wins, row.ggr, row.bonuses, row.ngr, row.adjustments, row.active_players, row.new_players, row.first_depositors] as const;
  const csv = csvDocument(REPORT_CSV_COLUMNS, [...days.map((day) => figures(day.date, day)), figures('total', totals)]);
  return { ok: true, value: { csv, siteId: site.value!.id, name: `report-${report.value.site}-${from}-${to}.csv` } };
}

/** A file name's time: 2026-11-27T10:05:00.000Z → 20261127-1005. */
const stamp = (date: Date) => date.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

function sendCsv(reply: FastifyReply, name: string, body: string | Readable) {
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** The filters as given, kept with the export's audit entry (short values only). */
const filtersOf = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/**
 * GET /api/ops/audit.csv and /api/ops/report.csv. Authenticated as the operator calls are (ADR 0044):
 * the back-office session's cookie from a page of this origin, else `authorization: Bearer <key>`
 * (a failed one audited and limited per address). The permission is checked before the query is
 * read; a refusal is audited like a refused call.
 */
export function registerOpsExportRoutes(app: FastifyInstance, db: Db, rateLimiter: RateLimiter): void {
  function exportRoute(path: string, call: string, permission: Permission, run: (actor: Actor, query: unknown, reply: FastifyReply) => Promise<Outcome<FastifyReply>>): void {
    app.get(path, async (request, reply) => {
      const refuse = (body: ReturnType<typeof failure>) => reply.code(httpStatusOf(body)).header('cache-control', 'no-store').send(body);
      try {
        const actor = await actorOf(request);
        if (!actor.ok) return refuse(failure(actor.message));
        const refused = async (body: ReturnType<typeof failure>) => {
          await recordAudit(db, actor.value, {
            action: 'call.refused',
            targetType: 'call',
            targetId: call,
            siteId: soleSiteId(actor.value),
            reason: body.message,
            details: 'errors' in body && body.errors ? { errors: body.errors } : {},
          });
          return refuse(body);
        };
        if (!actorMay(actor.value, permission)) return await refused(failure('permissionDenied'));
        const done = await run(actor.value, request.query, reply);
        if (!done.ok) return await refused(done.message === 'validationError' ? failure('validationError', validationErrors.get(request)) : failure(done.message));
        return done.value;
      } catch (error) {
        request.log.error({ err: error, call }, 'operator export failed');
        return refuse(failure(isConnectionError(error) ? 'serviceUnavailable' : 'internalServerError'));
      }
    });
  }

  /** The per-field errors of a request's invalid query (kept aside: an Outcome carries a key only). */
  const validationErrors = new WeakMap<FastifyRequest, Record<string, string[]>>();

  async function actorOf(request: FastifyRequest): Promise<Outcome<Actor>> {
    if (request.headers.authorization === undefined && request.headers.cookie !== undefined) {
      const actor = await sessionActor(db, request);
      if (actor) return { ok: true, value: actor };
    }
    const checked = await checkOperatorKey(db, request.headers.authorization);
    if (checked.ok) return { ok: true, value: checked.actor };
    const counted = await rateLimiter.hit(RATE_LIMITS.opsAuthFailureIp, request.ip);
    if (!counted.allowed) return { ok: false, message: 'tooManyRequests' };
    await auditFailedAuthentication(db, checked, { call: request.routeOptions.url ?? '', clientIp: request.ip });
    return { ok: false, message: 'invalidApiKey' };
  }

  exportRoute(AUDIT_EXPORT_PATH, 'auditExport', 'audit.view', async (actor, rawQuery, reply) => {
    const parsed = auditExportQuery.safeParse(rawQuery ?? {});
    if (!parsed.success) {
      validationErrors.set(reply.request, fieldErrorsOf(parsed.error));
      return { ok: false, message: 'validationError' };
    }
    const made = await auditCsv(db, actor, parsed.data);
    if (!made.ok) return made;
    await recordAudit(db, actor, {
      action: 'audit.export',
      targetType: 'audit_log',
      targetId: 'csv',
      siteId: made.value.siteId,
      details: { filters: filtersOf(parsed.data), rows: made.value.rows },
    });
    return { ok: true, value: sendCsv(reply, `audit-${stamp(new Date())}.csv`, made.value.stream) };
  });

  exportRoute(REPORT_EXPORT_PATH, 'reportExport', 'reports.view', async (actor, rawQuery, reply) => {
    const parsed = opsReportPayload.safeParse(rawQuery ?? {});
    if (!parsed.success) {
      validationErrors.set(reply.request, fieldErrorsOf(parsed.error));
      return { ok: false, message: 'validationError' };
    }
    const made = await reportCsv(db, actor, parsed.data);
    if (!made.ok) return made;
    await recordAudit(db, actor, {
      action: 'report.export',
      targetType: 'report',
      targetId: 'csv',
      siteId: made.value.siteId,
      details: { filters: filtersOf(parsed.data) },
    });
    return { ok: true, value: sendCsv(reply, made.value.name, made.value.csv) };
  });
}
