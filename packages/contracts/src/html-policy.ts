/**
 * What survives of operator-written HTML (CMS pages, SEO texts, the referral text, promotions):
 * one policy for the API, which sanitises on write and on read, and for the web server, which
 * sanitises again before a page shows a body (ADR 7, ADR 13). Both run DOMPurify over jsdom with
 * HTML_POLICY as its configuration and these two hooks: safeStyle for style attributes and
 * applyElementPolicy after each element's attributes.
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

/** http(s), mailto: and tel: addresses, or relative ones (no scheme at all). */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** Image sources: http(s) or relative only. */
const IMAGE_SRC = /^(?:https?:\/\/|\/(?!\/)|\.{0,2}\/|[^:/?#]+(?:[/?#]|$))/i;
/** An address on another site: an absolute or protocol-relative URL. */
const OUTSIDE_LINK = /^(?:https?:)?\/\//i;

/** Inline style properties kept, each with the values it may take. */
const SAFE_STYLES: Record<string, RegExp> = {
  'text-align': /^(?:left|right|center|justify|start|end)$/,
  'font-weight': /^(?:normal|bold|bolder|lighter|[1-9]00)$/,
  'font-style': /^(?:normal|italic|oblique)$/,
  'text-decoration': /^(?:none|underline|line-through|overline)$/,
};

/** DOMPurify's configuration of the policy (a plain object: the contracts do not depend on DOMPurify). */
export const HTML_POLICY = {
  ALLOWED_TAGS: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'blockquote', 'q', 'cite', 'code', 'pre',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col',
    'img', 'figure', 'figcaption',
  ],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'style', 'lang', 'dir'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false as const,
  FORBID_TAGS: ['style', 'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'link', 'meta', 'base', 'template', 'noscript'],
};

/** The declarations of a style attribute that are on the safe list, re-serialised ('' when none is). */
export function safeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().toLowerCase();
    if (SAFE_STYLES[property]?.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/** The part of a DOM element the policy reads and changes. */
export interface PolicyElement {
  tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
}

/**
 * The policy of one sanitised element: an image whose source is not http(s) or relative goes; a
 * link leaving the site opens in a new tab without access to this page; anything else has no
 * target or rel (site links stay in the page; a target without an outside address is noise).
 */
export function applyElementPolicy(element: PolicyElement): void {
  if (element.tagName === 'IMG') {
    if (!IMAGE_SRC.test((element.getAttribute('src') ?? '').trim())) element.remove();
    return;
  }
  const href = element.tagName === 'A' ? element.getAttribute('href') : null;
  if (href !== null && OUTSIDE_LINK.test(href.trim())) {
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer nofollow');
  } else {
    element.removeAttribute('target');
    element.removeAttribute('rel');
  }
}
