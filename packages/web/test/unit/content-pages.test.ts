import { describe, expect, it } from 'vitest';
import type { CmsPage } from '@wl/contracts';
import { chooseCmsBody, hasText, questionLevel, splitFaq, type BodyNode } from '../../app/content/cms-body';
import { bodyNodes, faqParts, sanitizeBody } from '../../app/content/sanitize.server';

/**
 * The content pages' rules (issue 8): which body of a CMS page a player reads (the local body in
 * the player's language when it is on, else English), how a FAQ body splits into questions, and
 * the web's own sanitising of the body it inserts.
 */

const EN = '<h2>About</h2><p>English text</p>';
const VI = '<h2>Giới thiệu</h2><p>Nội dung</p>';

function page(overrides: Partial<CmsPage>): CmsPage {
  return { status: true, en_body: EN, local_body: VI, local_language: 'VI', ...overrides };
}

describe('chooseCmsBody', () => {
  it('gives a player the local body in their own language when the page is on', () => {
    expect(chooseCmsBody(page({}), 'VI')).toEqual({ html: VI, lang: 'vi' });
  });

  it('gives English when the own-language page is switched off or empty', () => {
    expect(chooseCmsBody(page({ status: false }), 'VI')).toEqual({ html: EN, lang: 'en' });
    expect(chooseCmsBody(page({ local_body: '<p> </p>' }), 'VI')).toEqual({ html: EN, lang: 'en' });
  });

  it("never shows the site's local language to a player of another language", () => {
    // A Chinese player on a Vietnamese site whose page has no Chinese body: English.
    expect(chooseCmsBody(page({}), 'CN')).toEqual({ html: EN, lang: 'en' });
    // Nor Vietnamese to an English player (local_body is the site's local one).
    expect(chooseCmsBody(page({}), 'EN')).toEqual({ html: EN, lang: 'en' });
  });

  it("follows the English status when the page has no body in the player's language", () => {
    expect(chooseCmsBody(page({ status: false }), 'EN')).toBeNull();
    expect(chooseCmsBody(page({ status: false, local_language: 'PHP' }), 'CN')).toBeNull();
    expect(chooseCmsBody(page({ local_body: '', local_language: null }), 'ESP')).toEqual({ html: EN, lang: 'en' });
  });

  it('answers nothing (the empty state) when neither body has text', () => {
    expect(chooseCmsBody({ status: false, en_body: '', local_body: '', local_language: null }, 'EN')).toBeNull();
    expect(chooseCmsBody(page({ en_body: '', local_body: '' }), 'VI')).toBeNull();
    expect(chooseCmsBody(page({ en_body: '<p></p>', status: true }), 'EN')).toBeNull();
  });

  it('uses the local body when English is missing', () => {
    expect(chooseCmsBody(page({ en_body: '' }), 'VI')).toEqual({ html: VI, lang: 'vi' });
  });

  it('hasText counts text and images, not bare tags', () => {
    expect(hasText('<p>&nbsp;</p><br>')).toBe(false);
    expect(hasText('<p><img src="/a.png" alt=""></p>')).toBe(true);
    expect(hasText('<p>x</p>')).toBe(true);
  });
});

const h = (level: number, text: string): BodyNode => ({ tag: `h${level}`, html: `<h${level}>${text}</h${level}>`, text });
const p = (text: string): BodyNode => ({ tag: 'p', html: `<p>${text}</p>`, text });

describe('splitFaq', () => {
  it('makes each question heading an item whose answer runs to the next question, keeping the title before them', () => {
    const parts = splitFaq([h(2, 'FAQ'), h(3, 'How?'), p('Like this.'), p('And this.'), h(3, 'Why?'), p('Because.')]);
    expect(parts).toEqual([
      { kind: 'html', html: '<h2>FAQ</h2>' },
      {
        kind: 'items',
        items: [
          { question: 'How?', answer: '<p>Like this.</p><p>And this.</p>' },
          { question: 'Why?', answer: '<p>Because.</p>' },
        ],
      },
    ]);
  });

  it('takes the level with the most headings as the question level; other deeper headings stay in the answers', () => {
    const nodes = [h(2, 'Q1'), h(4, 'Note'), p('A1'), h(2, 'Q2'), p('A2')];
    expect(questionLevel(nodes)).toBe(2);
    expect(splitFaq(nodes)).toEqual([
      {
        kind: 'items',
        items: [
          { question: 'Q1', answer: '<h4>Note</h4><p>A1</p>' },
          { question: 'Q2', answer: '<p>A2</p>' },
        ],
      },
    ]);
  });

  it('keeps section headings above the questions between runs of questions', () => {
    const parts = splitFaq([h(2, 'Account'), h(3, 'Q1'), p('A1'), h(3, 'Q2'), p('A2'), h(2, 'Payments'), p('Intro'), h(3, 'Q3'), p('A3')]);
    expect(parts.map((part) => (part.kind === 'html' ? part.html : part.items.map((item) => item.question).join()))).toEqual([
      '<h2>Account</h2>',
      'Q1,Q2',
      '<h2>Payments</h2><p>Intro</p>',
      'Q3',
    ]);
  });

  it('reads one question under a title, and a body without headings as one free part', () => {
    expect(questionLevel([h(2, 'FAQ'), h(3, 'Only?'), p('Yes.')])).toBe(3);
    expect(questionLevel([p('No headings.')])).toBeNull();
    expect(splitFaq([p('Just text.'), { tag: '', html: '\n', text: '\n' }, p('More.')])).toEqual([{ kind: 'html', html: '<p>Just text.</p><p>More.</p>' }]);
    expect(splitFaq([])).toEqual([]);
  });

  it('gives the question as plain text with its white space collapsed', () => {
    const [part] = splitFaq([{ tag: 'h3', html: '<h3>How <em>do</em>\n I?</h3>', text: 'How do\n I?' }, p('So.')]);
    expect(part).toEqual({ kind: 'items', items: [{ question: 'How do I?', answer: '<p>So.</p>' }] });
  });
});

describe('the web sanitiser', () => {
  it('removes scripts, handlers and javascript: links, and keeps formatting', () => {
    const clean = sanitizeBody(
      '<h2 onclick="x()">Title</h2><script>alert(1)</script><img src=x onerror="alert(2)"><p style="text-align: center; position: fixed">Hi <a href="javascript:alert(3)">bad</a> <a href="https://help.example.com/">help</a></p><svg><script>alert(4)</script></svg><iframe src="https://evil.example.com"></iframe>',
    );
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<svg|<iframe|position/i);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<p style="text-align: center">');
    expect(clean).toContain('<a href="https://help.example.com/" target="_blank" rel="noopener noreferrer nofollow">help</a>');
  });

  it('splits a sanitised FAQ body into its top-level nodes and questions', () => {
    const html = '<h2>FAQs</h2>\n<h3>How do I sign up?</h3>\n<p>Tap <strong>Register</strong>.</p>\n<h3>Is it safe?</h3>\n<p>Yes.</p><script>alert(1)</script>';
    expect(bodyNodes(sanitizeBody(html)).map((node) => node.tag)).toEqual(['h2', '', 'h3', '', 'p', '', 'h3', '', 'p']);
    expect(faqParts(html)).toEqual([
      { kind: 'html', html: '<h2>FAQs</h2>' },
      {
        kind: 'items',
        items: [
          { question: 'How do I sign up?', answer: '<p>Tap <strong>Register</strong>.</p>' },
          { question: 'Is it safe?', answer: '<p>Yes.</p>' },
        ],
      },
    ]);
  });
});
