import type { AppLoadContext } from 'react-router';
import { loadSiteState } from '../lib/site.server';
import { splitLocale } from '../lib/locale';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { CONTENT_PAGES, chooseCmsBody, hasText, isContentPath, type FaqPart } from './cms-body';
import { faqParts, sanitizeBody } from './sanitize.server';

/**
 * What a content page shows: its body (sanitised here, ready to insert), a FAQ body in questions,
 * nothing yet (the empty state), or a failed call. `lang` is the body's language (a BCP 47 tag).
 */
export type ContentPageData =
  | { kind: 'page'; lang: string; html: string }
  | { kind: 'faq'; lang: string; parts: FaqPart[] }
  | { kind: 'empty' }
  | { kind: 'failed' };

/** The content page of this request's path from siteinfodetail, in the page's language (cms-body.ts). */
export async function loadContentPage(request: Request, context: AppLoadContext): Promise<ContentPageData> {
  const state = await loadSiteState(request, context);
  const { locale, path } = splitLocale(new URL(request.url).pathname);
  // Under maintenance or a failed site the root's page stands for every path: nothing to load.
  if (state.kind !== 'ready' || !isContentPath(path)) return { kind: 'empty' };
  const name = CONTENT_PAGES[path];
  const reply = await settledReply('siteinfodetail', context.api.call('siteInfoDetail', { ...sitePayloadOf(request, state), language: locale }));
  if (!reply) return { kind: 'failed' };
  const body = chooseCmsBody(reply.cms[name], locale);
  if (!body) return { kind: 'empty' };
  if (name === 'faqs') {
    const parts = faqParts(body.html);
    return parts.some((part) => part.kind === 'items' || hasText(part.html)) ? { kind: 'faq', lang: body.lang, parts } : { kind: 'empty' };
  }
  const html = sanitizeBody(body.html);
  return hasText(html) ? { kind: 'page', lang: body.lang, html } : { kind: 'empty' };
}
