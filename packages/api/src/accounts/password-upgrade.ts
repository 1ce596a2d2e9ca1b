import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { players } from '../db/schema.js';
import { hashPassword, needsRehash } from '../shared/password.js';

/**
 * After a successful login, stores the password again at today's cost when its hash was made at
 * a lower one (ADR 0023): the only moment the server holds the password in clear. Compare-and-set
 * on the old hash, so a password changed meanwhile is never overwritten. Not a password change:
 * no session ends, updated_at stays.
 */
export async function upgradePasswordHash(db: Db, player: { id: number; siteId: number; passwordHash: string }, password: string): Promise<boolean> {
  if (!needsRehash(player.passwordHash)) return false;
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(players)
    .set({ passwordHash })
    .where(and(eq(players.id, player.id), eq(players.siteId, player.siteId), eq(players.passwordHash, player.passwordHash)))
    .returning({ id: players.id });
  return updated.length > 0;
}
