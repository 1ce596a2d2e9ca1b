import { and, count, eq, gt, type SQL } from 'drizzle-orm';
import type { ReceiptReply, ReceiptUploadReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { receipts } from '../db/schema.js';
import { inspectImage, storedImage } from '../shared/images.js';
import type { Outcome, Owner } from './tx.js';

type ReceiptType = ReceiptUploadReply['content_type'];

/** Receipts a player may upload in an hour: enough for honest retries, not a free image host. */
export const RECEIPTS_PER_HOUR = 20;

/** Stores a checked receipt of the player (at most RECEIPTS_PER_HOUR an hour). */
export async function storeReceipt(db: Db, owner: Owner, data: string, contentType: ReceiptType): Promise<Outcome<Omit<ReceiptUploadReply, 'statusCode' | 'message'>>> {
  const [{ recent } = { recent: 0 }] = await db
    .select({ recent: count() })
    .from(receipts)
    .where(and(eq(receipts.playerId, owner.id), gt(receipts.createdAt, new Date(Date.now() - 60 * 60 * 1000))));
  if (recent >= RECEIPTS_PER_HOUR) return { ok: false, message: 'tooManyRequests' };
  const image = await inspectImage(data, contentType);
  if (!image.ok) return image;
  const [row] = await db
    .insert(receipts)
    .values({
      siteId: owner.siteId,
      playerId: owner.id,
      ...storedImage(image.value, contentType),
    })
    .returning({ id: receipts.id, createdAt: receipts.createdAt });
  return {
    ok: true,
    value: {
      receipt_id: row!.id,
      content_type: contentType,
      size: image.value.bytes.length,
      width: image.value.width,
      height: image.value.height,
      created_at: row!.createdAt.toISOString(),
    },
  };
}

export type ReceiptView = Omit<ReceiptReply, 'statusCode' | 'message'> & { siteId: number; playerId: number };

/** A receipt within `scope` (its owner's, or an operator's sites), with its bytes as base64. */
export async function readReceipt(db: Db, id: number, scope: SQL | undefined): Promise<ReceiptView | null> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.id, id), scope))
    .limit(1);
  if (!row) return null;
  return {
    receipt_id: row.id,
    content_type: row.contentType as ReceiptType,
    size: row.size,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
    data: Buffer.from(row.data).toString('base64'),
    siteId: row.siteId,
    playerId: row.playerId,
  };
}

/** The scope of a player's own receipts. */
export function ownReceipts(owner: Owner): SQL | undefined {
  return and(eq(receipts.playerId, owner.id), eq(receipts.siteId, owner.siteId));
}
