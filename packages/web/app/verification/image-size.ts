import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from '@wl/contracts';

/*
 * How a document photo is made to fit the upload limit (ADR 0040: the browser scales a larger
 * photo down first; the server checks and encodes it again). Pure arithmetic, so it is tested
 * without a canvas; document-image.ts draws what these decide.
 */

export type DocumentContentType = (typeof RECEIPT_CONTENT_TYPES)[number];

/** The longest side a photo is first drawn at when it must shrink: a phone photo's text stays sharp. */
export const DOCUMENT_MAX_SIDE = 2400;
/** Below this longest side a document's small print is no longer legible: a photo that needs it is refused instead. */
export const DOCUMENT_MIN_SIDE = 800;
/** The JPEG quality a shrunk photo is encoded at. */
export const DOCUMENT_JPEG_QUALITY = 0.85;
/**
 * What a shrunk photo must come under: well below the limit, because the server encodes every
 * image again at a higher quality than ours and refuses one that then outgrows the limit (ADR 0040).
 */
export const DOCUMENT_TARGET_BYTES = Math.floor(RECEIPT_MAX_BYTES * 0.6);

export interface Size {
  width: number;
  height: number;
}

/** What to do with a chosen file before it is read: send it as it is, shrink it, or refuse it (not an image the server takes). */
export function documentPlan(file: { type: string; size: number }): 'send' | 'shrink' | 'invalidImage' {
  if (!(RECEIPT_CONTENT_TYPES as readonly string[]).includes(file.type) || file.size === 0) return 'invalidImage';
  return file.size > RECEIPT_MAX_BYTES ? 'shrink' : 'send';
}

/** The size a photo is first drawn at: within DOCUMENT_MAX_SIDE on its longest side, never enlarged, proportions kept. */
export function firstSize(image: Size): Size {
  return scaled(image, Math.min(1, DOCUMENT_MAX_SIDE / Math.max(image.width, image.height)));
}

/**
 * The next size to try after an encoding of `size` came out at `bytes`, over the target: smaller by
 * the square root of the excess (bytes follow the area), and at least by 15% so each try gains;
 * null once the longest side would fall under DOCUMENT_MIN_SIDE (the photo cannot be made to fit).
 */
export function nextSize(size: Size, bytes: number): Size | null {
  const factor = Math.min(0.85, Math.sqrt(DOCUMENT_TARGET_BYTES / bytes));
  const next = scaled(size, factor);
  return Math.max(next.width, next.height) < DOCUMENT_MIN_SIDE ? null : next;
}

/** Whether a shrunk photo's encoding of `bytes` may be sent. */
export function fitsTarget(bytes: number): boolean {
  return bytes > 0 && bytes <= DOCUMENT_TARGET_BYTES;
}

function scaled(size: Size, factor: number): Size {
  return { width: Math.max(1, Math.round(size.width * factor)), height: Math.max(1, Math.round(size.height * factor)) };
}
