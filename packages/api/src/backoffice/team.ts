import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OPERATOR_CALLS, OperatorRole, TeamMember } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { operatorAccounts, operators, siteDomains, sites } from '../db/schema.js';
import { failure } from '../http/failure.js';
import { hashPassword } from '../shared/password.js';
import { newOperatorKey } from '../shared/operator-key.js';
import type { Actor } from './actor.js';
import { recordAudit } from './audit.js';
import { revokeAccountSessions } from './sessions.js';

/*
 * The back office's team (issue 26 §1, ADR 0050): accounts of the acting account's brand owner,
 * their roles and sites, and the API keys made for them. The rules, checked here on the server:
 *   - only an account acts (a session, or a key an account made); platform keys and the command
 *     line have `create-account`;
 *   - a site-scoped account sees and manages only accounts whose sites are all its own, and grants
 *     only its own sites (never "every site");
 *   - only an owner grants or changes the owner and admin roles (an admin manages the others);
 *   - nobody changes their own account here (their password is the sign-in's password call).
 */

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;
type Reply = Record<string, unknown> & { statusCode: number; message: string };
type AccountRow = typeof operatorAccounts.$inferSelect;

const OK = { statusCode: 1, message: 'OK' } as const;
/** Roles only an owner hands out or takes back. */
const OWNER_ONLY: readonly OperatorRole[] = ['owner', 'admin'];

/** A first or reset password: 16 random bytes, shown once. */
const newPassword = () => randomBytes(16).toString('base64url');

/** The acting account, when an account acts (and is still active). */
async function actingAccount(db: Db, actor: Actor): Promise<AccountRow | null> {
  if (actor.accountId === null) return null;
  const [row] = await db
    .select()
    .from(operatorAccounts)
    .where(and(eq(operatorAccounts.id, actor.accountId), isNull(operatorAccounts.disabledAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether `target` is within the manager's sites: a scoped manager sees only accounts on its own
 * sites. (The account rows say "every site" as null; an actor's list is always spelled out.)
 */
function withinSites(manager: Pick<AccountRow, 'siteIds'>, target: Pick<AccountRow, 'siteIds'>): boolean {
  if (manager.siteIds === null) return true;
  return target.siteIds !== null && target.siteIds.every((id) => manager.siteIds!.includes(id));
}

const mayHandleRole = (manager: AccountRow, role: OperatorRole) => manager.role === 'owner' || !OWNER_ONLY.includes(role);

/** The site ids of domains, each a site of the brand owner within the manager's sites; null when one is not. */
async function siteIdsOf(db: Db, manager: Pick<AccountRow, 'siteIds' | 'brandOwnerId'>, domains: readonly string[] | null): Promise<number[] | null | 'denied'> {
  if (domains === null) return manager.siteIds === null ? null : 'denied';
  const rows = await db
    .select({ domain: siteDomains.domain, siteId: siteDomains.siteId })
    .from(siteDomains)
    .innerJoin(sites, eq(sites.id, siteDomains.siteId))
    .where(and(inArray(siteDomains.domain, [...domains]), eq(sites.brandOwnerId, manager.brandOwnerId)));
  const found = new Map(rows.map((row) => [row.domain, row.siteId]));
  const ids = [...new Set(domains.map((domain) => found.get(domain)))];
  if (ids.some((id) => id === undefined || (manager.siteIds !== null && !manager.siteIds.includes(id)))) return 'denied';
  return (ids as number[]).sort((a, b) => a - b);
}

/** The team as the console shows it: accounts with their sites and keys. */
async function membersOf(db: Db, rows: AccountRow[]): Promise<TeamMember[]> {
  if (!rows.length) return [];
  const siteIds = [...new Set(rows.flatMap((row) => row.siteIds ?? []))];
  const [siteRows, keyRows] = await Promise.all([
    siteIds.length
      ? db
          .select({ id: sites.id, externalId: sites.externalId, siteName: sites.siteName, domain: sql<string>`min(${siteDomains.domain})` })
          .from(sites)
          .leftJoin(siteDomains, eq(siteDomains.siteId, sites.id))
          .where(inArray(sites.id, siteIds))
          .groupBy(sites.id)
      : Promise.resolve([]),
    db
      .select({ id: operators.id, name: operators.name, accountId: operators.accountId, createdAt: operators.createdAt, disabledAt: operators.disabledAt })
      .from(operators)
      .where(inArray(operators.accountId, rows.map((row) => row.id)))
      .orderBy(desc(operators.createdAt), desc(operators.id)),
  ]);
  const siteOf = new Map(siteRows.map((row) => [row.id, { external_id: row.externalId, site_name: row.siteName, domain: row.domain ?? '' }]));
  return rows.map((row) => ({
    account_id: row.id,
    username: row.username,
    role: row.role,
    sites: row.siteIds === null ? null : row.siteIds.flatMap((id) => siteOf.get(id) ?? []),
    totp_enrolled: row.totpConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    keys: keyRows
      .filter((key) => key.accountId === row.id)
      .map((key) => ({ key_id: key.id, name: key.name, created_at: key.createdAt.toISOString(), disabled_at: key.disabledAt?.toISOString() ?? null })),
  }));
}

/** Another account of the manager's team that it may manage, or why not. */
async function managedAccount(db: Db, manager: AccountRow, accountId: number): Promise<{ ok: true; row: AccountRow } | { ok: false; reply: Reply }> {
  const [row] = await db
    .select()
    .from(operatorAccounts)
    .where(and(eq(operatorAccounts.id, accountId), eq(operatorAccounts.brandOwnerId, manager.brandOwnerId)))
    .limit(1);
  // Another brand owner's account, or one outside a scoped manager's sites, is not found: its existence is not told.
  if (!row || !withinSites(manager, row)) return { ok: false, reply: failure('notFound') };
  if (row.id === manager.id || !mayHandleRole(manager, row.role)) return { ok: false, reply: failure('permissionDenied') };
  return { ok: true, row };
}

export async function opsTeam(db: Db, actor: Actor): Promise<Reply> {
  const manager = await actingAccount(db, actor);
  if (!manager) return failure('permissionDenied');
  const rows = await db.select().from(operatorAccounts).where(eq(operatorAccounts.brandOwnerId, manager.brandOwnerId)).orderBy(operatorAccounts.username);
  return { ...OK, value: await membersOf(db, rows.filter((row) => withinSites(manager, row))) };
}

export async function opsTeamCreate(db: Db, actor: Actor, payload: Payload<'opsTeamCreate'>): Promise<Reply> {
  const manager = await actingAccount(db, actor);
  if (!manager || !mayHandleRole(manager, payload.role)) return failure('permissionDenied');
  const siteIds = await siteIdsOf(db, manager, payload.sites);
  if (siteIds === 'denied') return failure('permissionDenied');
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx
        .insert(operatorAccounts)
        .values({ brandOwnerId: manager.brandOwnerId, username: payload.username, passwordHash, role: payload.role, siteIds })
        .returning({ id: operatorAccounts.id });
      const auditId = await recordAudit(tx, actor, {
        action: 'operator_account.create',
        targetType: 'operator_account',
        targetId: row!.id,
        siteId: siteIds?.length === 1 ? siteIds[0]! : null,
        reason: payload.reason,
        details: { username: payload.username, after: { role: payload.role, site_ids: siteIds } },
      });
      return { ...OK, account_id: row!.id, password, audit_id: auditId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'operator_accounts_username_key')) return failure('accountExists');
    throw error;
  }
}

export async function opsTeamUpdate(db: Db, actor: Actor, payload: Payload<'opsTeamUpdate'>): Promise<Reply> {
  const manager = await actingAccount(db, actor);
  if (!manager) return failure('permissionDenied');
  const target = await managedAccount(db, manager, payload.account_id);
  if (!target.ok) return target.reply;
  const before = target.row;

  let change: Partial<typeof operatorAccounts.$inferInsert>;
  let password: string | null = null;
  let details: Record<string, unknown>;
  switch (payload.change) {
    case 'role':
      if (!mayHandleRole(manager, payload.role)) return failure('permissionDenied');
      change = { role: payload.role };
      details = { before: { role: before.role }, after: { role: payload.role } };
      break;
    case 'sites': {
      const siteIds = await siteIdsOf(db, manager, payload.sites);
      if (siteIds === 'denied') return failure('permissionDenied');
      change = { siteIds };
      details = { before: { site_ids: before.siteIds }, after: { site_ids: siteIds } };
      break;
    }
    case 'disable':
    case 'enable':
      change = { disabledAt: payload.change === 'disable' ? new Date() : null };
      details = { before: { disabled: before.disabledAt !== null }, after: { disabled: payload.change === 'disable' } };
      break;
    case 'reset_password':
      password = newPassword();
      change = { passwordHash: await hashPassword(password) };
      details = {};
      break;
    case 'reset_second_factor':
      // The next sign-in enrols a new authenticator (a lost phone).
      change = { totpSecret: null, totpConfirmedAt: null, totpLastStep: null };
      details = { before: { totp_enrolled: before.totpConfirmedAt !== null }, after: { totp_enrolled: false } };
      break;
  }

  const auditId = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.update(operatorAccounts).set(change).where(eq(operatorAccounts.id, before.id));
    // Whatever changed, the account signs in again under the new terms.
    await revokeAccountSessions(tx, before.id);
    return recordAudit(tx, actor, {
      action: `operator_account.${payload.change}`,
      targetType: 'operator_account',
      targetId: before.id,
      siteId: null,
      reason: payload.reason,
      details: { username: before.username, ...details },
    });
  });
  const [after] = await db.select().from(operatorAccounts).where(eq(operatorAccounts.id, before.id));
  const [member] = await membersOf(db, [after!]);
  return { ...OK, value: member, password, audit_id: auditId };
}

export async function opsTeamKeyCreate(db: Db, actor: Actor, payload: Payload<'opsTeamKeyCreate'>): Promise<Reply> {
  const manager = await actingAccount(db, actor);
  if (!manager) return failure('permissionDenied');
  // A key for oneself is allowed (a script acting as me); for another account, the same rules as changing it.
  let owner: AccountRow = manager;
  if (payload.account_id !== manager.id) {
    const target = await managedAccount(db, manager, payload.account_id);
    if (!target.ok) return target.reply;
    owner = target.row;
  }
  if (owner.disabledAt) return failure('permissionDenied');
  const { key, keyHash } = newOperatorKey();
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const siteId = owner.siteIds?.length === 1 ? owner.siteIds[0]! : null;
      const [row] = await tx.insert(operators).values({ name: payload.name, keyHash, siteId, accountId: owner.id }).returning();
      const auditId = await recordAudit(tx, actor, {
        action: 'operator.create',
        targetType: 'operator',
        targetId: row!.id,
        siteId,
        reason: payload.reason,
        details: { name: payload.name, account: owner.username },
      });
      return { ...OK, key, value: { key_id: row!.id, name: row!.name, created_at: row!.createdAt.toISOString(), disabled_at: null }, audit_id: auditId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'operators_name_key')) return failure('accountExists');
    throw error;
  }
}

export async function opsTeamKeyDisable(db: Db, actor: Actor, payload: Payload<'opsTeamKeyDisable'>): Promise<Reply> {
  const manager = await actingAccount(db, actor);
  if (!manager) return failure('permissionDenied');
  const [key] = await db.select().from(operators).where(eq(operators.id, payload.key_id)).limit(1);
  if (!key || key.accountId === null) return failure('notFound');
  if (key.accountId !== manager.id) {
    const target = await managedAccount(db, manager, key.accountId);
    if (!target.ok) return target.reply;
  }
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [row] = await tx
      .update(operators)
      .set({ disabledAt: sql`coalesce(${operators.disabledAt}, now())` })
      .where(eq(operators.id, key.id))
      .returning();
    const auditId = await recordAudit(tx, actor, {
      action: 'operator.disable',
      targetType: 'operator',
      targetId: key.id,
      siteId: key.siteId,
      reason: payload.reason,
      details: { name: key.name, before: { disabled: key.disabledAt !== null }, after: { disabled: true } },
    });
    return { ...OK, value: { key_id: row!.id, name: row!.name, created_at: row!.createdAt.toISOString(), disabled_at: row!.disabledAt!.toISOString() }, audit_id: auditId };
  });
}
