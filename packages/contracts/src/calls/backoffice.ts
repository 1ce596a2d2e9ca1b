import { z } from 'zod';
import { OPERATOR_ROLES, PERMISSIONS, type Permission } from '../constants/backoffice.js';
import { isoDate, okFields } from '../envelope.js';
import type { OperatorCallName } from './banking-ops.js';

/*
 * The back office's sign-in (issue 26 §1, ADR 0044): POST /api/admin/auth/*, JSON in and out, the
 * session in an HttpOnly SameSite=Strict cookie. A password first; then the TOTP code, or on the
 * first login the enrolment of an authenticator app (the demo's owner may skip it on demo data).
 */

export const operatorMe = z.object({
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  sites: z.array(z.object({ external_id: z.string(), site_name: z.string(), domain: z.string() })).describe('The sites the account works on.'),
  all_sites: z.boolean().describe("The account works on every site of its brand owner, today's and tomorrow's (not a list)."),
  totp_enrolled: z.boolean(),
  last_login_at: isoDate.nullable(),
});
export type OperatorMe = z.infer<typeof operatorMe>;

const username = z.string('invalidValue').trim().min(1, 'required').max(64, 'tooLong');
const totpCode = z.string('invalidValue').trim().regex(/^\d{6}$/, 'invalidFormat');

export const adminLoginPayload = z.strictObject({ username, password: z.string('invalidValue').min(1, 'required').max(128, 'tooLong') });
export const adminLoginReply = z.discriminatedUnion('step', [
  z.object({ ...okFields, step: z.literal('totp').describe('Send the code of the authenticator app to /api/admin/auth/totp.') }),
  z.object({
    ...okFields,
    step: z.literal('enrol').describe('First login: add the secret to an authenticator app, then send its code to /api/admin/auth/totp.'),
    totp_secret: z.string().describe('Base32, for typing in.'),
    totp_uri: z.string().describe('The otpauth:// URI, for a QR code.'),
    skippable: z.boolean().describe('The demo owner on demo data only: /api/admin/auth/skip_enrol logs in without it.'),
  }),
  z.object({ ...okFields, step: z.literal('done'), operator: operatorMe }),
]);
export type AdminLoginReply = z.infer<typeof adminLoginReply>;

export const adminTotpPayload = z.strictObject({ code: totpCode });
/** Twelve characters at least: an operator's password opens money (a second factor guards it too). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const adminPasswordPayload = z
  .strictObject({
    current_password: z.string('invalidValue').min(1, 'required').max(128, 'tooLong'),
    new_password: z.string('invalidValue').min(OPERATOR_PASSWORD_MIN_LENGTH, 'tooShort').max(128, 'tooLong'),
  })
  .refine((value) => value.new_password !== value.current_password, { message: 'invalidValue', path: ['new_password'] });

export const adminSessionReply = z.object({ ...okFields, step: z.literal('done'), operator: operatorMe });

export const ADMIN_AUTH_CALLS = {
  login: { path: '/api/admin/auth/login', payload: adminLoginPayload, reply: adminLoginReply, summary: 'Password step. Failure keys: invalidCredentials, tooManyRequests, validationError.' },
  totp: { path: '/api/admin/auth/totp', payload: adminTotpPayload, reply: adminSessionReply, summary: 'The TOTP code (or the first one of an enrolment). Failure keys: invalidTac, sessionExpired, tooManyRequests, validationError.' },
  skipEnrol: { path: '/api/admin/auth/skip_enrol', payload: z.strictObject({}), reply: adminSessionReply, summary: 'The demo owner on demo data: log in without a second factor. Failure keys: permissionDenied, sessionExpired.' },
  me: { path: '/api/admin/auth/me', payload: z.strictObject({}), reply: adminSessionReply, summary: 'The signed-in account. Failure keys: sessionExpired.' },
  logout: { path: '/api/admin/auth/logout', payload: z.strictObject({}), reply: z.object({ ...okFields }), summary: 'Ends the session.' },
  password: {
    path: '/api/admin/auth/password',
    payload: adminPasswordPayload,
    reply: z.object({ ...okFields }),
    summary: "Changes the signed-in account's password (the current one is asked again); every other session of the account ends. Failure keys: invalidPassword, sessionExpired, tooManyRequests, validationError.",
  },
} as const;

/** What each operator call needs (ADR 0044); the server refuses the rest with permissionDenied. */
export const CALL_PERMISSIONS: Record<OperatorCallName, Permission> = {
  opsPending: 'payments.view',
  opsDepositApprove: 'payments.decide',
  opsDepositReject: 'payments.decide',
  opsWithdrawalApprove: 'payments.decide',
  opsWithdrawalReject: 'payments.decide',
  opsAdjust: 'money.adjust',
  opsStatement: 'players.view',
  opsReceipt: 'payments.view',
  opsAudit: 'audit.view',
  opsReport: 'reports.view',
  opsBooks: 'reports.view',
  opsSportsResult: 'sports.settle',
  opsSportsCorrect: 'sports.settle',
  opsSportsVoid: 'sports.settle',
  opsSportsHold: 'sports.settle',
  opsSportsLiability: 'sports.view',
  opsKycPending: 'kyc.view',
  opsKycImage: 'kyc.view',
  opsKycReview: 'kyc.decide',
  opsAmlFlags: 'aml.view',
  opsAmlDecide: 'aml.decide',
  opsCompliance: 'compliance.view',
  opsComplianceSet: 'compliance.manage',
  opsInboxSend: 'marketing.send',
  opsSiteApply: 'sites.manage',
  opsSiteExport: 'sites.view',
  opsTeam: 'operators.manage',
  opsTeamCreate: 'operators.manage',
  opsTeamUpdate: 'operators.manage',
  opsTeamKeyCreate: 'operators.manage',
  opsTeamKeyDisable: 'operators.manage',
  opsPlayerSearch: 'players.view',
  opsPlayer: 'players.view',
  opsPlayerNote: 'players.manage',
  opsPlayerStatus: 'players.manage',
  opsPlayerSessionRevoke: 'players.manage',
  opsSites: 'sites.view',
  opsContent: 'sites.view',
  opsAnnouncementSave: 'content.manage',
  opsMarqueeSave: 'content.manage',
  opsSlideSave: 'content.manage',
  opsContentMove: 'content.manage',
  opsContentDelete: 'content.manage',
  opsCmsPages: 'sites.view',
  opsCmsPage: 'sites.view',
  opsCmsPageSave: 'content.manage',
  opsCmsPreview: 'sites.view',
  opsSeoPages: 'sites.view',
  opsSeoPageSave: 'content.manage',
  opsPromotions: 'sites.view',
  opsPromotion: 'sites.view',
  opsPromotionSave: 'content.manage',
  opsPromotionPreview: 'sites.view',
  opsMissions: 'sites.view',
  opsMissionSave: 'content.manage',
  opsSpin: 'sites.view',
  opsSpinSave: 'content.manage',
  opsDashboard: 'reports.view',
  opsMatches: 'sports.view',
  opsGames: 'sites.view',
  opsGameSet: 'sites.manage',
};
