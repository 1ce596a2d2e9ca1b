import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { InboxItem, RewardType } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { inboxItems } from '../db/schema.js';
import { postToLedger, readBalances } from '../ledger/index.js';

/** The inbox lists at most this many messages, the newest. */
export const INBOX_PAGE = 100;

interface Owner {
  id: number;
  siteId: number;
}

/**
 * The player's inbox, newest first. Listing the inbox is reading it: the reply tells which messages
 * were unread until now (so the page can highlight them), and they are marked read afterwards.
 */
export async function listInbox(db: Db, player: Owner): Promise<InboxItem[]> {
  const rows = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.playerId, player.id), eq(inboxItems.siteId, player.siteId)))
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(INBOX_PAGE);
  const unread = rows.filter((row) => row.readAt === null).map((row) => row.id);
  if (unread.length > 0) {
    await db
      .update(inboxItems)
      .set({ readAt: sql`now()` })
      .where(and(eq(inboxItems.playerId, player.id), inArray(inboxItems.id, unread), isNull(inboxItems.readAt)));
  }
  return rows.map((row) => ({
    inbox_id: row.id,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
    claimable: row.rewardAmount !== null && row.claimedAt === null,
    claimed: row.claimedAt !== null,
    reward_amount: row.rewardAmount,
    reward_type: row.rewardType,
  }));
}

export type ClaimResult =
  | { ok: true; amount: string; rewardType: RewardType; balance: string; tokens: string }
  | { ok: false; message: 'notFound' | 'notClaimable' | 'alreadyClaimed' };

/**
 * Claims an inbox item's reward (docs/product.md D6): exactly once however many and however concurrent
 * the claims. One transaction marks the item claimed with a conditional UPDATE (the row lock makes
 * concurrent claims wait; all but the first then find it claimed) and credits the reward through the
 * ledger under the key `inbox:<id>`, so even a replay of the credit moves the balance once.
 */
export async function claimInboxItem(db: Db, player: Owner, inboxId: number): Promise<ClaimResult> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [claimed] = await tx
      .update(inboxItems)
      .set({ claimedAt: sql`now()`, readAt: sql`coalesce(${inboxItems.readAt}, now())` })
      .where(
        and(
          eq(inboxItems.id, inboxId),
          eq(inboxItems.playerId, player.id),
          eq(inboxItems.siteId, player.siteId),
          isNull(inboxItems.claimedAt),
          isNotNull(inboxItems.rewardAmount),
        ),
      )
      .returning({ id: inboxItems.id, amount: inboxItems.rewardAmount, rewardType: inboxItems.rewardType });

    if (!claimed || claimed.amount === null || claimed.rewardType === null) {
      // Nothing claimed: tell why. Another player's item is as unknown as a missing one.
      const [item] = await tx
        .select({ rewardAmount: inboxItems.rewardAmount, claimedAt: inboxItems.claimedAt })
        .from(inboxItems)
        .where(and(eq(inboxItems.id, inboxId), eq(inboxItems.playerId, player.id), eq(inboxItems.siteId, player.siteId)))
        .limit(1);
      if (!item) return { ok: false, message: 'notFound' } as const;
      if (item.rewardAmount === null) return { ok: false, message: 'notClaimable' } as const;
      return { ok: false, message: 'alreadyClaimed' } as const;
    }

    const posted = await postToLedger(tx, {
      siteId: player.siteId,
      playerId: player.id,
      account: claimed.rewardType === 'token' ? 'tokens' : 'balance',
      amount: claimed.amount,
      counter: claimed.rewardType === 'token' ? 'rewards' : 'bonuses',
      type: 'claim',
      reference: `inbox:${claimed.id}`,
      idempotencyKey: `inbox:${claimed.id}`,
    });
    // A credit cannot overdraw; anything else is a bug, and throwing rolls the claim back.
    if (!posted.ok) throw new Error(`Inbox credit refused: ${posted.message}`);
    const balances = await readBalances(tx, player.id);
    return { ok: true, amount: claimed.amount, rewardType: claimed.rewardType, balance: balances.balance, tokens: balances.tokens } as const;
  });
}
