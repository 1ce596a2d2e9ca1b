import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { RECEIPT_MAX_BYTES, type RECEIPT_CONTENT_TYPES } from '@wl/contracts';

/*
 * Uploaded images (deposit receipts, ADR 0022; identity documents, ADR 0040): checked by what they
 * are, not what they claim, and encoded again so only their pixels are kept.
 */

export type ImageType = (typeof RECEIPT_CONTENT_TYPES)[number];
export interface CheckedImage {
  bytes: Buffer;
  width: number;
  height: number;
}
export type ImageCheck = { ok: true; value: CheckedImage } | { ok: false; message: 'invalidImage' | 'payloadTooLarge' };

/** Larger images are refused before decoding (a small file can declare huge dimensions). */
const MAX_PIXELS = 40_000_000;

/** The image type the bytes say, by their signature; null for anything else. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/**
 * Checks an upload (base64) by what it is, not what it claims: the size, the signature of its bytes
 * (which must be the declared type) and libvips reading its header (format and dimensions). A file
 * that fails any of these is invalidImage.
 */
export async function inspectImage(data: string, declared: ImageType): Promise<ImageCheck> {
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
async function reencode(bytes: Buffer, type: ImageType): Promise<CheckedImage> {
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  const encoded = type === 'image/png' ? image.png() : type === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.webp({ quality: 90 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  // Re-encoding a tiny image can outgrow the limit only by a few bytes: still refused above it.
  if (data.length > RECEIPT_MAX_BYTES) throw new Error('re-encoded image too large');
  return { bytes: data, width: info.width, height: info.height };
}

/** The columns a checked image is stored with (receipts, identity documents): its bytes, size, dimensions and hash. */
export function storedImage(image: CheckedImage, contentType: ImageType) {
  return {
    contentType,
    size: image.bytes.length,
    width: image.width,
    height: image.height,
    sha256: createHash('sha256').update(image.bytes).digest('hex'),
    data: image.bytes,
  };
}
