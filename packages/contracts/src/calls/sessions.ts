import { z } from 'zod';
import { defineCall, isoDate, okFields, sessionPayload } from '../envelope.js';

// siteInactive and siteExpired: the session's site was switched off or is past its expiry date (ADR 0019).
const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

/** One live session of the player, as the security screen lists it. */
export const playerSessionInfo = z.object({
  id: z.number().int().positive().describe('The session, for telling the rows apart; not a token.'),
  created_at: isoDate.describe('When the player logged in.'),
  last_seen_at: isoDate.describe('The last call of the session (written at most once a minute).'),
  ip: z.string().describe('The address the session logged in from, masked: the last IPv4 octet or all but the first three IPv6 groups hidden. Empty when unknown.'),
  device: z.string().describe('Browser and system read from the user agent ("Chrome on Windows"), else the agent shortened. Empty when unknown.'),
  current: z.boolean().describe('True for the session of this call.'),
});
export type PlayerSessionInfo = z.infer<typeof playerSessionInfo>;

export const sessionsPayload = z.strictObject({ ...sessionPayload });

export const sessionsReply = z.object({
  ...okFields,
  value: z.array(playerSessionInfo).describe("The player's live sessions (neither ended, expired nor idle), this one first, then the most recently used."),
});
export type SessionsReply = z.infer<typeof sessionsReply>;

export const sessions = defineCall({
  path: '/api/auth/sessions',
  method: 'POST',
  access: 'session',
  tag: 'Auth',
  summary: `The player's live sessions on this site, for the security screen. Failure keys: ${sessionFailures}, validationError.`,
  payload: sessionsPayload,
  reply: sessionsReply,
});

export const sessionsRevokeOthersPayload = z.strictObject({ ...sessionPayload });

export const sessionsRevokeOthersReply = z.object({
  ...okFields,
  ended: z.number().int().nonnegative().describe('How many other sessions were ended.'),
});
export type SessionsRevokeOthersReply = z.infer<typeof sessionsRevokeOthersReply>;

export const sessionsRevokeOthers = defineCall({
  path: '/api/auth/sessions/revoke_others',
  method: 'POST',
  access: 'session',
  tag: 'Auth',
  summary:
    '"Sign out everywhere else": ends every other session of the player at once (their next call answers sessionExpired); ' +
    `this one stays valid. Failure keys: ${sessionFailures}, validationError.`,
  payload: sessionsRevokeOthersPayload,
  reply: sessionsRevokeOthersReply,
});

export const logoutPayload = z.strictObject({ ...sessionPayload });

export const logoutReply = z.object({ ...okFields });
export type LogoutReply = z.infer<typeof logoutReply>;

export const logout = defineCall({
  path: '/api/auth/logout',
  method: 'POST',
  access: 'session',
  tag: 'Auth',
  summary:
    'Log out: ends this session on the server; any later call with the same token answers sessionExpired, on every server process. ' +
    `Failure keys: ${sessionFailures}, validationError.`,
  payload: logoutPayload,
  reply: logoutReply,
});
