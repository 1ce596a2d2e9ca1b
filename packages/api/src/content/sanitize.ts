import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { HTML_POLICY, applyElementPolicy, safeStyle } from '@wl/contracts';
import type { JSDOM as JsdomClass } from 'jsdom';
import { LRUCache } from 'lru-cache';

// jsdom takes about half a second to load: loaded on the first sanitising, not at server start.
const requireLazily = createRequire(import.meta.url);

/**
 * The HTML sanitiser of operator-written content (CMS pages, SEO texts, the referral text,
 * promotions): DOMPurify over one jsdom window, created on first use and reused for every call,
 * with the contracts' HTML_POLICY (what survives is written there; the web server applies the same).
 */

let purifier: DOMPurify | null = null;

/** The one DOMPurify instance, over the one jsdom window, with its hooks. */
function instance(): DOMPurify {
  if (purifier) return purifier;
  const { JSDOM } = requireLazily('jsdom') as { JSDOM: typeof JsdomClass };
  const { window } = new JSDOM('<!DOCTYPE html>');
  const purify = createDOMPurify(window as unknown as WindowLike);

  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      data.attrValue = safeStyle(data.attrValue);
      if (!data.attrValue) data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => applyElementPolicy(node as Element));

  purifier = purify;
  return purify;
}

const CACHE_MAX_ENTRIES = 4000;
const CACHE_MAX_CHARS = 16 * 1024 * 1024;
const CACHE_MAX_INPUT = 64 * 1024;
/**
 * Sanitised bodies by input. Sanitising costs a few milliseconds per page under jsdom and the same
 * pages are read again and again; the result depends only on the input, so it is kept (bounded by
 * count and by the characters of input and result, the least recently used dropped first).
 */
const cache = new LRUCache<string, string>({
  max: CACHE_MAX_ENTRIES,
  maxSize: CACHE_MAX_CHARS,
  // lru-cache needs a positive size: an empty result still counts its input.
  sizeCalculation: (clean, html) => html.length + clean.length,
});

/** Operator HTML made safe to insert into a page (see the module comment for what is kept). */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const cached = cache.get(html);
  if (cached !== undefined) return cached;
  const clean = String(instance().sanitize(html, HTML_POLICY)).trim();
  if (html.length <= CACHE_MAX_INPUT) cache.set(html, clean);
  return clean;
}
