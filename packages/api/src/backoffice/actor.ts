import { inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { roleMay, type OperatorRole, type Permission } from '@wl/contracts';

/**
 * Who acts on the operator side (ADR 0044): an operator's key (HTTP API), a back-office account
 * (its session, or a key it made) or a person at the command line.
 */
export interface Actor {
  /** The operator row behind an API key; null for a session and at the command line. */
  operatorId: number | null;
  /** The back-office account acting; null for a platform key and the command line. */
  accountId: number | null;
  /** "operator:<name>", "console:<username>" or "cli:<name>": recorded on payments and in the audit log. */
  label: string;
  /** The sites the actor may act on; null: every site. */
  siteIds: number[] | null;
  /**
   * An account of every site of its brand owner (no site list): that owner, whose sites it may
   * also create (ADR 0049); null or absent for an account kept to some sites and for keys.
   */
  brandOwnerId?: number | null;
  /** The account's role; null: a platform key or the command line, which may do everything. */
  role: OperatorRole | null;
}

/** What an actor's sites come to in a query: nothing to add for every site, else the list (an empty one matches nothing). */
export function siteScopeCondition(scope: { siteIds: number[] | null }, column: Column): SQL | undefined {
  if (scope.siteIds === null) return undefined;
  return scope.siteIds.length === 0 ? sql`false` : inArray(column, scope.siteIds);
}

/** The actor's one site when it has exactly one (a scoped key's), for the audit entry of a view of "every site". */
export const soleSiteId = (scope: { siteIds: number[] | null }): number | null => (scope.siteIds?.length === 1 ? scope.siteIds[0]! : null);

export const mayActOnSite = (scope: { siteIds: number[] | null }, siteId: number): boolean => scope.siteIds === null || scope.siteIds.includes(siteId);

/** Whether the actor holds a permission: its role's, or every one for a platform key and the command line. */
export const actorMay = (actor: Pick<Actor, 'role'>, permission: Permission): boolean => actor.role === null || roleMay(actor.role, permission);
