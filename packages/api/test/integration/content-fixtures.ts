/**
 * Shared pieces of the site content tests: the demo sites used, a contract check of success
 * replies, an XSS corpus and a structural check that sanitised HTML is safe.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import { JSDOM } from 'jsdom';
import { CALLS, type CallName } from '@wl/contracts';
export { siteIdOf } from './helpers.js';

/** Site A (slot5) and site B (casino1) of the tenant isolation checks. */
export const SLOT5 = { domain_name: 'slot5.localhost', external_id: 'slot5' } as const;
export const CASINO1 = { domain_name: 'casino1.localhost', external_id: 'casino1' } as const;
export const MAINTENANCE = { domain_name: 'maintenance.localhost', external_id: 'maintenance' } as const;
/** slot5's domain with casino1's external_id: no site has both. */
export const MISMATCHED = { domain_name: 'slot5.localhost', external_id: 'casino1' } as const;

/** Parses a success reply with the call's reply schema, failing with the reason. */
export function expectReply<N extends CallName>(name: N, body: unknown): z.infer<(typeof CALLS)[N]['reply']> {
  const parsed = CALLS[name].reply.safeParse(body);
  if (!parsed.success) throw new Error(`${name} reply does not match its contract: ${parsed.error.message}\n${JSON.stringify(body).slice(0, 500)}`);
  return parsed.data as z.infer<(typeof CALLS)[N]['reply']>;
}

/** Expects a validationError naming `field`. */
export function expectValidationError(body: Record<string, unknown>, field: string): void {
  expect(body.statusCode).toBe(0);
  expect(body.message).toBe('validationError');
  expect(Object.keys((body.errors ?? {}) as Record<string, unknown>)).toContain(field);
}


/** Markup that must never reach a page: script, handlers, script URLs, frames, SVG, overlays. */
export const XSS_CORPUS: string[] = [
  '<script>alert("xss")</script>',
  '<SCRIPT SRC=https://evil.example.com/x.js></SCRIPT>',
  '<img src=x onerror="alert(1)">',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href=" JaVaScRiPt:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<svg onload="alert(1)"><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example.com"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example.com/x.swf"></object><embed src="https://evil.example.com/x.swf">',
  '<form action="https://evil.example.com"><input name="password"><button>Log in</button></form>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999;background:#fff">Please log in again</div>',
  '<p style="display:none">hidden</p><p style="opacity:0">invisible</p><p style="visibility:hidden">gone</p>',
  '<p style="background-image:url(javascript:alert(1))">bg</p><p style="width:expression(alert(1))">ie</p>',
  '<style>body{display:none}</style>',
  '<link rel="stylesheet" href="https://evil.example.com/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example.com">',
  '<base href="https://evil.example.com/">',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<body onload="alert(1)">',
  '<p onclick="alert(1)" onmouseover="alert(2)">hover</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<p class="fixed inset-0 z-50" id="login-form">clobber</p>',
  '<template><script>alert(1)</script></template>',
  '"><script>alert(1)</script>',
  '<img src="x" onerror=alert`1`>',
  '<video><source onerror="alert(1)"></video><audio src=x onerror=alert(1)>',
];

/** One body made of the whole corpus, around some legitimate formatting that must survive. */
export const MALICIOUS_BODY =
  '<h2>About</h2><p>Welcome <strong>friend</strong>, see <a href="/faqs">the FAQs</a>.</p>' + XSS_CORPUS.join('\n') + '<p>End of page</p>';

const SAFE_TAGS = new Set([
  'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'BR', 'HR', 'DIV', 'SPAN', 'UL', 'OL', 'LI', 'DL', 'DT', 'DD', 'A', 'STRONG', 'B', 'EM', 'I', 'U', 'S',
  'SMALL', 'SUB', 'SUP', 'MARK', 'ABBR', 'BLOCKQUOTE', 'Q', 'CITE', 'CODE', 'PRE', 'TABLE', 'CAPTION', 'THEAD', 'TBODY', 'TFOOT', 'TR',
  'TH', 'TD', 'COLGROUP', 'COL', 'IMG', 'FIGURE', 'FIGCAPTION',
]);
const SAFE_STYLE_PROPERTIES = new Set(['text-align', 'font-weight', 'font-style', 'text-decoration']);
const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|\/|#|\.{1,2}\/|[^:]*$)/i;

const dom = new JSDOM('<!DOCTYPE html>');

/** Fails unless `html` is safe: only formatting elements, no handlers, no script URLs, no overlay styles. */
export function expectSafeHtml(html: string): void {
  expect(html).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|template)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:text|expression\(/i);
  const container = dom.window.document.createElement('div');
  container.innerHTML = html;
  for (const element of container.querySelectorAll('*')) {
    expect(SAFE_TAGS.has(element.tagName), `element <${element.tagName.toLowerCase()}>`).toBe(true);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      expect(name.startsWith('on'), `attribute ${name}`).toBe(false);
      expect(['class', 'id', 'srcdoc', 'xlink:href', 'formaction', 'action'].includes(name), `attribute ${name}`).toBe(false);
      if (name === 'href' || name === 'src') expect(attribute.value.trim(), `${name}=${attribute.value}`).toMatch(SAFE_URL);
      if (name === 'style') {
        for (const declaration of attribute.value.split(';').filter((part) => part.trim())) {
          const property = declaration.split(':')[0]!.trim().toLowerCase();
          expect(SAFE_STYLE_PROPERTIES.has(property), `style ${property}`).toBe(true);
        }
      }
    }
  }
}
