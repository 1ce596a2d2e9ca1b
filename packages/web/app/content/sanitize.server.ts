import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { HTML_POLICY, applyElementPolicy, safeStyle } from '@wl/contracts';
import { splitFaq, type BodyNode, type FaqPart } from './cms-body';

/**
 * The site's own sanitiser of operator HTML (CMS bodies), a second line behind the API's, which
 * sanitises on write and on read (ADR 7): whatever reaches a page has been through DOMPurify here,
 * in the web server, even if a reply were ever not what the API promises. It runs on the server
 * only (this module never reaches the browser): a page's loader sanitises the body it shows,
 * both for the first HTML and for the data of an in-app navigation, so the browser downloads no
 * sanitiser and renders only what this module let through.
 *
 * The policy is the API's: the contracts' HTML_POLICY (html-policy.ts says what survives).
 */

// jsdom takes about half a second to load: loaded on the first page that needs it, not at server start.
const requireLazily = createRequire(import.meta.url);

/** The part of jsdom used here (its types are the API package's development dependency). */
interface Jsdom {
  JSDOM: new (html: string) => { window: Window & typeof globalThis };
}

interface Purifier {
  purify: DOMPurify;
  document: Document;
}

let purifier: Purifier | null = null;

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
  purify.addHook('afterSanitizeAttributes', (node) => applyElementPolicy(node as Element));
  purifier = { purify, document: window.document };
  return purifier;
}

/** Operator HTML made safe to put in a page. */
export function sanitizeBody(html: string): string {
  if (!html) return '';
  return String(instance().purify.sanitize(html, HTML_POLICY)).trim();
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
