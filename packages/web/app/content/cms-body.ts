import { DEFAULT_LOCALE, LOCALE_LANGS, type CmsPage, type CmsPageName, type LocaleCode } from '@wl/contracts';

/**
 * The content pages of docs/product.md §2 and the CMS page (docs/product.md §3, siteinfodetail's cms) each one shows.
 * terms_conditions is the platform's addition to docs/product.md §3's five, for /term-condition.
 */
export const CONTENT_PAGES = {
  '/about': 'about_us',
  '/privacy-policy': 'privacy_policy',
  '/banking': 'banking',
  '/faqs': 'faqs',
  '/responsible-gaming': 'responsible_gaming',
  '/term-condition': 'terms_conditions',
} as const satisfies Record<string, CmsPageName>;

export type ContentPath = keyof typeof CONTENT_PAGES;

export function isContentPath(path: string): path is ContentPath {
  return Object.hasOwn(CONTENT_PAGES, path);
}

/** The body a content page shows and the language it is written in (a BCP 47 tag). */
export interface CmsBody {
  html: string;
  lang: string;
}

/** Whether an HTML body has anything to read (not only tags and white space). */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim() !== '' || /<img\b/i.test(html);
}

/**
 * Which body of a CMS page a player in `locale` reads:
 * - the local body, when the player's language is not English, the body is in the player's
 *   language (local_language) and the page is on (its status in that language);
 * - otherwise the English body: for an English player only when the page is on (the status is
 *   then the English one); for another player whose own page is off or empty it is the fallback;
 *   when the page has no body in the player's language the status is the English one again;
 * - otherwise nothing: the page shows its empty state.
 * The local body of the site's own language is never shown to a player of another language.
 */
export function chooseCmsBody(page: CmsPage, locale: LocaleCode): CmsBody | null {
  const ownLanguage = locale !== DEFAULT_LOCALE && page.local_language === locale;
  if (ownLanguage && page.status && hasText(page.local_body)) return { html: page.local_body, lang: LOCALE_LANGS[locale] };
  // The status describes the player's own page when it exists (then English is its fallback), else the English page.
  if (hasText(page.en_body) && (ownLanguage || page.status)) return { html: page.en_body, lang: LOCALE_LANGS[DEFAULT_LOCALE] };
  return null;
}

// ---------------------------------------------------------------------------------------------
// FAQs

/** One top-level node of a (sanitised) body: its tag name (lower case, '' for text), its HTML and its text. */
export interface BodyNode {
  tag: string;
  html: string;
  text: string;
}

export interface FaqItem {
  /** The question, as plain text (the heading's text). */
  question: string;
  /** The answer, sanitised HTML: everything up to the next question or section heading. */
  answer: string;
}

/** A FAQ body in reading order: free content (an introduction, a section heading) and runs of questions. */
export type FaqPart = { kind: 'html'; html: string } | { kind: 'items'; items: FaqItem[] };

const HEADING = /^h([1-6])$/;

function levelOf(tag: string): number | null {
  const match = HEADING.exec(tag);
  return match ? Number(match[1]) : null;
}

/**
 * The heading level of the questions: the level with the most top-level headings (a FAQ has more
 * questions than titles or sections), a tie going to the deeper level (a title and one question);
 * null when the body has no headings.
 */
export function questionLevel(nodes: readonly BodyNode[]): number | null {
  const counts = new Map<number, number>();
  for (const node of nodes) {
    const level = levelOf(node.tag);
    if (level !== null) counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [level, count] of counts) {
    const bestCount = best === null ? 0 : counts.get(best)!;
    if (count > bestCount || (count === bestCount && level > best!)) best = level;
  }
  return best;
}

/**
 * Splits a FAQ body into questions (decisions written in ADR 13): each top-level heading of the
 * question level is a question and what follows it, up to the next heading of that level or a
 * higher one, is its answer. Content before the first question and headings above the question
 * level (a title, a section such as "Payments") stay as they are, between the runs of questions.
 * Empty text between elements is dropped; a body without headings is one free part.
 */
export function splitFaq(nodes: readonly BodyNode[]): FaqPart[] {
  const level = questionLevel(nodes);
  const parts: FaqPart[] = [];
  let current: FaqItem | null = null;
  const pushHtml = (html: string) => {
    const last = parts.at(-1);
    if (last?.kind === 'html') last.html += html;
    else parts.push({ kind: 'html', html });
  };
  for (const node of nodes) {
    if (node.tag === '' && node.text.trim() === '') continue;
    const nodeLevel = levelOf(node.tag);
    if (level !== null && nodeLevel === level) {
      current = { question: node.text.replace(/\s+/g, ' ').trim(), answer: '' };
      const last = parts.at(-1);
      if (last?.kind === 'items') last.items.push(current);
      else parts.push({ kind: 'items', items: [current] });
      continue;
    }
    if (level !== null && nodeLevel !== null && nodeLevel < level) current = null;
    if (current) current.answer += node.html;
    else pushHtml(node.html);
  }
  return parts;
}
