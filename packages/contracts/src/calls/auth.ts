import { z } from 'zod';
import { defineCall, money, okFields, sessionPayload, sitePayload } from '../envelope.js';
import { accountId, birthDate, contactEmail, contactPhone, loginPassword, password, tac, trackingField } from '../rules.js';

/** The stored user of the session (docs/product.md §3). */
export const sessionUser = z.object({
  account_id: z.string().describe('Lower case, as stored.'),
  session_token: z.string().describe('The same opaque session token as `token`, sent as `auth`.'),
  full_name: z.string().describe('Empty until the player sets it.'),
  contact_email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** The reply of every call that logs the player in: login, login_tac and signup. */
export const loginReply = z.object({
  ...okFields,
  token: z.string().min(16).describe('The opaque session token; later session calls send it as `auth`.'),
  user: sessionUser,
  fullname: z.string().describe('Same as user.full_name.'),
  email: z.string().describe('Same as user.contact_email.'),
});
export type LoginReply = z.infer<typeof loginReply>;

/** The reply of a one-time-code (TAC) request. */
export const tacRequestReply = z.object({
  ...okFields,
  expires_in: z.number().int().positive().describe('Seconds until the code expires (300).'),
  resend_in: z.number().int().nonnegative().describe('Seconds until a new code may be asked for (60).'),
});
export type TacRequestReply = z.infer<typeof tacRequestReply>;

// siteInactive and siteExpired: the session's site was switched off or is past its expiry date (ADR 0019).
const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

// ---------------------------------------------------------------------------------------------

export const loginPayload = z.strictObject({
  account_id: accountId,
  password: loginPassword,
  ...sitePayload,
});

export const login = defineCall({
  path: '/api/auth/login',
  method: 'POST',
  access: 'public',
  tag: 'Auth',
  summary:
    'Logs a player in with account id and password and starts a session. ' +
    'Failure keys: invalidCredentials (unknown account or wrong password), BLOCK, CLOSE, tooManyRequests, validationError, siteNotFound.',
  payload: loginPayload,
  reply: loginReply,
});

export const loginTacPayload = z.strictObject({
  account_id: accountId,
  tac,
  ...sitePayload,
});

export const loginTac = defineCall({
  path: '/api/auth/login_tac',
  method: 'POST',
  access: 'public',
  tag: 'Auth',
  summary:
    'Logs a player in with a one-time code from tac/request_login or forgot_password; the code is used up. ' +
    'Failure keys: invalidTac, tacExpired, tooManyRequests, accountNotFound, BLOCK, CLOSE, validationError.',
  payload: loginTacPayload,
  reply: loginReply,
});

export const getBalancePayload = z.strictObject({ ...sessionPayload });

export const getBalanceReply = z.object({
  ...okFields,
  game_balance: money.describe("The player's balance in the site currency."),
  game_token: money.describe("The player's game tokens."),
});
export type GetBalanceReply = z.infer<typeof getBalanceReply>;

export const getBalance = defineCall({
  path: '/api/auth/get_balance',
  method: 'POST',
  access: 'session',
  tag: 'Auth',
  summary: `The player's balance and game tokens. Failure keys: ${sessionFailures}.`,
  payload: getBalancePayload,
  reply: getBalanceReply,
});

export const forgotPasswordPayload = z.strictObject({
  account_id: accountId,
  contact_phone: contactPhone,
  ...sitePayload,
});

export const forgotPassword = defineCall({
  path: '/api/auth/forgot_password',
  method: 'POST',
  access: 'public',
  tag: 'Auth',
  summary:
    "Checks that the phone matches the account and sends a one-time code; the player then logs in with login_tac and sets a new password " +
    '(update_password without the current password, within 30 minutes). A refusal for asking too soon carries resend_in. ' +
    'Failure keys: accountNotFound, phoneMismatch, tooManyRequests, BLOCK, CLOSE, validationError.',
  payload: forgotPasswordPayload,
  reply: tacRequestReply,
});

export const signupPayload = z.strictObject({
  ...sitePayload,
  account_id: accountId,
  password,
  contact_phone: contactPhone,
  contact_email: contactEmail,
  birth_date: birthDate.describe("The player's date of birth, YYYY-MM-DD: younger than the site's minimum age is refused (underAge)."),
  referrer_code: trackingField,
  ch: trackingField,
  cm: trackingField,
  pp: trackingField,
  affiliate_code: trackingField,
  fbp: trackingField,
  appsflyer_id: trackingField,
  visitor_id: trackingField,
});

export const signup = defineCall({
  path: '/api/auth/signup',
  method: 'POST',
  access: 'public',
  tag: 'Auth',
  summary:
    'Creates a player account on the site and logs the player in (same reply as login). Needs a register code of the ' +
    'account checked by tac/verify in the last 30 minutes (used up here); when that code was sent to a contact_phone, ' +
    'signup must give the same phone. A referrer_code equal to another player\'s referral code of the site links the two. ' +
    'Failure keys: accountExists, invalidTac (no verified register code), phoneMismatch, underAge (the reply carries minimum_age), selfExcluded, timedOut, validationError (per-field errors), tooManyRequests, siteNotFound.',
  payload: signupPayload,
  reply: loginReply,
});

export const tacVerifyPayload = z.strictObject({
  ...sitePayload,
  account_id: accountId,
  tac,
});

export const tacVerifyReply = z.object({ ...okFields, verified: z.literal(true) });

export const tacVerify = defineCall({
  path: '/api/auth/tac/verify',
  method: 'POST',
  access: 'public',
  tag: 'Auth',
  summary:
    'Checks a one-time code. A code sent for a new registration is marked verified, which signup needs within 30 minutes; ' +
    'a login or forgot_password code is only checked, not used up (login_tac uses it). ' +
    'Failure keys: invalidTac, tacExpired (also after 5 wrong tries), tooManyRequests, validationError.',
  payload: tacVerifyPayload,
  reply: tacVerifyReply,
});

export const tacRequestPayload = z.strictObject({
  ...sitePayload,
  account_id: accountId,
});

export const tacRequestNewRegisterPayload = z.strictObject({
  ...tacRequestPayload.shape,
  contact_phone: contactPhone.optional().describe('Where the code is sent; signup must then give the same phone.'),
});

export const tacRequestNewRegister = defineCall({
  path: '/api/auth/tac/request_new_register',
  method: 'POST',
  access: 'public',
  tag: 'Auth',
  summary:
    'Sends a one-time code for registering a new account id (valid 5 minutes, one per 60 seconds; a refusal for asking ' +
    'too soon carries resend_in). Failure keys: accountExists, tooManyRequests, validationError.',
  payload: tacRequestNewRegisterPayload,
  reply: tacRequestReply,
});

export const tacRequestLogin = defineCall({
  path: '/api/auth/tac/request_login',
  method: 'POST',
  access: 'public',
  tag: 'Auth',
  summary:
    'Sends a one-time code for logging in with login_tac (valid 5 minutes, one per 60 seconds; a refusal for asking too ' +
    'soon carries resend_in). Failure keys: accountNotFound (also when no phone is on record), BLOCK, CLOSE, tooManyRequests, validationError.',
  payload: tacRequestPayload,
  reply: tacRequestReply,
});

export const updatePasswordPayload = z.strictObject({
  ...sessionPayload,
  password: loginPassword
    .optional()
    .describe('The current password. May be left out only in a session opened by login_tac with a forgot_password code less than 30 minutes ago.'),
  new_password: password,
});

export const updatePasswordReply = z.object({ ...okFields });

export const updatePassword = defineCall({
  path: '/api/auth/update_password',
  method: 'POST',
  access: 'session',
  tag: 'Auth',
  summary:
    "Changes the player's password and ends the player's other sessions; this one stays valid. The current password is " +
    'required, except in a session opened by login_tac with a forgot_password code less than 30 minutes ago. ' +
    `Failure keys: invalidPassword (wrong or missing current password), tooManyRequests, validationError, ${sessionFailures}.`,
  payload: updatePasswordPayload,
  reply: updatePasswordReply,
});

/** A VIP next-level record (docs/product.md §3); progress is computed on the client (docs/product.md §9). */
export const vipNextLevel = z.object({
  vip_name: z.string().describe('The current level.'),
  vip_name_next: z.string().describe('The level this record leads to.'),
  starting_deposit: money,
  cycle_deposit: money,
  deposit_next: money.describe('Deposit target of the next level.'),
  starting_turnover: money,
  cycle_turnover: money,
  turnover_next: money.describe('Turnover target of the next level.'),
});
export type VipNextLevel = z.infer<typeof vipNextLevel>;

export const vipPayload = z.strictObject({ ...sessionPayload });

export const vipReply = z.object({
  ...okFields,
  totalDeposit: money.describe('Sum of approved deposits.'),
  totalTurnover: money.describe('Sum of bets placed.'),
  currentLevel: z.string().describe('Name of the current VIP level.'),
  nextLevel: z
    .array(vipNextLevel)
    .describe(
      'One progress record per level above the current one, the next first. At the top level, one record whose ' +
      'vip_name_next is the top level itself and whose targets are the top targets (progress shows full).',
    ),
});
export type VipReply = z.infer<typeof vipReply>;

export const vip = defineCall({
  path: '/api/auth/vip',
  method: 'POST',
  access: 'session',
  tag: 'Auth',
  summary: `The player's VIP summary: totals, current level and progress towards the next. Failure keys: ${sessionFailures}.`,
  payload: vipPayload,
  reply: vipReply,
});
