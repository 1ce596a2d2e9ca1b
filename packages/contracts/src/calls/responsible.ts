import { z } from 'zod';
import { EXCLUSION_PERIODS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES, SESSION_LIMIT_MINUTES } from '../constants/responsible.js';
import { defineCall, isoDate, money, okFields, sessionPayload } from '../envelope.js';
import { amountInput } from './banking-fields.js';
import { STATUS } from '../errors.js';

/*
 * Responsible gaming (issue 25, ADR 0039): time-outs and self-exclusion, which hold on every site
 * of the operator where the same person is registered.
 */

const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

export const selfExcludePayload = z.strictObject({
  ...sessionPayload,
  period: z
    .enum(EXCLUSION_PERIODS, 'invalidValue')
    .describe('24h, 1w, 1m or 6w: a time-out; 6m, 1y, 5y or permanent: a self-exclusion.'),
});

export const selfExcludeReply = z.object({
  ...okFields,
  kind: z.enum(['timeout', 'exclusion']),
  period: z.enum(EXCLUSION_PERIODS),
  until: isoDate.nullable().describe('When the term ends; null: permanent.'),
});
export type SelfExcludeReply = z.infer<typeof selfExcludeReply>;

export const selfExclude = defineCall({
  path: '/api/responsible/self_exclude',
  method: 'POST',
  access: 'session',
  tag: 'Responsible gaming',
  summary:
    'Starts a time-out (24h, 1w, 1m, 6w) or a self-exclusion (6m, 1y, 5y, permanent) of the player, and of the same person (same phone or email) on ' +
    "every other site of the site's operator. It cannot be shortened or lifted during its term, by the player or an operator. Every session of those " +
    'accounts ends at once; logging in, signing up again and staking are refused until the term ends; pending withdrawals are still paid. A period ' +
    `shorter than a term already running changes nothing and answers the running one. Failure keys: validationError, ${sessionFailures}.`,
  payload: selfExcludePayload,
  reply: selfExcludeReply,
});

/**
 * The failure of a login or a signup during a term: `selfExcluded` or `timedOut`, with the end
 * (null: permanent), so the site can say until when.
 */
export const excludedFailureReply = z.object({
  statusCode: z.literal(STATUS.failure),
  message: z.enum(['selfExcluded', 'timedOut']),
  until: isoDate.nullable(),
});
export type ExcludedFailureReply = z.infer<typeof excludedFailureReply>;

// ---------------------------------------------------------------------------------------------
// Limits (issue 25 §2)

const limitKind = z
  .enum(LIMIT_KINDS, 'invalidValue')
  .describe('deposit: deposits requested; loss: stakes less wins; wager: stakes; session: minutes logged in (ADR 0041, period day only).');
const limitPeriod = z.enum(LIMIT_PERIODS, 'invalidValue').describe('day, week or month: the last 24 hours, 7 days or 30 days, rolling.');

export const limitView = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: money
    .nullable()
    .describe('The limit in force, in the site currency (a session limit: whole minutes); null: none yet (only a change is waiting).'),
  used: money.describe('What counts against it in the period now (a session limit: whole minutes logged in, rounded down).'),
  left: money.nullable().describe('What is left of it now (never below 0; a session limit: whole minutes); null with no limit in force.'),
  pending: z
    .object({
      amount: money.nullable().describe('The limit asked for; null: removing it.'),
      from: isoDate.describe('When it may be confirmed (24 hours after it was asked).'),
      confirmable: z.boolean().describe('true: its time has come, and confirm_limit applies it.'),
    })
    .nullable()
    .describe('A higher limit or a removal waiting its 24 hours; null: none.'),
});
export type LimitView = z.infer<typeof limitView>;

export const responsibleStatusReply = z.object({
  ...okFields,
  limits: z.array(limitView).describe('Every limit the player set or asked for, by kind and period.'),
});
export type ResponsibleStatusReply = z.infer<typeof responsibleStatusReply>;

export const responsibleStatus = defineCall({
  path: '/api/responsible/status',
  method: 'POST',
  access: 'session',
  tag: 'Responsible gaming',
  summary:
    "The player's limits in force with what is used of each in its rolling period and what is left, and the changes waiting with the time they " +
    `may be confirmed. (A player in a time-out or self-exclusion has no session to ask with: login answers its end.) Failure keys: ${sessionFailures}.`,
  payload: z.strictObject({ ...sessionPayload }),
  reply: responsibleStatusReply,
});

const SESSION_MINUTES = /^\d{1,4}$/;

export const setLimitPayload = z
  .strictObject({
    ...sessionPayload,
    kind: limitKind,
    period: limitPeriod,
    amount: amountInput.nullable().describe('The limit in the site currency (a session limit: whole minutes, 1 to 1440); null removes it.'),
  })
  // A session limit (ADR 0041) counts whole minutes over the last 24 hours only.
  .refine((payload) => payload.kind !== 'session' || payload.period === 'day', { message: 'invalidValue', path: ['period'] })
  .refine(
    (payload) =>
      payload.kind !== 'session' ||
      payload.amount === null ||
      (SESSION_MINUTES.test(payload.amount) && Number(payload.amount) >= SESSION_LIMIT_MINUTES.min && Number(payload.amount) <= SESSION_LIMIT_MINUTES.max),
    { message: 'invalidValue', path: ['amount'] },
  );

export const setLimit = defineCall({
  path: '/api/responsible/limits',
  method: 'POST',
  access: 'session',
  tag: 'Responsible gaming',
  summary:
    'Sets one limit. A first or lower limit applies at once; a higher one, or removing one (amount null), waits 24 hours and then the player ' +
    'confirms it (confirm_limit); until then the limit in force stays. A session limit (kind session, period day, whole minutes 1 to 1440) ' +
    "also moves the end of the player's live sessions (ADR 0041). Answers the status. " +
    `Failure keys: validationError, ${sessionFailures}.`,
  payload: setLimitPayload,
  reply: responsibleStatusReply,
});

export const confirmLimit = defineCall({
  path: '/api/responsible/confirm_limit',
  method: 'POST',
  access: 'session',
  tag: 'Responsible gaming',
  summary:
    'Applies a higher limit or a removal once its 24 hours have passed, and answers the status. Failure keys: limitNotReady (nothing waiting, ' +
    `or not yet), validationError, ${sessionFailures}.`,
  payload: z.strictObject({ ...sessionPayload, kind: limitKind, period: limitPeriod }),
  reply: responsibleStatusReply,
});

/** The failure of a deposit or a stake over a limit: which limit, and what it leaves. */
export const limitExceededReply = z.object({
  statusCode: z.literal(STATUS.failure),
  message: z.literal('limitExceeded'),
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  left: money,
});
export type LimitExceededReply = z.infer<typeof limitExceededReply>;

/**
 * A login refused by the session limit (ADR 0041), and the key a session past its limit answers:
 * `until` is when the time logged in over the last 24 hours drops below the limit again.
 */
export const sessionLimitFailureReply = z.object({
  statusCode: z.literal(STATUS.failure),
  message: z.literal('sessionLimitReached'),
  until: isoDate,
});
export type SessionLimitFailureReply = z.infer<typeof sessionLimitFailureReply>;

// ---------------------------------------------------------------------------------------------
// Reality check (issue 25 §3, ADR 0041)

const realityMinutes = z
  .number('invalidValue')
  .int('invalidValue')
  .min(REALITY_CHECK_MINUTES.min, 'invalidValue')
  .max(REALITY_CHECK_MINUTES.max, 'invalidValue');

export const realityCheckReply = z.object({
  ...okFields,
  interval_minutes: z.number().int().nullable().describe('Every how many minutes of a session the site shows the reality check; null: off.'),
  session_started_at: isoDate.describe('When this session started (login).'),
  session_ends_at: isoDate.nullable().describe('When the session limit ends this session; null: no session limit.'),
  stakes: money.describe('Staked during this session, less stakes given back, in the site currency.'),
  wins: money.describe('Won during this session, less wins taken back.'),
  net_result: money.describe('wins − stakes: negative when the player is down.'),
});
export type RealityCheckReply = z.infer<typeof realityCheckReply>;

export const realityCheck = defineCall({
  path: '/api/responsible/reality_check',
  method: 'POST',
  access: 'session',
  tag: 'Responsible gaming',
  summary:
    "The reality check of this session: the player's interval, when the session started and when its session limit ends it, and what was " +
    `staked and won since it started (exact decimal strings). Failure keys: ${sessionFailures}.`,
  payload: z.strictObject({ ...sessionPayload }),
  reply: realityCheckReply,
});

export const saveRealityCheckPayload = z.strictObject({
  ...sessionPayload,
  interval_minutes: realityMinutes.nullable().describe('15 to 60 minutes; null turns the reality check off.'),
});

export const saveRealityCheck = defineCall({
  path: '/api/responsible/reality_check/save',
  method: 'POST',
  access: 'session',
  tag: 'Responsible gaming',
  summary: `Sets the reality-check interval of the account (it applies at once) and answers the reality check. Failure keys: validationError, ${sessionFailures}.`,
  payload: saveRealityCheckPayload,
  reply: realityCheckReply,
});

export const RESPONSIBLE_CALLS = { selfExclude, responsibleStatus, setLimit, confirmLimit, realityCheck, saveRealityCheck } as const;
