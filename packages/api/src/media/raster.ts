import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

// The platform keeps its own cache of finished images (below); libvips' operation cache would only
// hold the same pixels twice. One libvips thread per image: artwork is small, and a page asking
// for thirty tiles at once must not take every core from the API.
sharp.cache(false);
sharp.concurrency(1);

/** WebP quality of the artwork: a 300×400 tile comes out at 7 to 11 KB, as small as its SVG. */
const WEBP_QUALITY = 75;
/** Finished images kept in memory (about 10 KB each): the tiles of a whole catalogue's first pages. */
const MAX_KEPT = 2_000;

/** The least recently used image goes first. */
const kept = new LRUCache<string, Promise<Buffer>>({ max: MAX_KEPT });

/**
 * An SVG drawing as a WebP image, made once per key (the drawing's hash) and kept. A browser
 * draws a raster image off its main thread, where each SVG image is a document of its own to
 * lay out and paint on it (ADR 11): a page of thirty SVG tiles costs a phone about half a second
 * of main-thread work, the same tiles as WebP almost nothing. Concurrent requests for one
 * drawing share one rendering; a failed rendering is not kept.
 */
export function webpOf(key: string, svg: string): Promise<Buffer> {
  const known = kept.get(key);
  if (known) return known;
  const rendering = sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
  kept.set(key, rendering);
  rendering.catch(() => {
    if (kept.peek(key) === rendering) kept.delete(key);
  });
  return rendering;
}
