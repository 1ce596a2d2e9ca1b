import { createRequire } from 'node:module';
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { splitFaq, type BodyNode, type FaqPart } from './cms-body';

/**
 * The site's own sanitiser of operator HTML (CMS bodies), a second line behind the API's, which
 * sanitises on write and on read (ADR 7): whatever reaches a page has been through DOMPurify here,
 * in the web server, even if a reply were ever not what the API promises. It runs on the server
 * only (this module never reaches the browser): a page's loader sanitises the body it shows,
 * both for the first HTML and for the data of an in-app navigation, so the browser downloads no
 * sanitiser and renders only what this module let through.
 *
 * The policy is the API's (packages/api/src/content/sanitize.ts), kept to what matters for a
 * page: ordinary formatting, links, tables and http(s) images; no scripts, handlers, frames,
 * forms, SVG, MathML, styles sheets, ids or classes; inline styles only for text alignment and
 * emphasis; links leaving the site open in a new tab with rel="noopener noreferrer nofollow".
 */

// jsdom takes about half a second to load: loaded on the first page that needs it, not at server start.
const requireLazily = createRequire(import.meta.url);

/** The part of jsdom used here (its types are the API package's development dependency). */
interface Jsdom {
  JSDOM: new (html: string) => { window: Window & typeof globalThis };
}

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'blockquote', 'q', 'cite', 'code', 'pre',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col',
  'img', 'figure', 'figcaption',
];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'style', 'lang', 'dir'];
/** http(s), mailto: and tel: addresses, or relative ones. */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** Image sources: http(s) or relative only. */
const IMAGE_SRC = /^(?:https?:\/\/|\/(?!\/)|\.{0,2}\/|[^:/?#]+(?:[/?#]|$))/i;
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
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false,
  FORBID_TAGS: ['style', 'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'link', 'meta', 'base', 'template', 'noscript'],
};

interface Purifier {
  purify: DOMPurify;
  document: Document;
}

let purifier: Purifier | null = null;

function safeStyle(style: string): string {
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

/** One DOMPurify over one jsdom window, made on first use. */
function instance(): Purifier {
  if (purifier) return purifier;
  const { JSDOM } = requireLazily('jsdom') as Jsdom;
  const { window } = new JSDOM('<!DOCTYPE html>');
  const purify = createDOMPurify(window as unknown as WindowLike);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    data.attrValue = safeStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'IMG') {
      if (!IMAGE_SRC.test((element.getAttribute('src') ?? '').trim())) element.remove();
      return;
    }
    const href = element.tagName === 'A' ? element.getAttribute('href') : null;
    if (href !== null && /^(?:https?:)?\/\//i.test(href.trim())) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    } else {
      element.removeAttribute('target');
      element.removeAttribute('rel');
    }
  });
  purifier = { purify, document: window.document };
  return purifier;
}

/** Operator HTML made safe to put in a page. */
export function sanitizeBody(html: string): string {
  if (!html) return '';
  return String(instance().purify.sanitize(html, CONFIG)).trim();
}

/** The top-level nodes of sanitised HTML, each with its own HTML and text (comments left out). */
export function bodyNodes(cleanHtml: string): BodyNode[] {
  const { document } = instance();
  const template = document.createElement('template');
  template.innerHTML = cleanHtml;
  const box = document.createElement('div');
  const nodes: BodyNode[] = [];
  for (const node of Array.from(template.content.childNodes)) {
    if (node.nodeType !== 1 && node.nodeType !== 3) continue;
    box.replaceChildren(node.cloneNode(true));
    nodes.push({ tag: node.nodeType === 1 ? (node as Element).localName : '', html: box.innerHTML, text: node.textContent ?? '' });
  }
  return nodes;
}

/** A FAQ body, sanitised, in questions and free parts (cms-body.ts splitFaq). */
export function faqParts(html: string): FaqPart[] {
  const clean = sanitizeBody(html);
  return clean ? splitFaq(bodyNodes(clean)) : [];
}
