import { z } from 'zod';
import { isoDate, okFields } from '../envelope.js';
import { page, pageFields, pageSize } from './banking-fields.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';
import { SITE_APPLY_BODY_LIMIT_BYTES, SITE_LOGO_MAX_BYTES, siteDefinition, siteLogoFile } from './site-definition.js';

/*
 * Operator calls of sites as code (issue 26 §3, ADR 0043): apply a definition (create or update by
 * external_id) and export one. The command line reads and writes the files; the logo files travel
 * here as base64, so the same calls work on the database and through a server.
 */

/** Base64 of at most SITE_LOGO_MAX_BYTES bytes. */
const base64File = z
  .string('invalidValue')
  .max(Math.ceil(SITE_LOGO_MAX_BYTES / 3) * 4, 'payloadTooLarge')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'invalidFormat');

const logoFiles = z
  .record(siteLogoFile, base64File, 'invalidValue')
  .refine((files) => Object.keys(files).length <= 4, 'tooLong')
  .describe('The logo files the definition names, by that name, base64-encoded.');

export const opsSiteApplyPayload = z.strictObject({
  definition: siteDefinition,
  logos: logoFiles.default({}),
  reason,
});
export const opsSiteApply = defineOperatorCall({
  path: '/api/ops/sites/apply',
  summary:
    'Creates a site from a definition, or updates the site of its external_id, with its domains, providers, banking, rules and VIP ladder, in one ' +
    'audited transaction; the site answers at its domains at once. A key scoped to one site may only update that site. A domain of another site is ' +
    `refused (validationError, domains.N: domainInUse). This call takes bodies up to ${SITE_APPLY_BODY_LIMIT_BYTES / 1024 / 1024} MiB. Failure keys: ${opsFailures}.`,
  payload: opsSiteApplyPayload,
  reply: z.object({
    ...okFields,
    created: z.boolean().describe('true: a new site; false: an existing one updated.'),
    site: z.string().describe("The site's external_id."),
    domains: z.array(z.string()),
    audit_id: z.number().int().positive(),
  }),
});

export const opsSiteExportPayload = z.strictObject({ site: siteField });
export const opsSiteExport = defineOperatorCall({
  path: '/api/ops/sites/export',
  summary: `A site's definition, every default written out, and its uploaded logo files (base64): applied again it changes nothing. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsSiteExportPayload,
  reply: z.object({
    ...okFields,
    definition: z.record(z.string(), z.unknown()).describe('The definition (siteDefinition), as opsSiteApply takes it.'),
    logos: z.record(z.string(), z.string()).describe('The uploaded logo files the definition names, base64-encoded.'),
  }),
});

/** How the console's list of sites may be sorted (issue 26 §2 Sites; ADR 0049). */
export const OPS_SITES_SORTS = ['name', 'created', 'players'] as const;
export type OpsSitesSort = (typeof OPS_SITES_SORTS)[number];
/** Which sites the list shows by their state. */
export const OPS_SITES_STATES = ['active', 'inactive', 'maintenance'] as const;
export type OpsSitesState = (typeof OPS_SITES_STATES)[number];

export const opsSitesPayload = z.strictObject({
  q: z.string('invalidValue').trim().max(100, 'tooLong').optional().describe('Part of a name, a domain or an external_id (case ignored).'),
  state: z.enum(OPS_SITES_STATES, 'invalidValue').optional().describe('active (switched on, not expired), inactive (switched off or expired), maintenance (its window open now).'),
  sort: z.enum(OPS_SITES_SORTS, 'invalidValue').default('name'),
  page,
  page_size: pageSize,
});

export const opsSite = z.object({
  external_id: z.string(),
  site_name: z.string(),
  domains: z.array(z.string()).describe('Its host names, the main one first.'),
  theme_code: z.string(),
  theme_color: z.string(),
  currency: z.string(),
  languages: z.array(z.string()).describe('Locale codes, the default first.'),
  status: z.boolean().describe('false: switched off.'),
  expired_date: isoDate.nullable(),
  maintenance: z.object({ start_date: isoDate.nullable(), end_date: isoDate.nullable() }),
  under_maintenance: z.boolean().describe('The maintenance window is open now.'),
  players: z.number().int().nonnegative().describe('Player accounts of the site.'),
  created_at: isoDate,
});
export type OpsSite = z.infer<typeof opsSite>;

export const opsSitesReply = z.object({
  ...okFields,
  value: z.array(opsSite),
  ...pageFields,
  may_create: z.boolean().describe('The caller may create sites: it may manage sites and is not kept to some of them (ADR 0043).'),
});
export const opsSites = defineOperatorCall({
  path: '/api/ops/sites',
  summary: `The sites the operator works on (a site-scoped key: its own), filtered, sorted and paged, with their players counted. Failure keys: ${opsFailures}.`,
  payload: opsSitesPayload,
  reply: opsSitesReply,
});

export const SITE_OPERATOR_CALLS = { opsSiteApply, opsSiteExport, opsSites } as const;
