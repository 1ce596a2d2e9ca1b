import { z } from 'zod';
import { OPERATOR_ROLES } from '../constants/backoffice.js';
import { isoDate, okFields } from '../envelope.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';

/*
 * The back office's team (issue 26 §1, ADR 0050): the accounts of a brand owner, their roles and
 * sites, and the API keys made for them. Only an account acts here (a session, or a key an account
 * made): the team is its brand owner's; a platform key and the command line manage accounts with
 * `create-account`. An account grants no role above its own and no site outside its own, and never
 * changes itself (a second person does: no one locks the team out alone).
 */

export const teamUsername = z
  .string('invalidValue')
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,64}$/, 'invalidFormat')
  .describe('3 to 64 of a-z, 0-9, ".", "_" and "-"; kept in lower case.');

const siteList = z
  .array(siteField, 'invalidValue')
  .min(1, 'required')
  .max(200, 'tooLong')
  .nullable()
  .describe("The account's sites by a domain each; null: every site of the brand owner, today's and tomorrow's.");

export const teamKey = z.object({
  key_id: z.number().int().positive(),
  name: z.string(),
  created_at: isoDate,
  disabled_at: isoDate.nullable(),
});

export const teamMember = z.object({
  account_id: z.number().int().positive(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  sites: z.array(z.object({ external_id: z.string(), site_name: z.string(), domain: z.string() })).nullable().describe('null: every site of the brand owner.'),
  totp_enrolled: z.boolean(),
  disabled: z.boolean(),
  last_login_at: isoDate.nullable(),
  created_at: isoDate,
  keys: z.array(teamKey).describe('API keys made for the account (acting with its role and sites), newest first.'),
});
export type TeamMember = z.infer<typeof teamMember>;

export const opsTeam = defineOperatorCall({
  path: '/api/ops/team',
  summary: `The accounts of the acting account's brand owner that it may manage (its own sites only, for a site-scoped account), with their keys. Failure keys: ${opsFailures}.`,
  payload: z.strictObject({}),
  reply: z.object({ ...okFields, value: z.array(teamMember) }),
});

export const opsTeamCreate = defineOperatorCall({
  path: '/api/ops/team/create',
  summary: `Creates an account with a role and sites, and answers its first password (shown once; the second factor is enrolled at its first sign-in). Failure keys: accountExists, ${opsFailures}.`,
  payload: z.strictObject({ username: teamUsername, role: z.enum(OPERATOR_ROLES, 'invalidValue'), sites: siteList, reason }),
  reply: z.object({ ...okFields, account_id: z.number().int().positive(), password: z.string().describe('The first password: give it to the person, it is not shown again.'), audit_id: z.number().int().positive() }),
});

export const opsTeamUpdate = defineOperatorCall({
  path: '/api/ops/team/update',
  summary:
    'Changes another account: its role or sites, disables or enables it (a disabled account\'s sessions and keys stop at once), sets a new password (answered once) or a new second-factor enrolment at its next sign-in; each change ends its sessions. ' +
    `Failure keys: notFound, ${opsFailures}.`,
  payload: z.discriminatedUnion(
    'change',
    [
      z.strictObject({ account_id: z.number('invalidValue').int('invalidValue').positive('invalidValue'), change: z.literal('role'), role: z.enum(OPERATOR_ROLES, 'invalidValue'), reason }),
      z.strictObject({ account_id: z.number('invalidValue').int('invalidValue').positive('invalidValue'), change: z.literal('sites'), sites: siteList, reason }),
      z.strictObject({
        account_id: z.number('invalidValue').int('invalidValue').positive('invalidValue'),
        change: z.enum(['disable', 'enable', 'reset_password', 'reset_second_factor'], 'invalidValue'),
        reason,
      }),
    ],
    'invalidValue',
  ),
  reply: z.object({ ...okFields, value: teamMember, password: z.string().nullable().describe('The new password of reset_password (shown once); null otherwise.'), audit_id: z.number().int().positive() }),
});

export const opsTeamKeyCreate = defineOperatorCall({
  path: '/api/ops/team/keys/create',
  summary: `Makes an API key for an account of the team (for OPS_URL scripts): it acts with that account's role and sites while the account is active. The key is answered once. Failure keys: notFound, accountExists (a key of that name exists), ${opsFailures}.`,
  payload: z.strictObject({
    account_id: z.number('invalidValue').int('invalidValue').positive('invalidValue'),
    name: z.string('invalidValue').trim().regex(/^[A-Za-z0-9._-]{2,64}$/, 'invalidFormat').describe('A name for the key, unique on the platform (shown in the audit log as operator:<name>).'),
    reason,
  }),
  reply: z.object({ ...okFields, key: z.string().describe('`Authorization: Bearer <key>`; not shown again.'), value: teamKey, audit_id: z.number().int().positive() }),
});

export const opsTeamKeyDisable = defineOperatorCall({
  path: '/api/ops/team/keys/disable',
  summary: `Disables an API key of the team: it stops working at once. Failure keys: notFound, ${opsFailures}.`,
  payload: z.strictObject({ key_id: z.number('invalidValue').int('invalidValue').positive('invalidValue'), reason }),
  reply: z.object({ ...okFields, value: teamKey, audit_id: z.number().int().positive() }),
});

export const TEAM_OPERATOR_CALLS = { opsTeam, opsTeamCreate, opsTeamUpdate, opsTeamKeyCreate, opsTeamKeyDisable } as const;
