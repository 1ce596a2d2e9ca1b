import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OperatorRole } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { operatorAccounts, operatorAudit, sites } from '../db/schema.js';
import { hashPassword } from '../shared/password.js';
import type { Actor } from './actor.js';

/*
 * Back-office accounts (issue 26 §1, ADR 0044): a person of a brand owner with a role, working on
 * every site of that brand owner or on a list of them.
 */

export type OperatorAccountRow = typeof operatorAccounts.$inferSelect;

export const OPERATOR_USERNAME = /^[a-z0-9._-]{3,64}$/;

export interface NewOperatorAccount {
  brandOwnerId: number;
  username: string;
  password: string;
  role: OperatorRole;
  /** null: every site of the brand owner. */
  siteIds: number[] | null;
  totpOptional?: boolean;
  createdBy: string;
}

export type CreatedOperatorAccount = { ok: true; id: number } | { ok: false; message: 'accountExists' | 'validationError' | 'permissionDenied' };

/** Creates an account (audited). The sites must be the brand owner's. */
export async function createOperatorAccount(db: Db, input: NewOperatorAccount): Promise<CreatedOperatorAccount> {
  const username = input.username.trim().toLowerCase();
  if (!OPERATOR_USERNAME.test(username) || input.password.length < 8) return { ok: false, message: 'validationError' };
  if (input.siteIds) {
    const owned = await db.select({ id: sites.id }).from(sites).where(eq(sites.brandOwnerId, input.brandOwnerId));
    const ownedIds = new Set(owned.map((row) => row.id));
    if (input.siteIds.some((id) => !ownedIds.has(id))) return { ok: false, message: 'permissionDenied' };
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx
        .insert(operatorAccounts)
        .values({ brandOwnerId: input.brandOwnerId, username, passwordHash, role: input.role, siteIds: input.siteIds, totpOptional: input.totpOptional ?? false })
        .returning({ id: operatorAccounts.id });
      await tx.insert(operatorAudit).values({
        actor: input.createdBy,
        action: 'operator_account.create',
        targetType: 'operator_account',
        targetId: String(row!.id),
        details: { username, role: input.role, brand_owner_id: input.brandOwnerId, site_ids: input.siteIds },
      });
      return { ok: true, id: row!.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'operator_accounts_username_key')) return { ok: false, message: 'accountExists' };
    throw error;
  }
}

/** An active account by username (lower case), or undefined. */
export async function activeAccountByUsername(db: Db, username: string): Promise<OperatorAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorAccounts)
    .where(and(eq(operatorAccounts.username, username.trim().toLowerCase()), isNull(operatorAccounts.disabledAt)))
    .limit(1);
  return row;
}

/**
 * The sites an account works on now: its list, or every site its brand owner has at this moment
 * (a site created later is covered at once).
 */
export async function accountSiteIds(db: Db, account: Pick<OperatorAccountRow, 'brandOwnerId' | 'siteIds'>): Promise<number[]> {
  if (account.siteIds) return account.siteIds;
  const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.brandOwnerId, account.brandOwnerId)).orderBy(sites.id);
  return rows.map((row) => row.id);
}

/** The actor a back-office account acts as (through its session, or a key it made). */
export async function actorOfAccount(db: Db, account: OperatorAccountRow, operatorId: number | null = null): Promise<Actor> {
  return {
    operatorId,
    accountId: account.id,
    label: `console:${account.username}`,
    siteIds: await accountSiteIds(db, account),
    role: account.role,
    brandOwnerId: account.siteIds ? null : account.brandOwnerId,
  };
}

/** Marks a login (the time shown to the account next time). */
export async function noteLogin(db: Db, accountId: number): Promise<void> {
  await db.update(operatorAccounts).set({ lastLoginAt: sql`now()` }).where(eq(operatorAccounts.id, accountId));
}
