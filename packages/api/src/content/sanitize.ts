import { createRequire } from 'node:module';
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import type { JSDOM as JsdomClass } from 'jsdom';

// jsdom takes about half a second to load: loaded on the first sanitising, not at server start.
const requireLazily = createRequire(import.meta.url);

/**
 * The HTML sanitiser of operator-written content (CMS pages, SEO texts, the referral text):
 * DOMPurify over one jsdom window, created on first use and reused for every call.
 *
 * What survives is ordinary page formatting: headings h2–h6, paragraphs, lists, links, emphasis,
 * quotes, tables and images. Everything that can run code or take over the page goes: scripts and
 * their text, event handler attributes, javascript:/data:/vbscript: URLs, iframes, objects,
 * embeds, forms, SVG and MathML, <style>/<link>/<meta>/<base>, class and id (no page CSS or DOM
 * clobbering through the operator's text). Inline styles keep only text-align, font-weight,
 * font-style and text-decoration with plain keyword values, so nothing can be hidden, moved or
 * laid over the page (position, display, opacity, z-index, transforms, url() are dropped).
 * Links may point to http(s), mailto: and tel: addresses or be relative; links leaving the site
 * open in a new tab with rel="noopener noreferrer nofollow".
 */

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'blockquote', 'q', 'cite', 'code', 'pre',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col',
  'img', 'figure', 'figcaption',
];

const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'style', 'lang', 'dir'];

/** http(s), mailto: and tel: addresses, or relative ones (no scheme at all). */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** Image sources: http(s) or relative only. */
const IMAGE_SRC = /^(?:https?:\/\/|\/(?!\/)|\.{0,2}\/|[^:/?#]+(?:[/?#]|$))/i;

/** Inline style properties kept, each with the values it may take. */
const SAFE_STYLES: Record<string, RegExp> = {
  'text-align': /^(?:left|right|center|justify|start|end)$/,
  'font-weight': /^(?:normal|bold|bolder|lighter|[1-9]00)$/,
  'font-style': /^(?:normal|italic|oblique)$/,
  'text-decoration': /^(?:none|underline|line-through|overline)$/,
};

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false,
  FORBID_TAGS: ['style', 'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'link', 'meta', 'base', 'template', 'noscript'],
};

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

  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'IMG') {
      const src = element.getAttribute('src') ?? '';
      if (!IMAGE_SRC.test(src.trim())) element.remove();
      return;
    }
    if (element.tagName === 'A') {
      const href = element.getAttribute('href');
      if (href !== null && /^(?:https?:)?\/\//i.test(href.trim())) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        // Site links stay in the page; a target without an outside address is noise.
        element.removeAttribute('target');
        element.removeAttribute('rel');
      }
    } else {
      element.removeAttribute('target');
      element.removeAttribute('rel');
    }
  });

  purifier = purify;
  return purify;
}

/** The declarations of a style attribute that are on the safe list, re-serialised. */
function safeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().toLowerCase();
    const allowed = SAFE_STYLES[property];
    if (allowed && allowed.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/**
 * Sanitised bodies by input. Sanitising costs a few milliseconds per page under jsdom and the same
 * pages are read again and again; the result depends only on the input, so it is kept (bounded by
 * count and size, oldest dropped first).
 */
const cache = new Map<string, string>();
const CACHE_MAX_ENTRIES = 4000;
const CACHE_MAX_CHARS = 16 * 1024 * 1024;
const CACHE_MAX_INPUT = 64 * 1024;
let cachedChars = 0;

/** Operator HTML made safe to insert into a page (see the module comment for what is kept). */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const cached = cache.get(html);
  if (cached !== undefined) return cached;
  const clean = String(instance().sanitize(html, CONFIG)).trim();
  if (html.length <= CACHE_MAX_INPUT) {
    while (cache.size > 0 && (cache.size >= CACHE_MAX_ENTRIES || cachedChars + html.length + clean.length > CACHE_MAX_CHARS)) {
      const [oldest, value] = cache.entries().next().value as [string, string];
      cache.delete(oldest);
      cachedChars -= oldest.length + value.length;
    }
    cache.set(html, clean);
    cachedChars += html.length + clean.length;
  }
  return clean;
}
