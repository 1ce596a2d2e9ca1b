import { createHash } from 'node:crypto';
import { and, count, eq, gt, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { RECEIPT_MAX_BYTES, type ReceiptReply, type ReceiptUploadReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { receipts } from '../db/schema.js';
import type { Outcome, Owner } from './tx.js';

type ReceiptType = ReceiptUploadReply['content_type'];

/** Receipts a player may upload in an hour: enough for honest retries, not a free image host. */
export const RECEIPTS_PER_HOUR = 20;
/** Larger images are refused before decoding (a small file can declare huge dimensions). */
const MAX_PIXELS = 40_000_000;

/** The image type the bytes say, by their signature; null for anything else. */
export function sniffImageType(bytes: Buffer): ReceiptType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<ReceiptType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/**
 * Checks an upload by what it is, not what it claims: the size, the signature of its bytes (which
 * must be the declared type) and libvips reading its header (format and dimensions). A file that
 * fails any of these is invalidImage.
 */
export async function inspectImage(data: string, declared: ReceiptType): Promise<Outcome<{ bytes: Buffer; width: number; height: number }>> {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0 || bytes.length > RECEIPT_MAX_BYTES) return { ok: false, message: bytes.length === 0 ? 'invalidImage' : 'payloadTooLarge' };
  if (sniffImageType(bytes) !== declared) return { ok: false, message: 'invalidImage' };
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (meta.format !== SHARP_FORMAT[declared] || !meta.width || !meta.height) return { ok: false, message: 'invalidImage' };
    return { ok: true, value: await reencode(bytes, declared) };
  } catch {
    return { ok: false, message: 'invalidImage' };
  }
}

/**
 * The image decoded and encoded again in its own format (issue 21 §7, ADR 0022): only pixels are
 * kept, so EXIF (a phone's GPS position, its serial), comments, ICC profiles and any bytes hidden
 * after the image's end never reach the database or an operator's screen. The EXIF orientation is
 * applied first, so the stored image looks as it did.
 */
async function reencode(bytes: Buffer, type: ReceiptType): Promise<{ bytes: Buffer; width: number; height: number }> {
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  const encoded = type === 'image/png' ? image.png() : type === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.webp({ quality: 90 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  // Re-encoding a tiny image can outgrow the limit only by a few bytes: still refused above it.
  if (data.length > RECEIPT_MAX_BYTES) throw new Error('re-encoded receipt too large');
  return { bytes: data, width: info.width, height: info.height };
}

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
      contentType,
      size: image.value.bytes.length,
      width: image.value.width,
      height: image.value.height,
      sha256: createHash('sha256').update(image.value.bytes).digest('hex'),
      data: image.value.bytes,
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
