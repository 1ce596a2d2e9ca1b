import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { SITE_LOGO_MAX_BYTES, siteLogoTypeOf } from '@wl/contracts';
import { inspectImage } from '../shared/images.js';
import type { StoredLogo } from '../shared/site-logos.js';

/*
 * Logo files of a site definition (ADR 0043), checked by what they are, as receipts are (ADR 0022):
 * PNG, JPEG and WebP are decoded and encoded again, so only their pixels are kept; an SVG is a
 * document, so it is refused when it holds anything that runs or fetches (scripts, event handlers,
 * foreign objects, outside references), and is served under a CSP that forbids both anyway.
 */

export type LogoCheck = { ok: true; value: StoredLogo } | { ok: false; message: 'invalidImage' | 'payloadTooLarge' };

/** What an SVG logo may not contain: what runs, fetches, or expands (entities). */
const SVG_REFUSED = /<\s*(script|foreignObject|iframe|embed|object|audio|video|image)\b|<!ENTITY|<!DOCTYPE|<\?xml-stylesheet|\son[a-z]+\s*=|javascript:|@import|href\s*=\s*(?!["']?\s*#)|url\(\s*(?!["']?\s*#)/i;

export async function checkLogoFile(name: string, base64: string): Promise<LogoCheck> {
  const type = siteLogoTypeOf(name);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) return { ok: false, message: 'invalidImage' };
  if (bytes.length > SITE_LOGO_MAX_BYTES) return { ok: false, message: 'payloadTooLarge' };
  let kept: Buffer;
  if (type === 'image/svg+xml') {
    const text = bytes.toString('utf8');
    if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text) || SVG_REFUSED.test(text)) return { ok: false, message: 'invalidImage' };
    try {
      const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
      if (meta.format !== 'svg') return { ok: false, message: 'invalidImage' };
    } catch {
      return { ok: false, message: 'invalidImage' };
    }
    kept = bytes;
  } else {
    const checked = await inspectImage(base64, type);
    if (!checked.ok) return checked;
    kept = checked.value.bytes;
    if (kept.length > SITE_LOGO_MAX_BYTES) return { ok: false, message: 'payloadTooLarge' };
  }
  return { ok: true, value: { name, type, sha256: createHash('sha256').update(kept).digest('hex'), data: kept.toString('base64') } };
}
