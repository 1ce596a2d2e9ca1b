import { ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sites } from '../db/schema.js';
import type { Actor } from './actor.js';

/**
 * Whether the actor works on every site of the platform (ADR 0051): a platform key or the command
 * line (no site list), or an account of every site of its brand owner (ADR 0044) when no other
 * brand owner has a site. What is shared by every site (the sports feed's results, voids and
 * holds; the catalogue's hot and new flags) is changed only by such an actor: an account bounded
 * by its brand owner's sites must not change what other brand owners' players depend on.
 */
export async function actsOnWholePlatform(db: Db, actor: Pick<Actor, 'siteIds' | 'brandOwnerId'>): Promise<boolean> {
  if (actor.siteIds === null) return true;
  if (!actor.brandOwnerId) return false;
  const [other] = await db
    .select({ one: sql<number>`1` })
    .from(sites)
    .where(ne(sites.brandOwnerId, actor.brandOwnerId))
    .limit(1);
  return other === undefined;
}
