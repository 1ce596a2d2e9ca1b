import { z } from 'zod';
import { timeFilter } from './banking-fields.js';
import { siteField } from './ops-define.js';

/*
 * The audit log's filters (issue 26 §2 Audit log, ADR 0048): shared by the opsAudit call (one page
 * of entries) and the CSV export (every matching entry, GET AUDIT_EXPORT_PATH with the same fields
 * as query parameters). Every field is optional; together they narrow (AND).
 */

/** A calendar day, YYYY-MM-DD, that exists (UTC day when given as a day). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 1900 && date.getUTCFullYear() <= 9999;
  });

/** A day (UTC) or an instant (ISO 8601 with offset). */
const dayOrTime = z.union([day, timeFilter], 'invalidValue');

const text = (max: number) => z.string('invalidValue').trim().min(1, 'required').max(max, 'tooLong');

export const auditFilterFields = {
  site: siteField.optional().describe("Only this site's entries (one of its domain names)."),
  actor: text(120).optional().describe('Who acted: a whole label ("console:alice", "operator:payments-bot", "cli:ops") or a bare name, which matches that name under any prefix ("alice").'),
  action: text(80).optional().describe('What was done: an exact action ("deposit.approve"), or, ending with a dot, every action it begins ("deposit.").'),
  target_type: text(60).optional().describe('What it was done to: the kind of target ("payment", "player", "call", ...).'),
  target_id: text(200).optional().describe("The target's id (exact)."),
  from: dayOrTime.optional().describe('Only entries at or after this day (YYYY-MM-DD, UTC) or time (ISO 8601 with offset).'),
  to: dayOrTime.optional().describe('Only entries up to this day, included (YYYY-MM-DD, UTC), or before this time (ISO 8601 with offset).'),
};

type Range = { from?: string | undefined; to?: string | undefined };

/** Where a range's ends fall: a day as UTC midnight (the `to` day included: its next midnight), an instant as itself. */
export function auditRangeBounds(range: Range): { from: Date | null; to: Date | null } {
  const at = (value: string | undefined, end: boolean): Date | null => {
    if (value === undefined) return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
    const date = new Date(`${value}T00:00:00Z`);
    if (end) date.setUTCDate(date.getUTCDate() + 1);
    return date;
  };
  return { from: at(range.from, false), to: at(range.to, true) };
}

/** A range that ends before it starts answers invalidValue on `to`. */
const orderedRange = (range: Range, context: z.RefinementCtx) => {
  const { from, to } = auditRangeBounds(range);
  if (from && to && to.getTime() <= from.getTime()) context.addIssue({ code: 'custom', path: ['to'], message: 'invalidValue' });
};

/** The filters alone: the CSV export's query parameters. */
export const auditExportQuery = z.strictObject(auditFilterFields).superRefine(orderedRange);
export type AuditExportQuery = z.output<typeof auditExportQuery>;

/** The audit log as CSV: GET with the filters as query parameters (session cookie or API key). */
export const AUDIT_EXPORT_PATH = '/api/ops/audit.csv';

/** The ledger report of opsReport as CSV: GET with its payload (site, from, to) as query parameters. */
export const REPORT_EXPORT_PATH = '/api/ops/report.csv';

/** Attaches the range check to a payload that holds the filters. */
export const withOrderedRange = <T extends z.ZodType<Range>>(schema: T) => schema.superRefine(orderedRange);
