/*
 * The back office's roles and what each may do (issue 26 §1, ADR 0044). The server enforces these
 * on every operator call; the console only hides what a role may not do.
 */

export const OPERATOR_ROLES = ['owner', 'admin', 'finance', 'support', 'content', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  'payments.view',
  'payments.decide',
  'players.view',
  'players.manage',
  'money.adjust',
  'reports.view',
  'audit.view',
  'kyc.view',
  'kyc.decide',
  'aml.view',
  'aml.decide',
  'compliance.view',
  'compliance.manage',
  'marketing.send',
  'sports.view',
  'sports.settle',
  'sites.view',
  'sites.manage',
  'content.manage',
  'operators.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEW: Permission[] = ['payments.view', 'players.view', 'reports.view', 'audit.view', 'compliance.view', 'sports.view', 'sites.view'];

/**
 * What each role may do. Owner and admin do everything (the owner also manages admins); finance
 * moves money and reviews AML; support reviews identity documents; content sends marketing; viewer
 * reads. Nobody but finance, admin and owner moves money.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  finance: [...VIEW, 'payments.decide', 'money.adjust', 'kyc.view', 'aml.view', 'aml.decide', 'players.manage'],
  support: [...VIEW, 'kyc.view', 'kyc.decide', 'aml.view', 'players.manage'],
  content: ['sites.view', 'reports.view', 'marketing.send', 'content.manage'],
  viewer: VIEW,
};

export const roleMay = (role: OperatorRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/** An operator's session ends after this long without a call (issue 26 §1 idle timeout). */
export const OPERATOR_IDLE_MS = 30 * 60 * 1000;
/** ... and this long after login, whatever the activity. */
export const OPERATOR_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** A password checked, the second factor must follow within this. */
export const OPERATOR_SECOND_FACTOR_MS = 5 * 60 * 1000;
/** The name of the back office's session cookie. */
export const OPERATOR_COOKIE = 'wl_ops';
