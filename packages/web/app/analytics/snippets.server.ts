import { Parser } from 'htmlparser2';
import type { AnalyticsScript } from '@wl/contracts';
import type { PageAnalytics, ScriptTag } from './script-tags';

/** Elements whose content a browser never runs as markup with scripting on: their scripts stay inert. */
const INERT_PARENTS = new Set(['noscript', 'template']);
const DATA_ATTRIBUTE = /^data-[a-z0-9][a-z0-9._-]*$/;
/** Absolute http(s), protocol-relative or site-relative addresses; javascript:, data: and the like are refused. */
const SCRIPT_SOURCE = /^(?:https?:)?\/\/[^\s/]|^\/(?!\/)/i;

/**
 * Inline code re-emitted inside <script>: after "<!--", a "<script" would switch the browser's
 * tokenizer to its double-escaped state, where "</script>" no longer ends the element and the
 * rest of our page would become script text. Such code is rewritten as the HTML standard advises
 * ("\x3Cscript", which means the same inside the string literals where it can occur).
 */
function safeInlineCode(code: string): string {
  if (!code.includes('<!--')) return code;
  return code.replace(/<(script[\s/>])/gi, '\\x3C$1');
}

function crossOriginOf(value: string): ScriptTag['crossOrigin'] {
  // Any value other than use-credentials is the anonymous state (HTML's invalid value default).
  return value.trim().toLowerCase() === 'use-credentials' ? 'use-credentials' : 'anonymous';
}

function tagOf(attributes: Record<string, string>, code: string): ScriptTag | null {
  const tag: ScriptTag = {};
  if ('src' in attributes) {
    const src = attributes.src!.trim();
    // A script whose src cannot load never runs its inline code either.
    if (!SCRIPT_SOURCE.test(src)) return null;
    tag.src = src;
  } else {
    if (!code.trim()) return null;
    tag.code = safeInlineCode(code);
  }
  if (attributes.type?.trim()) tag.type = attributes.type.trim();
  if (attributes.id?.trim()) tag.id = attributes.id.trim();
  if ('async' in attributes) tag.async = true;
  if ('defer' in attributes) tag.defer = true;
  if ('crossorigin' in attributes) tag.crossOrigin = crossOriginOf(attributes.crossorigin!);
  if (attributes.integrity?.trim()) tag.integrity = attributes.integrity.trim();
  const data = Object.entries(attributes).filter(([name]) => DATA_ATTRIBUTE.test(name));
  if (data.length) tag.data = Object.fromEntries(data);
  return tag;
}

/**
 * The script elements of one analytics snippet, as an operator pastes it ("<script>…</script>",
 * "<script async src=…></script>", with comments, <noscript> pixels and other markup around).
 * Only scripts are kept, with their src, async, defer, type, id, crossorigin, integrity and data-*
 * attributes and their inline code; event-handler attributes and everything else are dropped.
 */
export function scriptTagsOf(markup: string): ScriptTag[] {
  const tags: ScriptTag[] = [];
  let inert = 0;
  let open: { attributes: Record<string, string>; code: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (INERT_PARENTS.has(name)) inert += 1;
        else if (name === 'script' && inert === 0) open = { attributes, code: '' };
      },
      ontext(text) {
        if (open) open.code += text;
      },
      onclosetag(name) {
        if (INERT_PARENTS.has(name)) inert = Math.max(0, inert - 1);
        else if (name === 'script' && open) {
          const tag = tagOf(open.attributes, open.code);
          if (tag) tags.push(tag);
          open = null;
        }
      },
    },
    // Script text is raw (htmlparser2 never decodes entities inside <script>); attribute values are decoded.
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(markup);
  parser.end();
  return tags;
}

/** get_analytics' scripts by section, each snippet reduced to its script elements. */
export function pageAnalyticsOf(scripts: readonly AnalyticsScript[]): PageAnalytics {
  const page: PageAnalytics = { head: [], body: [] };
  for (const { section, script } of scripts) {
    page[section === 'HEAD' ? 'head' : 'body'].push(...scriptTagsOf(script));
  }
  return page;
}
