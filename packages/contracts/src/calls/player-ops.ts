import { z } from 'zod';
import { KYC_LEVELS } from '../constants/compliance.js';
import { EXCLUSION_PERIODS } from '../constants/responsible.js';
import { isoDate, money, okFields } from '../envelope.js';
import { accountId } from '../rules.js';
import { page, pageFields, pageSize, rowId } from './banking-fields.js';
import { kycDocumentView } from './compliance.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';
import { limitView } from './responsible.js';

/*
 * The back office's Players screens (issue 26 §2, ADR 0047): search across the operator's sites, a
 * player's page in one call, operator notes, block/close/unblock with a reason, and ending the
 * player's sessions. Balances move only through opsAdjust; statements come from opsStatement.
 */

export const PLAYER_STATUSES = ['active', 'blocked', 'closed'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

const siteScope = siteField.optional().describe("Only this site's players; every site the operator works on when left out.");

export const opsPlayerSearchPayload = z.strictObject({
  query: z
    .string('invalidValue')
    .trim()
    .max(100, 'tooLong')
    .default('')
    .describe(
      'An account id, phone number or email address (each matched exactly), or the start of a full name (case-insensitive). Empty: every player, newest first.',
    ),
  site: siteScope,
  status: z.enum(PLAYER_STATUSES, 'invalidValue').optional().describe('Only players of this status.'),
  page,
  page_size: pageSize,
});

export const opsPlayerRow = z.object({
  site: z.string().describe("The site's external_id."),
  account_id: z.string(),
  full_name: z.string(),
  contact_phone: z.string().describe('Shown in full to roles that manage players, else masked (the last three digits).'),
  contact_email: z.string().describe('Shown in full to roles that manage players, else masked.'),
  status: z.enum(PLAYER_STATUSES),
  balance: money.describe('The available balance, in the site currency.'),
  currency: z.string(),
  created_at: isoDate,
});
export type OpsPlayerRow = z.infer<typeof opsPlayerRow>;

export const opsPlayerSearch = defineOperatorCall({
  path: '/api/ops/players/search',
  summary:
    "Finds players on the operator's sites by account id, phone or email (exact) or the start of the full name, newest first. The search is audited. " +
    `Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsPlayerSearchPayload,
  reply: z.object({ ...okFields, value: z.array(opsPlayerRow), ...pageFields }),
});

export const opsPlayerTarget = { site: siteField, account_id: accountId } as const;

export const opsPlayerSession = z.object({
  session_id: z.number().int().positive(),
  created_at: isoDate,
  last_seen_at: isoDate,
  ip: z.string().describe('The address it logged in from (masked for roles that do not manage players).'),
  device: z.string().describe('Browser and system read from the user agent.'),
});
export type OpsPlayerSession = z.infer<typeof opsPlayerSession>;

export const opsPlayerNoteView = z.object({
  note_id: z.number().int().positive(),
  body: z.string(),
  author: z.string().describe('The operator who wrote it ("console:<username>", "cli:<name>").'),
  created_at: isoDate,
});
export type OpsPlayerNoteView = z.infer<typeof opsPlayerNoteView>;

export const opsPlayerExclusion = z.object({
  kind: z.enum(['timeout', 'exclusion']),
  period: z.enum(EXCLUSION_PERIODS),
  starts_at: isoDate,
  ends_at: isoDate.nullable().describe('null: permanent.'),
  running: z.boolean(),
});

export const opsPlayerReply = z.object({
  ...okFields,
  profile: opsPlayerRow.extend({
    site_name: z.string(),
    birth_date: z.string().nullable(),
    referral_code: z.string(),
    affiliate_code: z.string().nullable(),
    last_login_at: isoDate.nullable(),
    kyc_level: z.enum(KYC_LEVELS),
    open_flags: z.number().int().nonnegative().describe('Anti-money-laundering flags open or escalated (they hold withdrawals).'),
  }),
  balances: z.object({
    available: money,
    held: money.describe('Pending withdrawals, held out of the balance.'),
    tokens: money,
    frozen_tokens: money,
    currency: z.string(),
  }),
  sessions: z.array(opsPlayerSession).describe('Live sessions, most recently used first (at most 50).'),
  limits: z.array(limitView).describe("The player's own limits (read-only here: only the player changes them)."),
  exclusion: z
    .object({ kind: z.enum(['timeout', 'exclusion']), period: z.enum(EXCLUSION_PERIODS), until: isoDate.nullable() })
    .nullable()
    .describe("The time-out or self-exclusion covering the account now (its own or the same person's on another of the owner's sites)."),
  exclusions: z.array(opsPlayerExclusion).describe("This account's time-outs and self-exclusions, newest first (at most 50)."),
  documents: z.array(kycDocumentView.extend({ reviewed_by: z.string().nullable() })).describe('Identity documents, newest first.'),
  notes: z.array(opsPlayerNoteView).describe('Operator notes, newest first (at most 100).'),
  owed_sports: z
    .array(z.object({ ticket: z.string(), amount: money, settled_at: isoDate.nullable() }))
    .describe('Sports bets on which a corrected result could not take back all it should (ADR 0037): what each still owes, recovered with opsAdjust and sports_ticket (at most 100).'),
});
export type OpsPlayerReply = z.infer<typeof opsPlayerReply>;

export const opsPlayer = defineOperatorCall({
  path: '/api/ops/players/get',
  summary:
    "A player's page: profile, KYC level, balances, live sessions, limits and exclusions, identity documents and operator notes. The view is audited. " +
    `Failure keys: siteNotFound, accountNotFound, ${opsFailures}.`,
  payload: z.strictObject(opsPlayerTarget),
  reply: opsPlayerReply,
});

export const opsPlayerNotePayload = z.strictObject({
  ...opsPlayerTarget,
  body: z.string('invalidValue').trim().min(3, 'required').max(2000, 'tooLong').describe('The note: kept with the player and in the audit log.'),
});
export const opsPlayerNote = defineOperatorCall({
  path: '/api/ops/players/note',
  summary: `Adds an operator note to a player (notes are never changed or deleted). Audited. Failure keys: siteNotFound, accountNotFound, ${opsFailures}.`,
  payload: opsPlayerNotePayload,
  reply: z.object({ ...okFields, note: opsPlayerNoteView, audit_id: z.number().int().positive() }),
});

export const opsPlayerStatusPayload = z.strictObject({
  ...opsPlayerTarget,
  status: z.enum(PLAYER_STATUSES, 'invalidValue').describe('blocked: no login until unblocked; closed: for good; active: unblocks.'),
  reason,
});
export const opsPlayerStatus = defineOperatorCall({
  path: '/api/ops/players/status',
  summary:
    "Blocks, unblocks or closes a player's account with a reason. Blocking or closing ends every session of the player at once; a closed account stays closed " +
    `(CLOSE). The same status again changes nothing (changed: false). Audited with the status before and after. Failure keys: siteNotFound, accountNotFound, CLOSE, ${opsFailures}.`,
  payload: opsPlayerStatusPayload,
  reply: z.object({
    ...okFields,
    changed: z.boolean(),
    status: z.enum(PLAYER_STATUSES),
    previous: z.enum(PLAYER_STATUSES),
    sessions_ended: z.number().int().nonnegative(),
    audit_id: z.number().int().positive().nullable().describe('null when nothing changed.'),
  }),
});

export const opsPlayerSessionRevokePayload = z.strictObject({
  ...opsPlayerTarget,
  session_id: rowId.optional().describe('The session to end; every live session of the player when left out.'),
  reason,
});
export const opsPlayerSessionRevoke = defineOperatorCall({
  path: '/api/ops/players/sessions/revoke',
  summary:
    "Ends one session of a player, or all of them: the player is signed out on the next call. Audited. Failure keys: siteNotFound, accountNotFound, notFound (no such live session of the player), " +
    `${opsFailures}.`,
  payload: opsPlayerSessionRevokePayload,
  reply: z.object({ ...okFields, ended: z.number().int().nonnegative(), audit_id: z.number().int().positive() }),
});

export const PLAYER_OPERATOR_CALLS = { opsPlayerSearch, opsPlayer, opsPlayerNote, opsPlayerStatus, opsPlayerSessionRevoke } as const;
