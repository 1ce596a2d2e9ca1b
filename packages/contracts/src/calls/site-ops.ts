import { z } from 'zod';
import { okFields } from '../envelope.js';
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

export const SITE_OPERATOR_CALLS = { opsSiteApply, opsSiteExport } as const;
