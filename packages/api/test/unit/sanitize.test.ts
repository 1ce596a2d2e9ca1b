/**
 * The HTML sanitiser of operator content (CMS pages, SEO texts, the referral text): an XSS corpus
 * comes out harmless, ordinary formatting survives, links and styles are restricted.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/content/sanitize.js';
import { escapeHtml } from '../../src/escape.js';
import { XSS_CORPUS, expectSafeHtml } from '../integration/content-fixtures.js';

describe('sanitizeHtml', () => {
  it.each(XSS_CORPUS)('neutralises %s', (entry) => {
    expectSafeHtml(sanitizeHtml(entry));
    expectSafeHtml(sanitizeHtml(`<p>before</p>${entry}<p>after</p>`));
    expectSafeHtml(sanitizeHtml(`<div><ul><li>${entry}</li></ul></div>`));
  });

  it('keeps headings, paragraphs, lists, emphasis, quotes, tables and images', () => {
    const html =
      '<h2>A</h2><h3>B</h3><h4>C</h4><p>Text <strong>bold</strong> <em>em</em> <u>u</u> <br>line</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>' +
      '<table><caption>Limits</caption><thead><tr><th scope="col">Min</th></tr></thead><tbody><tr><td colspan="2">100</td></tr></tbody></table>' +
      '<img src="/api/media/logo/demo/1.svg" alt="Logo" width="120" height="40">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps site, http(s), mailto and tel links; links leaving the site open safely in a new tab', () => {
    expect(sanitizeHtml('<a href="/faqs">f</a>')).toBe('<a href="/faqs">f</a>');
    expect(sanitizeHtml('<a href="#top">t</a>')).toBe('<a href="#top">t</a>');
    expect(sanitizeHtml('<a href="mailto:help@example.com">m</a>')).toBe('<a href="mailto:help@example.com">m</a>');
    expect(sanitizeHtml('<a href="tel:+6391700000">t</a>')).toBe('<a href="tel:+6391700000">t</a>');
    expect(sanitizeHtml('<a href="https://example.com/x" target="_self">x</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href="/vip" target="_blank">v</a>')).toBe('<a href="/vip">v</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">j</a>')).toBe('<a>j</a>');
    expect(sanitizeHtml('<a href="ftp://example.com/f">f</a>')).toBe('<a>f</a>');
  });

  it('keeps only text styles: nothing can hide, move or cover the page', () => {
    expect(sanitizeHtml('<p style="text-align:center;font-weight:bold">c</p>')).toBe('<p style="text-align: center; font-weight: bold">c</p>');
    expect(sanitizeHtml('<p style="position:fixed;inset:0;z-index:9999">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p style="display:none">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p style="text-align:url(javascript:alert(1))">x</p>')).toBe('<p>x</p>');
  });

  it('drops images with script or data sources', () => {
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeHtml('<img src="https://cdn.example.com/a.png" onerror="alert(1)">')).toBe('<img src="https://cdn.example.com/a.png">');
  });

  it('is stable: sanitising a sanitised body changes nothing', () => {
    for (const entry of XSS_CORPUS) {
      const once = sanitizeHtml(`<p>x</p>${entry}`);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });

  it('answers an empty string for empty input, and escapes text for HTML', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe('&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;');
  });
});
